"""How often two players met at a table this season, and what a draw costs in repeats.

A pair is two player ids, the smaller first (``pair``). A draw's cost is the
sum, over the pairs seated at one table, of (times met before)²: a pair that
met twice weighs four times a pair that met once, so a draw spreads the
repeats instead of piling them on a few pairs (RULES D-15; NIGHTS.md).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from itertools import combinations

Pair = tuple[int, int]


def pair(one: int, other: int) -> Pair:
    """The pair of two players, the same whichever comes first."""
    return (one, other) if one <= other else (other, one)


def met_counts(met: Mapping[Pair, int]) -> dict[Pair, int]:
    """``met`` with every pair written the one way ``pair`` writes it."""
    counts: Counter[Pair] = Counter()
    for (one, other), times in met.items():
        counts[pair(one, other)] += times
    return dict(counts)


def meetings(tables: Iterable[Sequence[int]]) -> Counter[Pair]:
    """The pairs that meet at these tables, once each."""
    return Counter(pair(one, other) for table in tables for one, other in combinations(table, 2))


def repeat_cost(tables: Iterable[Sequence[int]], met: Mapping[Pair, int]) -> int:
    """The sum over the pairs at one table of (times met)²: what a draw keeps low."""
    counts = met_counts(met)
    return sum(counts.get(seated, 0) ** 2 for seated in meetings(tables))
