"""At random (round 1, or by choice, RULES D-15): ``RANDOM_STARTS`` random
groupings, each improved by swaps (``improve``); the one with the lowest repeat
cost wins (the first drawn on a tie)."""

from __future__ import annotations

from ...errors import _
from ..meetings import repeat_cost
from ..swaps import improve
from .base import Drawing, DrawMethod, cut

RANDOM = "random"
RANDOM_STARTS = 8  # random groupings tried, each improved by swaps


class AtRandom(DrawMethod):
    code = RANDOM
    label = _("At random")

    def group(self, drawing: Drawing) -> list[list[int]]:
        best, best_cost = None, None
        for _start in range(RANDOM_STARTS):
            order = list(drawing.present)
            drawing.rng.shuffle(order)
            tables = improve(cut(order, drawing.sizes), drawing.met, lambda one, other: True)
            cost = repeat_cost(tables, drawing.met)
            if best_cost is None or cost < best_cost:
                best, best_cost = tables, cost
        return best


RANDOM_DRAW = AtRandom()
