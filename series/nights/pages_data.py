"""What the night's pages read besides the night's selectors: the night's club
(for the access check before anything else), the versions the big screen
shows (its ETag), the screen link's check, and small shapes of the pages."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date
from functools import cache
from typing import Any
from uuid import UUID

from django.db.models import Count, OuterRef, Subquery, Sum
from django.db.models.expressions import RawSQL
from django.db.models.functions import Coalesce
from django.utils.text import get_text_list
from django.utils.translation import pgettext_lazy

from series.database import dialects
from series.domain.errors import DomainError
from series.domain.nights.sizes import table_sizes
from series.domain.rules import rules_from
from series.models import Night, NightSeat, Player, SeriesSheet


@dataclass(frozen=True, slots=True)
class Named:
    id: int
    name: str


@dataclass(frozen=True, slots=True)
class TableCard:
    """A table of the round as its printed card shows it, with its sheet's address."""

    table: Any  # selectors.TableView
    sheet_url: str | None  # None: the table's score sheet is not open yet

    @property
    def dealers(self) -> list[str]:
        """Who deals each of the table's regular deals: the first dealer, then on
        round the table in seat order (RULES D-9)."""
        names = [seat.name for seat in self.table.seats]
        first = next((i for i, seat in enumerate(self.table.seats) if seat.first_dealer), 0)
        return [names[(first + deal) % len(names)] for deal in range(len(names))]


def night_day(night) -> date:
    """The night's date (the selectors give it as ISO text)."""
    return night.date if isinstance(night.date, date) else date.fromisoformat(night.date)


@dataclass(frozen=True, slots=True)
class Screen:
    """What the big screen shows: the tables playing (or just finished), the
    ranking, and a round drawn but not started yet (its seating, in big type)."""

    night: Any  # selectors.NightPage
    day: date
    round_number: int | None
    tables: list
    ranking: Any
    next_round: Any | None


def screen_of(night) -> Screen:
    current = night.rounds[-1] if night.rounds else None
    drawn = current is not None and all(table.status == "drawn" for table in current.tables)
    return Screen(
        night=night,
        day=night_day(night),
        round_number=current.number if current else None,
        tables=list(current.tables) if current is not None and not drawn else [],
        ranking=night.ranking,
        next_round=current if drawn and not night.closed else None,
    )


@dataclass(frozen=True, slots=True)
class DrawExample:
    """The tables the draw would make of tonight's players (RULES D-15)."""

    players: int
    low: int
    high: int
    sizes: str  # "6, 5 and 5"


def draw_example(night, form) -> DrawExample | None:
    """The table sizes the draw would make of the players present, at the draw
    form's smallest and largest table; None when they make no tables."""
    try:
        low, high = int(form["min_table"].value()), int(form["max_table"].value())
        game = rules_from(night.rules.get("preset", "continental"), night.rules.get("options"))
        sizes = table_sizes(len(night.present), low, high, game=game.game)
    except (TypeError, ValueError, DomainError):
        return None
    last = pgettext_lazy("the last of a list of numbers", "and")
    return DrawExample(len(night.present), low, high, get_text_list([str(n) for n in sizes], last))


def names_of(night) -> dict[int, str]:
    """The names of the night's players (present or seated), for its messages."""
    names = {line.id: line.name for line in night.present}
    for round_ in night.rounds:
        for table in round_.tables:
            names.update((seat.player, seat.name) for seat in table.seats)
    return names


def screen_versions(night_id: UUID) -> tuple[object, ...] | None:
    """What the big screen shows that can change, in one query: the night's
    version, its tables' score sheets (how many, and their versions summed:
    each deal moves one), and the names it prints, which no event carries: the
    club's and its seated players' (a rename or an erasure shows at the next
    poll)."""
    sheets = SeriesSheet.objects.filter(night=OuterRef("id")).order_by().values("night")
    row = (
        Night.objects.filter(id=night_id)
        .annotate(
            sheets=Coalesce(Subquery(sheets.annotate(n=Count("id")).values("n")), 0),
            deals=Coalesce(Subquery(sheets.annotate(v=Sum("version")).values("v")), 0),
            names=RawSQL(_seated_names_sql(), []),
        )
        # The club's publicity and slug last: the screen's access check reads them there.
        .values_list(
            "version", "sheets", "deals", "club__name", "names", "club__public", "club__slug"
        )
        .first()
    )
    return None if row is None else ("night", *row)


@cache
def _seated_names_sql() -> str:
    """The names of the players seated at the night (``Night``'s row in the outer
    query), each once, as the dialect's JSON object of id to name."""
    night, seat, player = Night._meta.db_table, NightSeat._meta.db_table, Player._meta.db_table
    group = dialects.current().JSON_OBJECT_AGG
    return (
        f"SELECT {group}(p.id, p.name) FROM {player} p WHERE p.id IN "
        f"(SELECT s.player_id FROM {seat} s WHERE s.night_id = {night}.id)"
    )


def tonight_by_club(user) -> dict[int, Any]:
    """Where the user's players sit tonight, by club (the home page): each of
    their players' seat in an open round of an open night."""
    from series.nights.selectors import tonight

    found = {}
    players = Player.objects.filter(user_id=user.id).values_list("club_id", "id")
    by_club: dict[int, list[int]] = {}
    for club_id, player_id in players:
        by_club.setdefault(club_id, []).append(player_id)
    for club_id, ids in by_club.items():
        seat = tonight(ids)
        if seat is not None:
            found[club_id] = seat
    return found
