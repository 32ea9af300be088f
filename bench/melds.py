"""How fast the going-out checker and solver are, against the brute-force reference.

Run from the repository root: ``python bench/melds.py`` (``--quick`` for a
short run, ``--smoke`` for a few hands: the suite's check that it runs). Hands
are dealt from real shuffled packs with a fixed seed: 16-card Continental hands
from the 108-card pack, and 8- and 13-card standard Rummy hands with 2 jokers
per deck. The brute-force reference (``tests/support/reference.py``) is timed
in the same process on the same hands, so the speed-up does not depend on the
machine.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from series.domain.cards import Card
from series.domain.melds import check_arrangement, solve
from series.domain.rules import Rules, rules_from
from tests.support.reference import (
    deal,
    going_out_hand,
    reference_goes_out,
    reference_leftover,
)


@dataclass(frozen=True)
class Workload:
    name: str
    rules: Rules
    size: int


WORKLOADS = (
    Workload("Continental, 16 cards, 108-card pack", rules_from("continental"), 16),
    Workload(
        "Rummy, 8 cards, 1 deck + 2 jokers",
        rules_from("rummy", {"hand_size": 7, "decks": 1, "jokers": 2}),
        8,
    ),
    Workload(
        "Rummy, 13 cards, 2 decks + 4 jokers",
        rules_from("rummy", {"hand_size": 12, "decks": 2, "jokers": 4}),
        13,
    ),
)


def rate(work: Callable[[Sequence[Card]], object], hands: Sequence[Sequence[Card]]) -> float:
    """Hands per second for ``work`` over ``hands``."""
    start = time.perf_counter()
    for hand in hands:
        work(hand)
    return len(hands) / (time.perf_counter() - start)


def bench_solver(
    workload: Workload, rng: random.Random, count: int, reference: int, warm: int
) -> None:
    rules, size = workload.rules, workload.size
    for hand in (deal(rng, rules.pack, size) for _ in range(warm)):
        solve(rules, hand)  # warm the Continental plan cache, as a running server has
    hands = [deal(rng, rules.pack, size) for _ in range(count)]
    solver = rate(lambda hand: solve(rules, hand), hands)
    brute = rate(
        lambda hand: (reference_goes_out(rules, hand), reference_leftover(rules, hand)),
        hands[:reference],
    )
    going_out = sum(solve(rules, hand).valid for hand in hands)
    report(f"solve {workload.name}", solver, brute, f"{going_out} of {count} go out")


def bench_checker(workload: Workload, rng: random.Random, count: int, reference: int) -> None:
    """Checking a claim against deciding the same hand by brute force."""
    rules, size = workload.rules, workload.size
    hands = [going_out_hand(rng, rules, size) for _ in range(count)]
    claims = [(verdict.groups, verdict.discard) for verdict in (solve(rules, h) for h in hands)]
    checker = rate(lambda claim: check_arrangement(rules, *claim), claims)
    brute = rate(lambda hand: reference_goes_out(rules, hand), hands[:reference])
    report(f"check {workload.name}", checker, brute, "claims of hands that go out")


def report(name: str, fast: float, brute: float, note: str) -> None:
    print(
        f"{name:<48} {fast:>11,.0f} hands/s   reference {brute:>9,.0f} hands/s   "
        f"x{fast / brute:>8,.1f}   ({note})"
    )


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="a short run")
    parser.add_argument("--smoke", action="store_true", help="a few hands: does it run")
    parser.add_argument("--seed", type=int, default=2024)
    args = parser.parse_args(argv)
    # Hands solved, claims checked, hands for the reference, hands warming the cache.
    sizes = {"smoke": (20, 20, 2, 20), "quick": (2_000, 2_000, 20, 1000)}
    run = "smoke" if args.smoke else "quick" if args.quick else "full"
    solves, checks, reference, warm = sizes.get(run, (20_000, 20_000, 200, 1000))
    rng = random.Random(args.seed)
    print(f"Python {sys.version.split()[0]}, one core; the reference is timed on fewer hands.")
    for workload in WORKLOADS:
        count = solves if workload.rules.game == "continental" else solves // 2
        bench_solver(workload, rng, count, reference, warm)
    for workload in WORKLOADS:
        bench_checker(workload, rng, checks, reference)


if __name__ == "__main__":
    main()
