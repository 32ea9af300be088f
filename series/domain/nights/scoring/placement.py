"""Placement, the default (RULES D-16): the player placed p at a table of n
scores 10 × (n − p) / (n − 1): every winner 10, every last 0, whatever the table
size; a table of n hands out 5n in all.

Players level for places share the mean of the points of the places they
cover (the points of the mean place). Points are exact fractions: a page
rounds them for show, a tie is never a rounding.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from fractions import Fraction
from typing import Any

from ...errors import _
from ..results import TableResult
from .base import NightScoring

PLACEMENT = "placement"


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
        return shared_points(result, self.points(result.size))


def shared_points(result: TableResult, points: Sequence[Fraction]) -> dict[int, Fraction]:
    """Each player's points of their place; level players share the mean of the places'."""
    scored: dict[int, Fraction] = {}
    first = 0
    for group in result.order:
        covered = points[first : first + len(group)]
        scored.update(dict.fromkeys(group, sum(covered, Fraction(0)) / len(group)))
        first += len(group)
    return scored


class PlacementScoring(NightScoring):
    code = PLACEMENT
    label = _("Placement: every table's winner 10 points, its last 0")
    explained = _(
        "Placement: at a table of n players, the player placed p scores 10 × (n − p) / (n − 1), "
        "so every table's winner scores 10 and its last 0 whatever its size. Rounds add up; "
        "a tie goes to the lower average penalty per deal."
    )
    season_explained = _(
        "A placement night adds its points: at a table of n, place p scores "
        "10 × (n − p) / (n − 1), rounds added up."
    )
    season_line = _("placement: place %(place)s, %(points)s points")

    def ranking(self, scoring: Mapping[str, Any]) -> Placement:
        return Placement()


PLACEMENT_SCORING = PlacementScoring()
