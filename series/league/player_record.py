"""Read queries of a player's league record: all time, by season, the latest
series, the best and worst, head to head, and every series a page at a time.
As many queries, and as many rows read, however long the history."""

from __future__ import annotations

from dataclasses import dataclass

from django.core.paginator import Page, Paginator
from django.db import connection
from django.db.models import ExpressionWrapper, F, FloatField, QuerySet

from ..models import Player, SeasonStanding, SeriesResult
from .aggregates import FIGURES, Figures, season_expression
from .seasons import SeasonSpan


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
    season_ratings: dict[tuple[str, str], float]  # (game, season) -> rating after it
    games: dict[str, GameResults]
    head_to_head: list[HeadToHead]


FORM_SERIES = 30  # the latest series a form chart draws
SERIES_PER_PAGE = 25


def player_record(player: Player, named: list[SeasonSpan]) -> PlayerRecord:
    """A person's league record. The queries and the rows they return are as
    many however long the history: figures are aggregated in the database, and
    only the latest series, the best and the worst are read row by row."""
    person = person_of(player)
    rows = SeriesResult.objects.filter(person=person)
    all_time = list(rows.values("game").annotate(**FIGURES).order_by("game"))
    seasons = (
        rows.values("game", season=season_expression(named))
        .annotate(**FIGURES)
        .order_by("-season", "game")
    )
    ratings = SeasonStanding.objects.filter(person=person).values_list("game", "season", "rating")
    merged = Player.objects.filter(roster__person=person).exclude(id=person).order_by("name")
    return PlayerRecord(
        player=player,
        person=person,
        merged=list(merged),
        all_time=[SeasonFigures("", row["game"], Figures.of(row)) for row in all_time],
        seasons=[SeasonFigures(row["season"], row["game"], Figures.of(row)) for row in seasons],
        season_ratings={(game, season): rating for game, season, rating in ratings},
        games={row["game"]: game_results(person, row["game"]) for row in all_time},
        head_to_head=head_to_head(person),
    )


def game_results(person: int, game: str) -> GameResults:
    """Three queries, each reading at most ``FORM_SERIES`` rows."""
    rows = SeriesResult.objects.filter(person=person, game=game)
    recent = list(rows.order_by("-started_at", "-series_id")[:FORM_SERIES])
    per_deal = ExpressionWrapper(F("total") * 1.0 / F("deals"), output_field=FloatField())
    scored = rows.filter(deals__gt=0).annotate(per_deal=per_deal)
    best = scored.order_by("per_deal", "started_at").first()
    worst = scored.order_by("-per_deal", "-started_at").first()
    return GameResults(recent[::-1], best, worst if worst != best else None)


def series_newest_first(person: int) -> QuerySet[SeriesResult]:
    return SeriesResult.objects.filter(person=person).order_by("-started_at", "-series_id")


def series_page(person: int, number: str | int | None) -> Page:
    """One page of a person's finished series, newest first (two queries)."""
    return Paginator(series_newest_first(person), SERIES_PER_PAGE).get_page(number)


def head_to_head(person: int) -> list[HeadToHead]:
    """Against each person met at a table: how often each finished ahead. One
    aggregate over the stored results, the person's rows joined to the others'
    of the same series."""
    mine = SeriesResult._meta.db_table
    names = Player._meta.db_table
    with connection.cursor() as cursor:
        cursor.execute(
            f"""
            SELECT theirs.person_id, p.name, theirs.game, COUNT(*),
                   SUM(CASE WHEN mine.place < theirs.place THEN 1 ELSE 0 END),
                   SUM(CASE WHEN mine.place > theirs.place THEN 1 ELSE 0 END)
              FROM {mine} mine
              JOIN {mine} theirs
                ON theirs.series_id = mine.series_id AND theirs.person_id <> mine.person_id
              JOIN {names} p ON p.id = theirs.person_id
             WHERE mine.person_id = %s
             GROUP BY theirs.person_id, p.name, theirs.game
             ORDER BY theirs.game, COUNT(*) DESC, p.name, theirs.person_id
            """,
            [person],  # the table names come from the models; the value is a parameter
        )
        return [HeadToHead(*row) for row in cursor.fetchall()]
