"""How well the night's draw keeps repeat meetings low, against uniformly random draws.

Run from the repository root: ``python bench/draws.py`` (``--quick`` for
fewer seasons, ``--smoke`` for one: the suite's check that it runs). A season
is 20 nights of 24 players, one round a night, at tables of 4 to 6
(``table_sizes``: four tables of 6). Each night is drawn twice from the same
seed: uniformly at random (shuffle and cut) and by the app's random draw
(``draw``), each season's meetings counted for that kind of draw.

What is measured, and why. The plain mean number of times a pair met, over
all pairs, is the same for any draw with these table sizes: every night seats
4 × 15 = 60 pairs, so after 20 nights the 276 pairs have met 1,200 times
whatever the draw. What a draw changes is which pairs meet, so the aim ("the
mean number of times a pair has met is at least 30 % lower") is read as the
measure the draw minimises: the mean number of earlier meetings of the pairs
seated together, over every table of every night (how often, at a table, you
face someone you have met before). The spread of the season's counts is
printed too: their variance, the largest count, and the pairs who never met.
The time per draw is printed as a ratio against the uniform draw, timed in the
same process.

A bound on the aim: the pairs seated together had, in all, the sum over the
pairs of c(c − 1)/2 earlier meetings (c: a pair's count at the season's end),
with the counts' sum fixed at 1,200. That sum is least when the counts are as
level as possible (96 pairs on 5, 180 on 4), so no draw goes below 2,040 / 1,200
= 1.70 earlier meetings a seated pair, while uniform draws expect
190 × (60/276)² × 276 / 1,200 ≈ 2.07: at most about 18 % fewer. The same sum
is the variance of the counts plus a constant, so the variance is where a 30 %
cut shows; ``least any draw can reach`` prints the bound.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from itertools import combinations
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from series.domain.nights import draw, meetings, pair, table_sizes

PLAYERS, NIGHTS, MIN_TABLE, MAX_TABLE = 24, 20, 4, 6

Drawer = Callable[[Sequence[int], Sequence[int], int, Counter], list[tuple[int, ...]]]


@dataclass
class Season:
    """What one kind of draw did over a season."""

    seated_before: list[int]  # for each pair seated together, its earlier meetings
    counts: list[int]  # each pair's meetings at the season's end
    seconds: float

    @property
    def repeat_mean(self) -> float:
        return statistics.fmean(self.seated_before)


def uniform(players: Sequence[int], sizes: Sequence[int], seed: int, met: Counter):
    order = sorted(players)
    random.Random(seed).shuffle(order)
    tables, start = [], 0
    for size in sizes:
        tables.append(tuple(order[start : start + size]))
        start += size
    return tables


def by_the_app(players: Sequence[int], sizes: Sequence[int], seed: int, met: Counter):
    return [table.seats for table in draw(players, sizes, seed, met=met)]


def season(drawer: Drawer, first_seed: int) -> Season:
    players = list(range(1, PLAYERS + 1))
    sizes = table_sizes(PLAYERS, MIN_TABLE, MAX_TABLE)
    met: Counter = Counter()
    seated_before, seconds = [], 0.0
    for night in range(NIGHTS):
        start = time.perf_counter()
        tables = drawer(players, sizes, first_seed + night, met)
        seconds += time.perf_counter() - start
        met_tonight = meetings(tables)
        seated_before.extend(met[seated] for seated in met_tonight)
        met += met_tonight
    counts = [met[pair(one, other)] for one, other in combinations(players, 2)]
    return Season(seated_before, counts, seconds)


def summary(seasons: list[Season]) -> dict[str, float]:
    counts = [c for s in seasons for c in s.counts]
    return {
        "repeat_mean": statistics.fmean(s.repeat_mean for s in seasons),
        "pair_mean": statistics.fmean(counts),
        "variance": statistics.fmean(statistics.pvariance(s.counts) for s in seasons),
        "largest": statistics.fmean(max(s.counts) for s in seasons),
        "never_met": statistics.fmean(s.counts.count(0) for s in seasons),
        "seconds": sum(s.seconds for s in seasons) / (len(seasons) * NIGHTS),
    }


def least_repeat_mean(total: int) -> float:
    """The fewest earlier meetings a seated pair can have on average over a season
    of ``total`` meetings: every pair's count as level as can be."""
    pairs = PLAYERS * (PLAYERS - 1) // 2
    level, higher = divmod(total, pairs)
    seated_before = higher * (level + 1) * level // 2 + (pairs - higher) * level * (level - 1) // 2
    return seated_before / total


ROWS = (
    ("repeat_mean", "mean earlier meetings of the pairs seated together (the aim)"),
    ("pair_mean", "mean meetings per pair at the season's end (fixed by the sizes)"),
    ("variance", "variance of the pairs' meeting counts"),
    ("largest", "largest meeting count of a pair"),
    ("never_met", "pairs who never met"),
)


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="a short run")
    parser.add_argument("--smoke", action="store_true", help="one season: does it run")
    parser.add_argument("--seed", type=int, default=2024)
    args = parser.parse_args(argv)
    count = 1 if args.smoke else 3 if args.quick else 10
    seeds = [args.seed + 1000 * n for n in range(count)]
    random_draws = summary([season(uniform, seed) for seed in seeds])
    app_draws = summary([season(by_the_app, seed) for seed in seeds])
    sizes = ", ".join(map(str, table_sizes(PLAYERS, MIN_TABLE, MAX_TABLE)))
    seasons = "1 season" if count == 1 else f"{count} seasons"
    print(f"{seasons} of {NIGHTS} nights, {PLAYERS} players at tables of {sizes}")
    print(f"{'':<66} {'random':>9} {'app':>9} {'app/random':>11}")
    for key, label in ROWS:
        uniform_value, app_value = random_draws[key], app_draws[key]
        ratio = app_value / uniform_value if uniform_value else float("nan")
        print(f"{label:<66} {uniform_value:>9.3f} {app_value:>9.3f} {ratio:>11.2f}")
    seats = table_sizes(PLAYERS, MIN_TABLE, MAX_TABLE)
    floor = least_repeat_mean(NIGHTS * sum(size * (size - 1) // 2 for size in seats))
    label = "least any draw can reach: the aim with counts as level as can be"
    ratio = floor / random_draws["repeat_mean"]
    print(f"{label:<66} {floor:>9.3f} {floor:>9.3f} {ratio:>11.2f}")
    fewer = 1 - app_draws["repeat_mean"] / random_draws["repeat_mean"]
    least = 1 - floor / random_draws["repeat_mean"]
    print(
        f"earlier meetings at a table: {fewer:.0%} fewer than with uniformly random draws "
        f"(at most {least:.0%} can be); variance of the counts "
        f"{1 - app_draws['variance'] / random_draws['variance']:.0%} lower"
    )
    print(
        f"time per draw: {app_draws['seconds'] * 1000:.1f} ms, "
        f"x{app_draws['seconds'] / random_draws['seconds']:,.0f} the uniform draw"
    )


if __name__ == "__main__":
    main()
