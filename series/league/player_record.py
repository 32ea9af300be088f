"""Read queries of a player's league record: all time, by season, every
series, head to head. Five queries, however long the history."""

from __future__ import annotations

from dataclasses import dataclass

from django.db.models import Count, F, OuterRef, Q, Subquery

from ..models import Player, SeriesResult
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
class PlayerRecord:
    player: Player
    person: int
    merged: list[Player]  # players merged into this person
    all_time: list[SeasonFigures]
    seasons: list[SeasonFigures]
    results: list[SeriesResult]  # in order of start
    head_to_head: list[HeadToHead]


def player_record(player: Player, named: list[SeasonSpan]) -> PlayerRecord:
    """A person's league record: five queries."""
    person = person_of(player)
    rows = SeriesResult.objects.filter(person=person)
    results = list(rows.select_related("series").order_by("started_at", "series_id"))
    all_time = rows.values("game").annotate(**FIGURES).order_by("game")
    seasons = (
        rows.values("game", season=season_expression(named))
        .annotate(**FIGURES)
        .order_by("-season", "game")
    )
    merged = Player.objects.filter(roster__person=person).exclude(id=person).order_by("name")
    return PlayerRecord(
        player=player,
        person=person,
        merged=list(merged),
        all_time=[SeasonFigures("", row["game"], Figures.of(row)) for row in all_time],
        seasons=[SeasonFigures(row["season"], row["game"], Figures.of(row)) for row in seasons],
        results=results,
        head_to_head=head_to_head(person),
    )


def head_to_head(person: int) -> list[HeadToHead]:
    """Against each person met at a table: how often each finished ahead."""
    mine = SeriesResult.objects.filter(person=person, series=OuterRef("series")).values("place")
    theirs = (
        SeriesResult.objects.filter(
            series__in=SeriesResult.objects.filter(person=person).values("series")
        )
        .exclude(person=person)
        .annotate(my_place=Subquery(mine[:1]))
        .values("person", "game", name=F("person__name"))
        .annotate(
            series=Count("id"),
            ahead=Count("id", filter=Q(my_place__lt=F("place"))),
            behind=Count("id", filter=Q(my_place__gt=F("place"))),
        )
        .order_by("game", "-series", "name", "person")
    )
    return [
        HeadToHead(
            row["person"], row["name"], row["game"], row["series"], row["ahead"], row["behind"]
        )
        for row in theirs
    ]
