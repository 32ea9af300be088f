"""Read queries of a club's history: every series, by season, player and game."""

from __future__ import annotations

from django.db.models import Exists, OuterRef, Prefetch, QuerySet, prefetch_related_objects

from series.league.aggregates import in_season
from series.league.selectors import SeasonChoice
from series.models import Club, RosterPlayer, SeriesSeat, SeriesSheet


def club_history(
    club: Club,
    choice: SeasonChoice | None,
    *,
    players: list[int] | None = None,
    game: str | None = None,
    statuses: tuple[str, ...] | None = None,
) -> QuerySet[SeriesSheet]:
    """The club's series, newest first, in a season, of a game, with a player,
    in one of ``statuses``."""
    sheets = SeriesSheet.objects.filter(club=club)
    if statuses is not None:
        sheets = sheets.filter(status__in=statuses)
    if choice is not None:
        sheets = sheets.filter(in_season(choice.chosen, choice.named))
    if game is not None:
        sheets = sheets.filter(rules__game=game)
    if players:
        seated = SeriesSeat.objects.filter(series=OuterRef("pk"), player__in=players)
        sheets = sheets.filter(Exists(seated))
    return sheets.order_by("-started_at", "id")


def with_seats(sheets: list[SeriesSheet]) -> list[SeriesSheet]:
    """Load the seats (with their players) of a page of series: one query."""
    seats = SeriesSeat.objects.select_related("player").order_by("seat")
    prefetch_related_objects(sheets, Prefetch("seats", queryset=seats))
    return sheets


def same_person(player: int) -> list[int]:
    """The players who count as the same person as ``player`` (merges): two queries."""
    roster = RosterPlayer.objects.filter(player=player).values_list("person", flat=True)
    person = roster.first() or player
    merged = RosterPlayer.objects.filter(person=person).values_list("player", flat=True)
    return sorted({person, *merged})
