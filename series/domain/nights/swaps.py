"""A grouping of players into tables improved by swaps that lower repeat meetings.

``improve`` exchanges two players at different tables whenever that lowers the
repeat cost (``meetings.repeat_cost``) and the method allows the pair
(``allowed``), until no such swap is left. It tries the swaps in a fixed order
(tables in order, seats in order) and takes the first that helps, so it is as
deterministic as its input; the table sizes never change.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence

from .meetings import Pair, pair

MAX_PASSES = 50  # a bound on the passes; in practice a few are enough


def improve(
    tables: Sequence[Sequence[int]],
    met: Mapping[Pair, int],
    allowed: Callable[[int, int], bool],
) -> list[list[int]]:
    """The tables after every helpful allowed swap (each table keeps its size)."""
    tables = [list(table) for table in tables]
    weight = {seated: times * times for seated, times in met.items() if times}
    if not weight:
        return tables
    for _pass in range(MAX_PASSES):
        if not _one_pass(tables, weight, allowed):
            break
    return tables


def _one_pass(
    tables: list[list[int]], weight: Mapping[Pair, int], allowed: Callable[[int, int], bool]
) -> bool:
    swapped = False
    for a_table in range(len(tables)):
        for b_table in range(a_table + 1, len(tables)):
            for i in range(len(tables[a_table])):
                for j in range(len(tables[b_table])):
                    one, other = tables[a_table][i], tables[b_table][j]
                    if not allowed(one, other):
                        continue
                    if _gain(tables[a_table], tables[b_table], one, other, weight) > 0:
                        tables[a_table][i], tables[b_table][j] = other, one
                        swapped = True
    return swapped


def _gain(
    here: Sequence[int], there: Sequence[int], one: int, other: int, weight: Mapping[Pair, int]
) -> int:
    """How much the repeat cost falls when ``one`` (here) and ``other`` (there) change tables."""

    def cost(player: int, table: Sequence[int], leaving: int) -> int:
        return sum(weight.get(pair(player, p), 0) for p in table if p != leaving)

    before = cost(one, here, one) + cost(other, there, other)
    after = cost(other, here, one) + cost(one, there, other)
    return before - after
