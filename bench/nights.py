"""Benchmark a club night: eight tables recording at once against one table alone.

    python bench/nights.py [--deals N]

A night of 48 players is drawn at eight tables of six and its tables started
through the night's services; then eight writer processes record deals at
their own table at once, and, in the same run, one writer records at a
table of another night alone. Tables never wait for each other (item 10 of
the nights issue): the aim is a deal's p50 latency at eight tables at most
1.3× a lone table's. Then the night's page (what the big screen polls) is
read with eight tables several deals in, against the same night before its
first deal, to show its cost does not grow with the deals.

It works in its own database (BENCH_DATABASE_URL, as bench/store.py), dropped
and created afresh. Absolute times depend on the machine; read the ratios.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from bench.store import (  # noqa: E402
    SETUP_TIMEOUT,
    database_url,
    percentile,
    recreate_database,
    setup_django,
)

TABLES = 8
SEATS = 6
DEALS = 50  # the most a series may fix (RULES: 1 to 50), so a table plays on


def _open_night(club, players: list[int], tables: int):
    from series.nights import services as nights

    opened = nights.night_open(club=club, options={"deals": DEALS})
    nights.night_check_in(night_id=opened.night_id, players=players)
    nights.night_round_draw(night_id=opened.night_id, min_table=SEATS, max_table=SEATS, seed=1)
    state = nights.night_tables_start(night_id=opened.night_id).state
    assert len(state.current_round.tables) == tables
    return opened.night_id, [str(t.series) for t in state.current_round.tables]


def _table_writer(url: str, series_id: str, count: int, seed: int, ready) -> list[float]:
    """Record ``count`` deals at one table's series; each deal's latency."""
    setup_django(url)
    from uuid import UUID

    from series.domain.events import DealEntry, Hand
    from series.sheets import services

    rng = random.Random(seed)
    series = UUID(series_id)
    state = services.series_load(series)
    ready.wait(timeout=SETUP_TIMEOUT)
    latencies = []
    for _ in range(count):
        players = list(state.next_players)
        goer = rng.choice(players)
        hands = tuple(Hand(p, points=rng.randint(15, 120)) for p in players if p != goer)
        started = time.perf_counter()
        state = services.deal_record(series_id=series, entry=DealEntry(goer, hands),
                                     expected_version=state.version,
                                     needs_confirmation=False).state  # fmt: skip
        latencies.append(time.perf_counter() - started)
    return latencies


def _at_once(url: str, series: list[str], count: int) -> list[float]:
    import multiprocessing

    ctx = multiprocessing.get_context("spawn")
    with ctx.Manager() as manager, ctx.Pool(len(series)) as pool:
        ready = manager.Barrier(len(series) + 1)
        pending = pool.starmap_async(
            _table_writer, [(url, s, count, index, ready) for index, s in enumerate(series)]
        )
        ready.wait(timeout=SETUP_TIMEOUT)
        batches = pending.get()
    return [latency for batch in batches for latency in batch]


def _page_seconds(night_id, repeats: int = 30) -> float:
    from series.nights import selectors

    times = []
    for _ in range(repeats):
        started = time.perf_counter()
        selectors.night_page(night_id)
        times.append(time.perf_counter() - started)
    return statistics.median(times)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=40, help="deals per table (at most 49)")
    args = parser.parse_args()
    deals = min(args.deals, DEALS - 1)
    url = database_url()
    recreate_database(url)
    setup_django(url)
    from django.core.management import call_command

    from series.sheets import services

    call_command("migrate", verbosity=0)
    club = services.club_create(name="Bench club")
    players = [services.player_add(club=club, name=f"P{i}").id for i in range(TABLES * SEATS)]
    night, series = _open_night(club, players, TABLES)
    other = services.club_create(name="Lone table club")
    alone = [services.player_add(club=other, name=f"Q{i}").id for i in range(SEATS)]
    _lone_night, lone_series = _open_night(other, alone, 1)
    empty_page = _page_seconds(night)

    print(f"A night's deals, {deals} per table, tables of {SEATS} (PostgreSQL)")
    lone = _at_once(url, lone_series, deals)
    eight = _at_once(url, series, deals)
    for name, latencies in (("one table alone", lone), (f"{TABLES} tables at once", eight)):
        print(f"  {name:<20} p50 {statistics.median(latencies) * 1000:7.2f} ms"
              f"   p99 {percentile(latencies, 0.99) * 1000:7.2f} ms"
              f"   ({len(latencies)} deals)")  # fmt: skip
    ratio = statistics.median(eight) / statistics.median(lone)
    print(f"  p50 at {TABLES} tables / p50 of a lone table: {ratio:.2f} (aim: at most 1.30)")
    full_page = _page_seconds(night)
    print(f"  the night's page with {deals} deals at each table / before the first deal: "
          f"{full_page / empty_page:.2f} (the same queries; the fold of more deals)")  # fmt: skip


if __name__ == "__main__":
    main()
