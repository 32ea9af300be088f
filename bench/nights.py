"""Benchmark a club night: eight tables recording at once against one table alone.

    python bench/nights.py [--deals N] [--pace SECONDS] [--smoke]

A night of 48 players is drawn at eight tables of six and its tables started
through the night's services. Tables never wait for each other (item 10 of
the nights issue): the aim is a deal's p50 latency at eight tables at most
1.3× a lone table's. Measured in the same run, two ways:

- at a table's pace: each table's writer process records a deal every
  ``--pace`` seconds (a table really takes minutes; 0.25 s already makes 32
  deals a second for the night), the eight tables at once against one table
  of another night alone at the same pace;
- flat out: eight writers recording as fast as they can, at the eight tables
  of one night against eight tables of eight clubs' nights. On a machine of
  two cores, eight writers flat out share the cores whatever they write, so
  the lone table is no baseline there; the eight clubs are, and the ratio
  says what sharing one night and one club costs (a lock they wait on would
  show here).

Then the night's page (what the big screen polls) is read with eight tables
``--page-deals`` deals in (40 by default), against the same night before its
first deal: it reads each table's standing kept on its score sheet, so its
cost and its number of queries do not grow with the deals (aim: at most 1.5×).

``--smoke`` is the suite's check that every part of it runs: two tables, two
deals, one turn; its figures mean nothing.

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


def _table_writer(
    url: str, series_id: str, count: int, seed: int, ready, pace: float
) -> list[float]:
    """Record ``count`` deals at one table's series, one every ``pace`` seconds
    (0: flat out), from a random start within the first interval; each deal's latency."""
    setup_django(url)
    from uuid import UUID

    from series.domain.events import DealEntry, Hand
    from series.sheets import services

    rng = random.Random(seed)
    series = UUID(series_id)
    state = services.series_load(series)
    ready.wait(timeout=SETUP_TIMEOUT)
    latencies = []
    due = time.perf_counter() + rng.random() * pace
    for _ in range(count):
        if pace:
            time.sleep(max(0.0, due - time.perf_counter()))
            due += pace
        players = list(state.next_players)
        goer = rng.choice(players)
        hands = tuple(Hand(p, points=rng.randint(15, 120)) for p in players if p != goer)
        started = time.perf_counter()
        state = services.deal_record(
            series_id=series,
            entry=DealEntry(goer, hands),
            expected_version=state.version,
            needs_confirmation=False,
        ).state
        latencies.append(time.perf_counter() - started)
    return latencies


def _at_once(url: str, series: list[str], count: int, pace: float = 0.0) -> list[float]:
    import multiprocessing

    ctx = multiprocessing.get_context("spawn")
    with ctx.Manager() as manager, ctx.Pool(len(series)) as pool:
        ready = manager.Barrier(len(series) + 1)
        pending = pool.starmap_async(
            _table_writer,
            [(url, s, count, index, ready, pace) for index, s in enumerate(series)],
        )
        ready.wait(timeout=SETUP_TIMEOUT)
        batches = pending.get()
    return [latency for batch in batches for latency in batch]


def _page_seconds(night_id, repeats: int) -> float:
    from series.nights import selectors

    times = []
    for _ in range(repeats):
        started = time.perf_counter()
        selectors.night_page(night_id)
        times.append(time.perf_counter() - started)
    return statistics.median(times)


def _page_queries(night_id) -> int:
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    from series.nights import selectors

    with CaptureQueriesContext(connection) as queries:
        selectors.night_page(night_id)
    return len(queries.captured_queries)


def _play(series_ids: list[str], count: int, seed: int = 1) -> None:
    """Record ``count`` deals at each table, in this process."""
    from uuid import UUID

    from series.domain.events import DealEntry, Hand
    from series.sheets import services

    rng = random.Random(seed)
    for series_id in series_ids:
        state = services.series_load(UUID(series_id))
        for _ in range(count):
            players = list(state.next_players)
            goer = rng.choice(players)
            hands = tuple(Hand(p, points=rng.randint(15, 120)) for p in players if p != goer)
            state = services.deal_record(
                series_id=UUID(series_id),
                entry=DealEntry(goer, hands),
                expected_version=state.version,
                needs_confirmation=False,
            ).state


def _page_growth(night_id, series_ids: list[str], deals: int, repeats: int) -> None:
    """The night's page before its first deal and ``deals`` deals in at each table."""
    before, queries_before = _page_seconds(night_id, repeats), _page_queries(night_id)
    _play(series_ids, deals)
    after, queries_after = _page_seconds(night_id, repeats), _page_queries(night_id)
    print(
        f"  the night's page with {deals} deals at each of {len(series_ids)} tables / before "
        f"the first deal: {after / before:.2f} (aim: at most 1.50; "
        f"{before * 1000:.2f} ms → {after * 1000:.2f} ms;"
        f" queries {queries_before} → {queries_after})"
    )


def _report(name: str, latencies: list[float]) -> None:
    print(
        f"  {name:<32} p50 {statistics.median(latencies) * 1000:7.2f} ms"
        f"   p99 {percentile(latencies, 0.99) * 1000:7.2f} ms   ({len(latencies)} deals)"
    )


def _ratios(name: str, ratios: list[float], aim: str) -> None:
    turns = ", ".join(f"{r:.2f}" for r in ratios)
    print(f"  {name}: median {statistics.median(ratios):.2f} of turns {turns} ({aim})")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=16, help="deals per table and turn")
    parser.add_argument("--pace", type=float, default=0.25, help="seconds between a table's deals")
    parser.add_argument("--repeats", type=int, default=3, help="turns, alternating the runs")
    parser.add_argument(
        "--page-deals", type=int, default=40, help="deals per table for the night's page"
    )
    parser.add_argument("--tables", type=int, default=8, help="tables of the night")
    parser.add_argument("--smoke", action="store_true", help="two tables, two deals: does it run")
    args = parser.parse_args()
    page_repeats = 30
    if args.smoke:
        args.tables, args.deals, args.pace, args.repeats, args.page_deals = 2, 2, 0.01, 1, 2
        page_repeats = 3
    tables = args.tables
    deals = min(args.deals, (DEALS - 1) // args.repeats)  # each turn plays on the same tables
    url = database_url()
    recreate_database(url)
    setup_django(url)
    from django.core.management import call_command

    from series.clubs import players as player_services
    from series.clubs import services as club_services

    call_command("migrate", verbosity=0)
    add = player_services.player_add

    def club_of(name: str, seats: int):
        club = club_services.club_create(name=name)
        return club, [add(club=club, name=f"{name} {i}").id for i in range(seats)]

    club, players = club_of("Bench club", tables * SEATS)
    _night, series = _open_night(club, players, tables)
    _paced_night, paced = _open_night(*club_of("Paced club", tables * SEATS), tables)
    _lone, lone = _open_night(*club_of("Lone table club", SEATS), 1)
    clubs = [_open_night(*club_of(f"Club {n}", SEATS), 1)[1][0] for n in range(tables)]
    paged_night, paged = _open_night(*club_of("Page club", tables * SEATS), tables)

    print(f"A night's deals, {deals} per table, tables of {SEATS} (PostgreSQL)")
    paced_ratios, shared_ratios = [], []
    for turn in range(1, args.repeats + 1):
        print(f" turn {turn}, at a table's pace (a deal every {args.pace:g} s at each table):")
        alone = _at_once(url, lone, deals, args.pace)
        together = _at_once(url, paced, deals, args.pace)
        _report("one table alone", alone)
        _report(f"{tables} tables of one night at once", together)
        paced_ratios.append(statistics.median(together) / statistics.median(alone))
        print(f" turn {turn}, flat out (every writer as fast as it can):")
        apart = _at_once(url, clubs, deals)
        one_night = _at_once(url, series, deals)
        _report(f"{tables} tables of {tables} clubs", apart)
        _report(f"{tables} tables of one night", one_night)
        shared_ratios.append(statistics.median(one_night) / statistics.median(apart))
    _ratios(
        f"p50 at {tables} tables / a lone table's, at a table's pace",
        paced_ratios,
        "aim: at most 1.30",
    )
    _ratios(
        f"p50 at one night's {tables} tables / {tables} clubs' tables, flat out",
        shared_ratios,
        "what sharing a night and a club costs: 1.00 is nothing",
    )
    _page_growth(paged_night, paged, min(args.page_deals, DEALS - 1), page_repeats)


if __name__ == "__main__":
    main()
