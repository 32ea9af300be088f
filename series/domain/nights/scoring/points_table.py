"""Points table (RULES D-16): the club's points per place for each table size
(a FIBUR-style scale), e.g. ``{4: (7, 4, 2, 0), 5: (8, 5, 3, 1, 0)}``. Players
level for places share the mean of the points of the places they cover.

A night's scoring holds its table (``points_table``), which must pay every
table size the night may seat; no other method takes one.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from fractions import Fraction
from itertools import pairwise
from typing import Any

from ...errors import _
from ..errors import InvalidNight
from .base import NightScoring
from .placement import Placement

POINTS_TABLE = "points_table"


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


class PointsTableScoring(NightScoring):
    code = POINTS_TABLE
    label = _("Points table: the club's points for each place at each table size")
    explained = _(
        "Points table: the club's points for each place at each table size. Rounds add up; "
        "a tie goes to the lower average penalty per deal."
    )
    season_explained = _(
        "A points-table night adds its points: the club's points for each place at each "
        "table size, rounds added up."
    )
    season_line = _("points table: place %(place)s, %(points)s points")
    options = ("points_table",)

    def ranking(self, scoring: Mapping[str, Any]) -> PointsTable:
        """The night's table, checked row by row."""
        return PointsTable(_table_rows(scoring.get("points_table") or {}))

    def check_opening(
        self, rules: Any, scoring: Mapping[str, Any], smallest: int, largest: int
    ) -> None:
        """A points table pays every table size the night may seat, from its smallest to
        its largest table (a draw or a move may make any of them, and no other), so a
        night's ranking never meets a size it has no row for."""
        game = rules.game_object
        low, high = rules.min_players, rules.max_players
        rows = _table_rows(scoring.get("points_table") or {})
        missing = [n for n in range(smallest, largest + 1) if n not in rows]
        if missing:
            raise InvalidNight(
                _(
                    "The points table needs a row for every table size from {low} to {high}: "
                    "add the rows for tables of {missing}."
                ),
                code="points_table_missing_size",
                field="points_table",
                low=smallest,
                high=largest,
                missing=", ".join(map(str, missing)),
            )
        extra = [n for n in rows if not low <= n <= high]
        if extra:
            raise InvalidNight(
                _(
                    "{game} is played at tables of {low} to {high}: remove the row for tables "
                    "of {size}."
                ),
                code="invalid_points_table",
                field="points_table",
                game=game.name.capitalize(),
                low=low,
                high=high,
                size=extra[0],
            )

    def refuse_elsewhere(self, option: str) -> None:
        raise InvalidNight(
            _(
                "A points table goes with the scoring “points table” only: choose that "
                "scoring, or leave the table out."
            ),
            code="points_table_unused",
            field="points_table",
        )


POINTS_TABLE_SCORING = PointsTableScoring()


def _table_rows(table: Mapping) -> dict[int, Sequence]:
    """A points table's rows by table size; a size that is not a whole number is refused."""
    rows = {}
    for size, row in table.items():
        text = str(size)
        if not (text.isascii() and text.isdigit()) or len(text) > 2:
            raise InvalidNight(
                _("A points table's rows are for table sizes, written 3 to 8, not “{size}”."),
                code="invalid_points_table",
                field="points_table",
                size=text[:20],
            )
        rows[int(text)] = row
    return rows


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
