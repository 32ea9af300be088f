"""A table's series as the night ranks it: places, totals, deals played (RULES D-16, D-18).

The places come from the series' order of places
(``series.domain.series.finishing``, RULES D-21), the one the league and the
ratings read too: the winner the series decided, the players it tied for first
by its tiebreak, then the others.
Players level with each other share the mean of the places they cover (two
players level for 2nd and 3rd are both 2.5).

RULES D-18: a table abandoned before its series ends is "not played" for its
players (no points, left out of averages) unless the director records a result;
a series still playing is ranked as if it ended now (``finished`` is False).

D-20 (the club's, beside RULES D-18): a director's result places the abandoned
table's players as entered, and the table counts as played. By placement or a
points table its players score the points of the places entered (level players
share them, as D-16 says), and the deals played before the abandonment count in
their averages per deal (the tiebreak of D-17). By per deal the night's score is
the average over the deals played, which places cannot change: the result makes
the deals played before the abandonment count, and a table abandoned before its
first deal adds no deal (its players are ranked on their other rounds; with
none, they have no average and come last).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction

from ..errors import _
from ..series.finishing import Order
from ..series.standing import Standing
from .errors import InvalidNight


@dataclass(frozen=True, slots=True)
class TableResult:
    """One table of one round, for the night's ranking."""

    order: Order
    totals: Mapping[int, int]  # each player's total at the table
    deals: Mapping[int, int]  # the deals each player played (tiebreaks included)
    played: bool = True  # False: abandoned with no director's result (RULES D-18)
    finished: bool = True  # False: still playing, ranked as if it ended now
    table: int = 0  # its number in the round (for a night's breakdown by round)

    @property
    def players(self) -> tuple[int, ...]:
        return tuple(player for group in self.order for player in group)

    @property
    def size(self) -> int:
        return len(self.players)

    def places(self) -> dict[int, Fraction]:
        """Each player's place, 1 best; level players share the mean of the places they cover."""
        return shared_places(self.order)

    def per_deal(self, player: int) -> Fraction | None:
        """The player's average penalty per deal played; None before a deal."""
        deals = self.deals.get(player, 0)
        return Fraction(self.totals[player], deals) if deals else None


def shared_places(order: Order) -> dict[int, Fraction]:
    """Places 1 … n down the order; a group of k from place p shares p + (k − 1) / 2."""
    places: dict[int, Fraction] = {}
    first = 1
    for group in order:
        shared = Fraction(2 * first + len(group) - 1, 2)
        places.update(dict.fromkeys(group, shared))
        first += len(group)
    return places


def table_result(
    standing: Standing, director_order: Sequence[Sequence[int]] | None = None, *, table: int = 0
) -> TableResult:
    """The table's result from its series' standing.

    ``director_order`` is the result a director records for an abandoned table
    (groups of level players, best first, every seated player once); without
    it an abandoned table is not played. A finished or still-playing series is
    ordered by its series' order of places (RULES D-21).
    """
    if not standing.players:
        raise InvalidNight(_("This table has not started its series."), code="table_not_started")
    totals, deals = dict(standing.totals), dict(standing.deals)
    if director_order is not None:
        order = _checked_order(director_order, standing.players)
        return TableResult(order, totals, deals, table=table)
    if standing.abandoned:
        return TableResult(standing.order, totals, deals, played=False, finished=False, table=table)
    return TableResult(standing.order, totals, deals, finished=not standing.is_open, table=table)


def order_from_places(places: Mapping[int, int]) -> Order:
    """Groups of level players, best first, from each player's place (1 best; the
    same place for level players); within a group, players keep their order."""
    groups: dict[int, list[int]] = {}
    for player, place in places.items():
        groups.setdefault(place, []).append(player)
    return tuple(tuple(groups[place]) for place in sorted(groups))


def _checked_order(entered: Sequence[Sequence[int]], seats: Sequence[int]) -> Order:
    order = tuple(tuple(group) for group in entered if group)
    placed = [player for group in order for player in group]
    if sorted(placed) != sorted(seats):
        raise InvalidNight(
            _(
                "A table's result places every player seated at it once; "
                "it seats {seated}, the result places {placed}."
            ),
            code="result_does_not_match_table",
            field="order",
            seated=", ".join(map(str, sorted(seats))),
            placed=", ".join(map(str, placed)),
        )
    return order
