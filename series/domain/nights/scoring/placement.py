"""How a table's result becomes a night's points (RULES D-16), one class per method.

- ``Placement`` (the default): the player placed p at a table of n scores
  10 × (n − p) / (n − 1): every winner 10, every last 0, whatever the table
  size; a table of n hands out 5n in all.
- ``PerDeal``: the average penalty per deal played; lower is better. Tables are
  comparable because each plays one deal per player.
- ``PointsTable``: the club's points per place for each table size (a
  FIBUR-style scale), e.g. ``{4: (7, 4, 2, 0), 5: (8, 5, 3, 1, 0)}``.

Players level for places share the mean of the points of the places they
cover (for placement, the points of the mean place). Points are exact
fractions: a page rounds them for show, a tie is never a rounding.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from fractions import Fraction
from itertools import pairwise

from ..errors import _
from .errors import InvalidNight
from .results import TableResult

PLACEMENT = "placement"
PER_DEAL = "per_deal"
POINTS_TABLE = "points_table"


class Placement:
    """RULES D-16: 10 × (n − p) / (n − 1) for place p at a table of n."""

    name = PLACEMENT
    higher_is_better = True

    def points(self, size: int) -> tuple[Fraction, ...]:
        """The points of places 1 … size."""
        if size == 1:
            return (Fraction(10),)
        return tuple(Fraction(10 * (size - place), size - 1) for place in range(1, size + 1))

    def score(self, result: TableResult) -> dict[int, Fraction]:
        """Each player's points for the table; level players share the places' mean."""
        return _shared_points(result, self.points(result.size))


class PointsTable(Placement):
    """The club's points per place, for each table size it may seat."""

    name = POINTS_TABLE

    def __init__(self, table: Mapping[int, Sequence[int | Fraction]]) -> None:
        self.table = {size: _row(size, row) for size, row in table.items()}
        for size, row in self.table.items():
            _check_row(size, row)

    def points(self, size: int) -> tuple[Fraction, ...]:
        if size not in self.table:
            raise InvalidNight(
                _(
                    "The points table has no row for tables of {size}; add {size} points, "
                    "1st place first."
                ),
                code="points_table_missing_size",
                field="points_table",
                size=size,
            )
        return self.table[size]


class PerDeal:
    """The average penalty per deal played; lower is better (RULES D-16)."""

    name = PER_DEAL
    higher_is_better = False

    def score(self, result: TableResult) -> dict[int, Fraction]:
        """Each player's average per deal; a player who played no deal is left out."""
        averages = {player: result.per_deal(player) for player in result.players}
        return {player: average for player, average in averages.items() if average is not None}


Method = Placement | PerDeal


def _shared_points(result: TableResult, points: Sequence[Fraction]) -> dict[int, Fraction]:
    scored: dict[int, Fraction] = {}
    first = 0
    for group in result.order:
        covered = points[first : first + len(group)]
        scored.update(dict.fromkeys(group, sum(covered, Fraction(0)) / len(group)))
        first += len(group)
    return scored


MOST_POINTS = 1000  # for one place: more is a typing slip, not a scale


def _row(size: int, row) -> tuple[Fraction, ...]:
    """A row's points as exact numbers; anything but whole or decimal numbers up to
    ``MOST_POINTS`` is refused, naming the row."""
    try:
        # Typed points are ASCII (Fraction would read "٧" as 7: series.domain.text).
        points = tuple(Fraction(p) for p in row if not isinstance(p, bool | str) or p.isascii())
        if len(points) != len(row) or any(abs(p) > MOST_POINTS for p in points):
            raise ValueError
    except (TypeError, ValueError, OverflowError, ZeroDivisionError):
        raise InvalidNight(
            _(
                "The points table's row for tables of {size} holds numbers of points from 0 "
                "to {most}, one per place."
            ),
            code="invalid_points_table",
            field="points_table",
            size=size,
            most=MOST_POINTS,
        ) from None
    return points


def _check_row(size: int, row: Sequence[Fraction]) -> None:
    if size < 1 or len(row) != size:
        raise InvalidNight(
            _(
                "The points table's row for tables of {size} has {count} points; "
                "give one per place, {size} in all."
            ),
            code="invalid_points_table",
            field="points_table",
            size=size,
            count=len(row),
        )
    if any(p < 0 for p in row) or any(a < b for a, b in pairwise(row)):
        raise InvalidNight(
            _(
                "The points table's row for tables of {size} must not rise from 1st place "
                "down, nor hold negative points."
            ),
            code="invalid_points_table",
            field="points_table",
            size=size,
        )
