"""Read queries of the league: seasons, standings and club records.

Standings and club records are read from their projections (``standings.py``
and ``records.py``: each season's lines and each game's records, stored).
Each function costs a fixed number of queries, however long the history.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import datetime, time, timedelta
from fractions import Fraction
from typing import Any

from django.db.models import CharField, Count, DateField, Exists, F, IntegerField, Max, Value
from django.db.models.functions import Coalesce
from django.utils import timezone

from series.database import replicas
from series.domain import games
from series.domain.league.rating import Form, standing_on
from series.domain.league.seasons import SeasonSpan, find_season, season_of
from series.domain.names import sort_key
from series.league.aggregates import FIGURES, Figures, best_n, results_in
from series.league.placement import placement_points
from series.models import (
    Club,
    ClubRecord,
    LadderRules,
    LeagueBehind,
    Season,
    SeasonStanding,
    SeriesResult,
)


def league_games() -> tuple[str, ...]:
    """The games whose leagues the pages and the API show: every game registered
    now (a game registered after start, by a plug-in, has its league too)."""
    return tuple(game.name for game in games.all())


# -- seasons ----------------------------------------------------------------------


@dataclass
class SeasonChoice:
    """The season chosen, the club's named seasons and (for a switcher) every
    season the club has played in, newest first."""

    chosen: SeasonSpan
    named: list[SeasonSpan]
    seasons: list[SeasonSpan] = field(default_factory=list)


def named_seasons(club_id: int) -> list[SeasonSpan]:
    """The club's named seasons, as its pages list them."""
    return Season.objects.spans(club_id)


def season_choice(club: Club, key: str | None, *, listed: bool = True) -> SeasonChoice | None:
    """The season ``key`` (default: today's, or the latest with standings); None
    for a key that names no season. The list offers the named seasons and every
    season with finished series. One query, with the list (the seasons played
    are read with the named ones) or without it (``listed=False``, a given key)."""
    if key and not listed:
        named = named_seasons(club.id)
        chosen = find_season(key, named)
        return None if chosen is None else SeasonChoice(chosen, named)
    named, keys = _named_and_played(club)
    played = [find_season(found, named) for found in keys]
    played = [season for season in played if season is not None]
    today = season_of(timezone.localdate(), named)
    seasons = _newest_first({*named, *played, today})
    if key:
        chosen = find_season(key, named)
        if chosen is None:
            return None
        seasons = _newest_first({*seasons, chosen})
    else:
        chosen = _default_season(today, seasons, played=played)
    return SeasonChoice(chosen, named, seasons)


def _named_and_played(club: Club) -> tuple[list[SeasonSpan], list[str]]:
    """The club's named seasons (as ``named_seasons`` gives them) and the keys of
    the seasons it has standings in, in one query."""
    nothing = [Value(None, output_field=kind) for kind in (CharField(), DateField(), DateField())]
    named = Season.objects.filter(club=club).values_list(
        "id", "key", "name", "starts_on", "ends_on"
    )
    played = SeasonStanding.objects.filter(club=club).values_list(
        Value(None, output_field=IntegerField()), "season", *nothing
    )
    rows = list(named.order_by().union(played.order_by()))
    seasons = sorted((row for row in rows if row[0] is not None), key=lambda row: (row[3], row[0]))
    return [SeasonSpan(*row[1:]) for row in seasons], [row[1] for row in rows if row[0] is None]


def _newest_first(seasons) -> list[SeasonSpan]:
    return sorted(seasons, key=lambda season: (season.first_day, season.key), reverse=True)


def _default_season(
    today: SeasonSpan, seasons: list[SeasonSpan], played: list[SeasonSpan]
) -> SeasonSpan:
    """Today's season if it has series (or a name), else the latest season that has."""
    if today.named or today in played:
        return today
    earlier = [
        season for season in seasons if season in played and season.first_day <= today.first_day
    ]
    return earlier[0] if earlier else today


# -- standings --------------------------------------------------------------------


def updating(club: Club) -> bool:
    """Whether the club's league waits for its catch-up (``catch_up.py``), so its
    standings, records and players' figures do not count the latest changes
    yet, or this page is read from a replica still replaying changes: at most
    one query. The standings know it already (``Standings.updating``)."""
    return replicas.reading_behind() or LeagueBehind.objects.filter(club=club).exists()


def _behind(club: Club) -> Exists:
    return Exists(LeagueBehind.objects.filter(club=club))


@dataclass
class StandingRow:
    player: int
    name: str
    guest: bool
    figures: Figures
    rating: float  # as of the season's last day, or today (RULES D-26)
    mu: float
    sigma: float
    rank: int | None = None
    placement_points: Fraction = Fraction(0)  # RULES D-16, over the series counted
    provisional: str | None = None  # why the rating is not settled: "few", "away"

    @property
    def spread(self) -> float:
        """How far the strength may lie from mu: three sigmas (RULES D-26)."""
        return 3 * self.sigma

    @property
    def placement_per_series(self) -> Fraction | None:
        played = self.figures.series_played
        return self.placement_points / played if played else None


@dataclass
class Standings:
    season: SeasonSpan
    game: str
    min_series: int
    best_n: int | None
    provisional_last: bool = False  # provisional ratings after the settled ones
    ranked: list[StandingRow] = field(default_factory=list)
    unranked: list[StandingRow] = field(default_factory=list)  # below the minimum, or guests
    updating: bool = False  # as ``updating`` says, read with the ladder's rules

    @property
    def rows(self) -> list[StandingRow]:
        return [*self.ranked, *self.unranked]


def ladder_rules(club: Club) -> LadderRules:
    return LadderRules.objects.filter(club=club).first() or LadderRules(club=club)


def standings(club: Club, game: str, choice: SeasonChoice) -> Standings:
    """The ladder of a season and game, from the standings projection: four
    queries, the rules (with whether the league is updating), the season's
    lines, the placement points of the series they count, and each person's
    series up to the season's end (their ratings as of its last day, or today
    while it runs, and whether each is provisional: RULES D-26)."""
    rules, behind = _ladder_rules_and_behind(club)
    lines = SeasonStanding.objects.filter(club=club, game=game, season=choice.chosen.key).values(
        *FIGURES,
        "person",
        "rating",
        "mu",
        "sigma",
        name=F("person__name"),
        guest=Coalesce(F("person__roster__guest"), Value(False)),
    )
    table = Standings(
        choice.chosen,
        game,
        rules.min_series,
        rules.best_n,
        rules.provisional_last,
        updating=replicas.reading_behind() or behind,
    )
    counted = results_in(club.id, game, choice.chosen, choice.named)
    if rules.best_n is not None:
        counted = best_n(counted, rules.best_n)
    placement = placement_points(counted)
    rated = _rated_until(club, game, choice.chosen)
    for line in lines:
        row = StandingRow(
            line["person"],
            line["name"],
            line["guest"],
            Figures.of(line),
            line["rating"],
            line["mu"],
            line["sigma"],
            placement_points=placement.get(line["person"], Fraction(0)),
        )
        _as_of(row, rated.day, rated.persons.get(row.player))
        ranked = not row.guest and row.figures.series_played >= rules.min_series
        (table.ranked if ranked else table.unranked).append(row)
    table.ranked.sort(key=_ladder_order)
    if table.provisional_last:
        table.ranked.sort(key=lambda row: row.provisional is not None)  # stable
    table.unranked.sort(key=lambda r: (-r.figures.series_played, sort_key(r.name), r.player))
    for rank, row in enumerate(table.ranked, start=1):
        row.rank = rank
    return table


@dataclass
class _Rated:
    day: int  # the ratings are shown as of this day: the season's last, or today
    persons: dict[int, tuple[int, int]]  # person -> (series rated by then, last day)


def _rated_until(club: Club, game: str, season: SeasonSpan) -> _Rated:
    """Each person's rated series of ``game`` up to the season's last day, and
    the day of their latest (the club's calendar), in one query."""
    with timezone.override(club.time_zone or None):
        today = timezone.localdate()
        day = min(today, season.last_day)
        end = timezone.make_aware(datetime.combine(day + timedelta(days=1), time()))
        rows = (
            SeriesResult.objects.filter(club=club, game=game, started_at__lt=end)
            .order_by()
            .values("person")
            .annotate(series=Count("id"), last=Max("started_at"))
            .values_list("person", "series", "last")
        )
        persons = {
            person: (count, timezone.localdate(last).toordinal()) for person, count, last in rows
        }
    return _Rated(day.toordinal(), persons)


def _as_of(row: StandingRow, day: int, rated: tuple[int, int] | None) -> None:
    """The row's rating as of ``day`` (sigma grown for the days since the
    person's latest series) and whether it is provisional (RULES D-26)."""
    if rated is None:
        return
    series, last_day = rated
    standing = standing_on(Form(row.mu, row.sigma, day=last_day), series, day)
    row.rating, row.sigma = standing.shown, standing.sigma
    row.provisional = standing.provisional_because(day)


def _ladder_rules_and_behind(club: Club) -> tuple[LadderRules, bool]:
    """The club's ladder rules (the defaults when it has none) and whether its
    league is behind, in one query."""
    row = (
        Club.objects.filter(pk=club.pk)
        .values(
            "ladder_rules__min_series",
            "ladder_rules__best_n",
            "ladder_rules__provisional_last",
            behind=_behind(club),
        )
        .get()
    )
    rules = LadderRules(
        club=club,
        best_n=row["ladder_rules__best_n"],
        provisional_last=bool(row["ladder_rules__provisional_last"]),
    )
    if row["ladder_rules__min_series"] is not None:
        rules.min_series = row["ladder_rules__min_series"]
    return rules, row["behind"]


def _ladder_order(row: StandingRow):
    per_deal = row.figures.penalty_per_deal
    return (
        -row.rating,
        -row.figures.series_won,
        per_deal if per_deal is not None else 0,
        row.name,
        row.player,
    )


# -- club records -------------------------------------------------------------------


@dataclass
class Record:
    value: int
    player: int
    name: str
    series_id: Any = None
    season: str | None = None
    started_at: datetime | None = None


@dataclass
class Records:
    lowest_total: Record | None
    most_went_out: Record | None  # in one season
    longest_run: Record | None
    biggest_comeback: Record | None


def club_records(club: Club, game: str, named: list[SeasonSpan]) -> Records:
    """The club's all-time records of a game, from their projection: one query."""
    found = {
        record.kind: record
        for record in ClubRecord.objects.filter(club=club, game=game).select_related("person")
    }
    kinds = ClubRecord.Kind
    return Records(
        lowest_total=_record(found.get(kinds.LOWEST_TOTAL), named),
        most_went_out=_record(found.get(kinds.MOST_WENT_OUT), named),
        longest_run=_record(found.get(kinds.LONGEST_RUN), named),
        biggest_comeback=_record(found.get(kinds.BIGGEST_COMEBACK), named),
    )


def _record(row: ClubRecord | None, named: list[SeasonSpan]) -> Record | None:
    if row is None:
        return None
    season = find_season(row.season, named) if row.season else None
    return Record(
        value=row.value,
        player=row.person_id,
        name=row.person.name,
        series_id=row.series_id,
        season=(season.name if season else row.season) or None,
        started_at=row.started_at,
    )
