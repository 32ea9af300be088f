"""Balanced by rating (RULES D-15): players by rating, best first, dealt in snake
order (table 1, 2 … k, k … 2, 1, skipping full tables). A swap may exchange two
players of the same tier (the k best, the next k …), which keeps every table's
strength. A player without a rating is drawn as the lowest rated."""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence

from ...errors import _
from ..swaps import improve
from .base import Drawing, DrawMethod

RATING = "rating"


class ByRating(DrawMethod):
    code = RATING
    label = _("Balanced by rating")
    from_round = 2
    reads_ratings = True

    def group(self, drawing: Drawing) -> list[list[int]]:
        ratings, sizes = drawing.ratings, drawing.sizes
        rated = sorted(drawing.present, key=lambda p: (p not in ratings, -ratings.get(p, 0.0), p))
        tables: list[list[int]] = [[] for _size in sizes]
        tier = {}
        for player, (number, pass_number) in zip(rated, _snake(sizes), strict=False):
            tables[number].append(player)
            tier[player] = pass_number
        same_tier: Callable[[int, int], bool] = lambda one, other: tier[one] == tier[other]  # noqa: E731
        return improve(tables, drawing.met, same_tier)


def _snake(sizes: Sequence[int]) -> Iterator[tuple[int, int]]:
    """Table indexes in snake order (0 … k−1, k−1 … 0, …), each as often as it
    has seats, with the number of the pass (the tier)."""
    left = list(sizes)
    pass_number = 0
    while any(left):
        numbers = range(len(sizes)) if pass_number % 2 == 0 else range(len(sizes) - 1, -1, -1)
        for number in numbers:
            if left[number]:
                left[number] -= 1
                yield number, pass_number
        pass_number += 1


RATING_DRAW = ByRating()
