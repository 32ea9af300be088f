"""Read queries of a player's league record: all time, by season, the latest
series, the best and worst, head to head, and every series a page at a time.
As many queries, and as many rows read, however long the history: the figures,
the best and worst and head to head come from the stored summaries
(``summaries.py``)."""

from __future__ import annotations

from dataclasses import dataclass

from django.core.paginator import Page, Paginator
from django.db.models import QuerySet
from django.utils import timezone

from series.domain.league.rating import Form, Standing, standing_on
from series.domain.names import sort_key
from series.league.aggregates import Figures
from series.league.projection import club_day
from series.league.summaries import ALL_TIME
from series.models import HeadToHeadTally, PersonSummary, Player, SeasonStanding, SeriesResult


def player_with_club(player_id: int) -> Player | None:
    """The player, their club and their roster row (whom they are merged into)."""
    return Player.objects.select_related("club", "roster__person").filter(id=player_id).first()


def person_of(player: Player) -> int:
    roster = getattr(player, "roster", None)
    return roster.person_id if roster is not None else player.id


@dataclass
class SeasonFigures:
    season: str
    game: str
    figures: Figures


@dataclass
class HeadToHead:
    opponent: int
    name: str
    game: str
    series: int
    ahead: int  # the player finished ahead
    behind: int
    rating: Standing | None = None  # the opponent's, as of today (RULES D-26)

    @property
    def level(self) -> int:
        return self.series - self.ahead - self.behind


@dataclass
class GameResults:
    """A person's series of one game that the page draws: a bounded number of
    the latest (oldest first) and the best and worst by points a deal."""

    recent: list[SeriesResult]
    best: SeriesResult | None
    worst: SeriesResult | None


@dataclass
class PlayerRecord:
    player: Player
    person: int
    merged: list[Player]  # players merged into this person
    all_time: list[SeasonFigures]
    seasons: list[SeasonFigures]
    # (game, season) -> the form after the season's last series (its day set)
    season_ratings: dict[tuple[str, str], Form]
    games: dict[str, GameResults]
    head_to_head: list[HeadToHead]
    ratings: dict[str, Standing]  # by game, as of today (RULES D-26)
    today: int  # the club's day, a date ordinal

    @property
    def series_count(self) -> int:
        """The person's finished series, in every game."""
        return sum(line.figures.series_played for line in self.all_time)


FORM_SERIES = 30  # the latest series a form chart draws
SERIES_PER_PAGE = 25


def player_record(player: Player) -> PlayerRecord:
    """A person's league record, read from the stored summaries: the queries and
    the rows they return are as many however long the history; only the latest
    series are read row by row."""
    person = person_of(player)
    summaries = list(PersonSummary.objects.filter(person=person).order_by("-season", "game"))
    all_time = [summary for summary in summaries if summary.season == ALL_TIME]
    ratings = SeasonStanding.objects.filter(person=person).values_list(
        "game", "season", "mu", "sigma", "last_played"
    )
    merged = Player.objects.filter(roster__person=person).exclude(id=person)
    merged = sorted(merged, key=lambda other: (sort_key(other.name), other.id))
    games = game_results(person, all_time)
    return PlayerRecord(
        player=player,
        person=person,
        merged=merged,
        all_time=[SeasonFigures("", line.game, Figures.of(line)) for line in all_time],
        seasons=[
            SeasonFigures(line.season, line.game, Figures.of(line))
            for line in summaries
            if line.season != ALL_TIME
        ],
        season_ratings={
            (game, season): _season_form(player.club, mu, sigma, last)
            for game, season, mu, sigma, last in ratings
        },
        games=games,
        head_to_head=with_ratings(player.club, head_to_head(person)),
        ratings=ratings_today(player.club, all_time, games),
        today=club_today(player.club),
    )


def _season_form(club, mu: float, sigma: float, last_played) -> Form:
    with timezone.override(club.time_zone or None):
        day = club_day(last_played) if last_played is not None else None
    return Form(mu, sigma, day=day)


def with_ratings(club, duels: list[HeadToHead]) -> list[HeadToHead]:
    """Each opponent's rating in the game, as of today, beside the tally: one
    query for each game met in (a club plays one or two)."""
    with timezone.override(club.time_zone or None):
        today = club_day(timezone.now())
        for game in sorted({duel.game for duel in duels}):
            met = [duel for duel in duels if duel.game == game]
            rows = SeriesResult.objects.filter(club=club, game=game)
            latest = rows.latest_of_each({d.opponent for d in met}, ("mu", "sigma", "started_at"))
            for duel in met:
                if duel.opponent in latest:
                    mu, sigma, started_at = latest[duel.opponent]
                    form = Form(mu, sigma, day=club_day(started_at))
                    duel.rating = standing_on(form, 0, today)
    return duels


def club_today(club) -> int:
    """Today in the club's time zone (the server's when it chose none), as a
    date ordinal."""
    with timezone.override(club.time_zone or None):
        return club_day(timezone.now())


def ratings_today(
    club, all_time: list[PersonSummary], games: dict[str, GameResults]
) -> dict[str, Standing]:
    """Each game's rating as shown today (RULES D-26): the form after the
    person's latest series, its sigma grown for the days since, and how many
    series of the game they have played at the club (no query)."""
    ratings = {}
    with timezone.override(club.time_zone or None):
        today = club_day(timezone.now())
        for line in all_time:
            recent = games[line.game].recent
            if recent:
                latest = recent[-1]
                form = Form(latest.mu, latest.sigma, day=club_day(latest.started_at))
                ratings[line.game] = standing_on(form, line.series_played, today)
    return ratings


def game_results(person: int, all_time: list[PersonSummary]) -> dict[str, GameResults]:
    """A query for each game's latest ``FORM_SERIES`` series, and one for the best
    and worst of every game."""
    extremes = {line.best_series_id for line in all_time} | {
        line.worst_series_id for line in all_time
    }
    extremes.discard(None)
    found = SeriesResult.objects.filter(person=person, series__in=extremes) if extremes else []
    rows = {row.series_id: row for row in found}
    games = {}
    for line in all_time:
        recent = SeriesResult.objects.filter(person=person, game=line.game).order_by(
            "-started_at", "-series_id"
        )[:FORM_SERIES]
        worst = line.worst_series_id if line.worst_series_id != line.best_series_id else None
        games[line.game] = GameResults(
            list(recent)[::-1], rows.get(line.best_series_id), rows.get(worst)
        )
    return games


def series_newest_first(person: int) -> QuerySet[SeriesResult]:
    return SeriesResult.objects.filter(person=person).order_by("-started_at", "-series_id")


def series_page(person: int, number: str | int | None, count: int) -> Page:
    """One page of a person's ``count`` finished series, newest first (one query)."""
    paginator = Paginator(series_newest_first(person), SERIES_PER_PAGE)
    paginator.count = count  # known from the summaries: no COUNT over the history
    return paginator.get_page(number)


def head_to_head(person: int) -> list[HeadToHead]:
    """Against each person met at a table: how often each finished ahead (the
    stored tallies, one query)."""
    tallies = HeadToHeadTally.objects.filter(person=person).order_by(
        "game", "-series", "opponent__name", "opponent"
    )
    fields = ("opponent", "opponent__name", "game", "series", "ahead", "behind")
    return [HeadToHead(*row) for row in tallies.values_list(*fields)]
