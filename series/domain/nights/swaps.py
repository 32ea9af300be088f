"""A grouping of players into tables improved by swaps that lower repeat meetings.

``improve`` exchanges two players at different tables whenever that lowers the
repeat cost (``meetings.repeat_cost``) and the method allows the pair
(``allowed``), until no such swap is left. It tries the swaps in a fixed order
(tables in order, seats in order) and takes the first that helps, so it is as
deterministic as its input; the table sizes never change.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence

from .meetings import Pair

MAX_PASSES = 50  # a bound on the passes; in practice a few are enough


def improve(
    tables: Sequence[Sequence[int]],
    met: Mapping[Pair, int],
    allowed: Callable[[int, int], bool],
    swapped: list[tuple[int, int]] | None = None,
) -> list[list[int]]:
    """The tables after every helpful allowed swap (each table keeps its size);
    each swap made, in order, is added to ``swapped`` when given."""
    tables = [list(table) for table in tables]
    weight: dict[int, dict[int, int]] = {player: {} for table in tables for player in table}
    for (one, other), times in met.items():
        if times and one in weight and other in weight:
            weight[one][other] = weight[other][one] = times * times
    if not any(weight.values()):
        return tables
    # cost[p][t]: what player p pays in repeats at table t (kept up to date on each swap)
    cost = {
        player: [sum(weight[player].get(p, 0) for p in table) for table in tables]
        for player in weight
    }
    for _pass in range(MAX_PASSES):
        if not _one_pass(tables, weight, cost, allowed, swapped):
            break
    return tables


def _one_pass(
    tables: list[list[int]],
    weight: Mapping[int, Mapping[int, int]],
    cost: Mapping[int, list[int]],
    allowed: Callable[[int, int], bool],
    made: list[tuple[int, int]] | None = None,
) -> bool:
    swapped = False
    for here in range(len(tables)):
        for there in range(here + 1, len(tables)):
            for i in range(len(tables[here])):
                for j in range(len(tables[there])):
                    one, other = tables[here][i], tables[there][j]
                    if not allowed(one, other):
                        continue
                    # one leaves here for there, other the other way; a pair at neither
                    # table after the swap stops costing twice its weight.
                    gain = (
                        cost[one][here]
                        + cost[other][there]
                        - cost[other][here]
                        - cost[one][there]
                        + 2 * weight[one].get(other, 0)
                    )
                    if gain > 0:
                        tables[here][i], tables[there][j] = other, one
                        _moved(cost, weight, one, here, there)
                        _moved(cost, weight, other, there, here)
                        swapped = True
                        if made is not None:
                            made.append((one, other))
    return swapped


def _moved(
    cost: Mapping[int, list[int]],
    weight: Mapping[int, Mapping[int, int]],
    player: int,
    left: int,
    joined: int,
) -> None:
    for met_before, times in weight[player].items():
        cost[met_before][left] -= times
        cost[met_before][joined] += times
