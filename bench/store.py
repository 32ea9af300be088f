"""Benchmark the event store against a floor and a reference, in one run.

    python bench/store.py [--quick | --smoke]

Appends deal events with 1 and 8 concurrent writers through
  (a) our store: services.deal_record (load, decide, append, project),
  (a') store.append alone, as an ordinary deal calls it (one statement),
  (b) the floor: a bare psycopg INSERT of the same rows, in autocommit,
  (c) the reference: the eventsourcing library's PostgreSQL application
      recorder in its default, gap-safe mode (it locks its table),
and prints appends/s, p50/p99 latency and the ratios. An ordinary deal
through the service (neither a series' first deal nor its last) is then
compared with store.append in the same processes, each writer doing one and
then the other in turn, so that the machine's moods touch both alike, and
store.append with the recorder in five short rounds taken in turn. Then it
rebuilds the projections from generated histories of two sizes in child
processes and prints events/s and peak memory, to show memory does not grow
with the log.

``--smoke`` is the suite's check that every part of it runs: a few appends,
by one writer only, one round, small histories; its figures mean nothing.

It works in its own database (BENCH_DATABASE_URL, by default
postgres://postgres@127.0.0.1:5432/scorekeeper_bench), dropped and created
afresh. Absolute times depend on the machine; read the ratios.
"""

from __future__ import annotations

import argparse
import json
import multiprocessing
import os
import random
import resource
import statistics
import subprocess
import sys
import time
import uuid
from pathlib import Path
from urllib.parse import urlparse

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

DEFAULT_URL = "postgres://postgres@127.0.0.1:5432/scorekeeper_bench"
SEATS = 5
SETUP_TIMEOUT = 300  # seconds the writers may take to set up before they start together


def database_url() -> str:
    return os.environ.get("BENCH_DATABASE_URL", DEFAULT_URL)


def recreate_database(url: str) -> None:
    """Drop the bench's database and create it empty, or as a copy of the
    database BENCH_TEMPLATE_DATABASE names on the same server (one migrated
    already, so that a short run does not spend its time migrating)."""
    import psycopg

    parts = urlparse(url)
    name = parts.path.lstrip("/")
    admin = parts._replace(path="/postgres").geturl()
    template = os.environ.get("BENCH_TEMPLATE_DATABASE")
    copy = f' TEMPLATE "{template}"' if template else ""
    with psycopg.connect(admin, autocommit=True) as conn:
        conn.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')
        conn.execute(f'CREATE DATABASE "{name}"{copy}')


def setup_django(url: str) -> None:
    """Production-like settings: DEBUG off, so no query log in memory."""
    os.environ["DATABASE_URL"] = url
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "scorekeeper.settings")
    os.environ.setdefault("LOG_LEVEL", "WARNING")
    os.environ["DEBUG"] = "false"
    os.environ.setdefault("SECRET_KEY", "bench-" + "x" * 44)
    os.environ.setdefault("ALLOWED_HOSTS", "localhost")
    import django

    django.setup()


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))]


class Result:
    def __init__(self, name: str, writers: int, latencies: list[float], elapsed: float):
        self.name, self.writers = name, writers
        self.count = len(latencies)
        self.rate = self.count / elapsed
        self.p50 = statistics.median(latencies) * 1000
        self.p99 = percentile(latencies, 0.99) * 1000

    def line(self) -> str:
        return (
            f"  {self.name:<46} {self.writers} writer(s): {self.rate:8.0f} appends/s"
            f"   p50 {self.p50:6.2f} ms   p99 {self.p99:6.2f} ms"
        )


def run_writers(name: str, writers: int, per_writer: int, work: str, context: dict) -> Result:
    """Run ``work`` in ``writers`` processes at once (real concurrency, unlike
    threads under the GIL); each appends ``per_writer`` events. All writers
    start together once every one has finished its set-up, however long that
    takes on a loaded machine."""
    latencies, elapsed = _run(writers, per_writer, work, context)
    return Result(name, writers, latencies, elapsed)


def _run(writers: int, per_writer: int, work: str, context: dict) -> tuple[list, float]:
    ctx = multiprocessing.get_context("spawn")
    with ctx.Manager() as manager, ctx.Pool(writers) as pool:
        ready = manager.Barrier(writers + 1)
        pending = pool.starmap_async(
            _writer, [(work, index, per_writer, context, ready) for index in range(writers)]
        )
        ready.wait(timeout=SETUP_TIMEOUT)
        started = time.time()
        batches = pending.get()
    latencies = [latency for batch, _end in batches for latency in batch]
    late = [end for _batch, end in batches]
    return latencies, max(late) - started


def paired_ratio(writers: int, per_writer: int, context: dict) -> str:
    """Aim 1 of the store: an ordinary deal through the service against a bare
    ``store.append``, each writer doing one then the other in turn."""
    pairs, _elapsed = _run(writers, per_writer, "paired", context)
    deal = statistics.median(ours for ours, _append in pairs) * 1000
    append = statistics.median(appended for _ours, appended in pairs) * 1000
    return (
        f"  an ordinary deal through the service / store.append at {writers} writer(s), "
        f"in turn in the same processes, from p50 latency ({deal:.2f} ms against "
        f"{append:.2f} ms, {len(pairs)} pairs): {append / deal:.2f}"
    )


def alternating_ratio(writers: int, per_writer: int, context: dict, rounds: int) -> str:
    """store.append against the eventsourcing recorder in ``rounds`` short runs
    taken in turn (one of ours, one of theirs, and again), so that a busy
    moment of the machine falls on both alike: the median of the rounds'
    throughput ratios, with the lowest and the highest."""
    ratios = []
    for _round in range(rounds):
        ours = run_writers("append", writers, per_writer, "append", context)
        theirs = run_writers("reference", writers, per_writer, "reference", context)
        ratios.append(ours.rate / theirs.rate)
    return (
        f"  store.append / eventsourcing at {writers} writer(s), {rounds} rounds in turn: "
        f"median {statistics.median(ratios):.2f} (from {min(ratios):.2f} to {max(ratios):.2f})"
    )


def _writer(work: str, index: int, count: int, context: dict, ready):
    setup_django(context["url"])
    function = {
        "ours": our_store_work,
        "append": store_append_work,
        "floor": bare_insert_work,
        "reference": eventsourcing_work,
        "paired": paired_work,
    }[work]
    run = function(context)
    ready.wait(timeout=SETUP_TIMEOUT)
    latencies: list = []
    run(index, count, latencies)
    return latencies, time.time()


# -- the three ways to append -------------------------------------------------


def deal_points(rng: random.Random, players: list[int], goer: int) -> dict[int, int]:
    return {p: rng.randint(15, 120) for p in players if p != goer}


def series_deals(context: dict, rng: random.Random, index: int):
    """Deals through the service, series after series: each call of the
    returned function records one deal (starting a series when none is open)
    and gives its latency and whether it was an ordinary deal (neither the
    series' first nor its last)."""
    from series.domain.events import DealEntry, Hand
    from series.models import Club
    from series.sheets import services

    club = Club.objects.get(id=context["club_id"])
    # Each writer's table has its own players: nobody sits at two open tables (RULES D-19).
    player_ids = context["player_ids"][index * SEATS : (index + 1) * SEATS]
    table = {"series": None, "state": None}

    def deal() -> tuple[float, bool]:
        if table["state"] is None or not table["state"].is_open:
            seats = rng.sample(player_ids, SEATS)
            result = services.series_start(club=club, players=seats, first_dealer=seats[0])
            table["series"], table["state"] = result.series_id, result.state
        state = table["state"]
        players = list(state.next_players)
        goer = rng.choice(players)
        entry = DealEntry(
            went_out=goer,
            hands=tuple(Hand(p, points=n) for p, n in deal_points(rng, players, goer).items()),
        )
        started = time.perf_counter()
        after = services.deal_record(
            series_id=table["series"],
            entry=entry,
            expected_version=state.version,
            needs_confirmation=False,  # as the API passes the club it read
        ).state
        latency = time.perf_counter() - started
        table["state"] = after
        return latency, bool(state.deals) and after.is_open

    return deal


def our_store_work(context: dict):
    def work(index: int, count: int, latencies: list[float]) -> None:
        deal = series_deals(context, random.Random(index), index)
        for _ in range(count):
            latencies.append(deal()[0])

    return work


def paired_work(context: dict):
    """A deal through the service, then a bare ``store.append`` of a deal event,
    in turn in the same process: their ratio is measured at the same moments,
    whatever else the machine is doing. Latencies as (ordinary deal, append)."""

    def work(index: int, count: int, latencies: list) -> None:
        rng = random.Random(index)
        deal = series_deals(context, rng, index)
        stream, version = uuid.uuid4(), 0
        while len(latencies) < count:
            latency, ordinary = deal()
            appended = timed_append(context, rng, stream, version)
            version += 1
            if ordinary:
                latencies.append((latency, appended))

    return work


def sample_payload(rng: random.Random, player_ids: list[int], number: int) -> dict:
    seats = player_ids[:SEATS]
    goer = rng.choice(seats)
    return {
        "number": number,
        "dealer": seats[(number - 1) % SEATS],
        "tiebreak": False,
        "went_out": goer,
        "hands": [{"player": p, "points": n} for p, n in deal_points(rng, seats, goer).items()],
    }


def timed_append(context: dict, rng: random.Random, stream: uuid.UUID, version: int) -> float:
    """Append one deal event after ``version`` with ``store.append`` as an
    ordinary deal calls it: one statement, which is its own transaction, so
    the log's lock is held for no round trip; its latency."""
    from series.domain.events import DealEntry, DealRecorded
    from series.eventstore import store
    from series.eventstore.transcoder import from_stored

    payload = sample_payload(rng, context["player_ids"], version + 1)
    event = DealRecorded(version + 1, payload["dealer"], False, from_stored(DealEntry, payload))
    assert store.one_statement([event])
    started = time.perf_counter()
    store.append(stream, club_id=context["club_id"], expected_version=version, events=[event])
    return time.perf_counter() - started


def store_append_work(context: dict):
    def work(index: int, count: int, latencies: list[float]) -> None:
        rng = random.Random(index)
        stream = uuid.uuid4()
        for version in range(count):
            latencies.append(timed_append(context, rng, stream, version))

    return work


def bare_insert_work(context: dict):
    import psycopg
    from psycopg.types.json import Jsonb

    url, club_id, player_ids = context["url"], context["club_id"], context["player_ids"]

    def work(index: int, count: int, latencies: list[float]) -> None:
        rng = random.Random(index)
        # Autocommit: each INSERT is its own transaction, as store.append's one
        # statement is, so neither side pays a COMMIT round trip the other does not.
        with psycopg.connect(url, autocommit=True) as conn:
            stream = uuid.uuid4()
            for version in range(1, count + 1):
                payload = sample_payload(rng, player_ids, version)
                started = time.perf_counter()
                conn.execute(
                    "INSERT INTO series_event (stream, club_id, version, type, payload,"
                    " schema_version, recorded_at) VALUES (%s, %s, %s, %s, %s, 1, now())",
                    (stream, club_id, version, "DealRecorded", Jsonb(payload)),
                )
                latencies.append(time.perf_counter() - started)

    return work


def reference_recorder(context: dict):
    from eventsourcing.postgres import PostgresApplicationRecorder, PostgresDatastore

    parts = urlparse(context["url"])
    datastore = PostgresDatastore(
        dbname=parts.path.lstrip("/"),
        host=parts.hostname,
        port=parts.port or 5432,
        user=parts.username or "postgres",
        password=parts.password or "",
    )
    return PostgresApplicationRecorder(datastore, events_table_name="reference_events")


def eventsourcing_work(context: dict):
    from eventsourcing.persistence import StoredEvent

    recorder = reference_recorder(context)

    def work(index: int, count: int, latencies: list[float]) -> None:
        rng = random.Random(index)
        stream = uuid.uuid4()
        for version in range(1, count + 1):
            state = json.dumps(sample_payload(rng, context["player_ids"], version)).encode()
            started = time.perf_counter()
            recorder.insert_events([StoredEvent(stream, version, "DealRecorded", state)])
            latencies.append(time.perf_counter() - started)

    return work


# -- rebuild ------------------------------------------------------------------


def generate_history(url: str, deal_events: int, club_id: int, player_ids: list[int]) -> int:
    """Play random valid series in memory and COPY their events into the log."""
    from datetime import UTC, datetime

    import psycopg

    from series.domain.events import DealEntry, Hand
    from series.domain.rules import rules_from
    from series.domain.series import RecordDeal, SeriesState, StartSeries, decide, fold
    from series.eventstore.mapper import to_payload

    rng = random.Random(7)
    rules = rules_from()
    now = datetime.now(UTC)
    written = deals = 0
    with psycopg.connect(url) as conn, conn.cursor() as cursor:
        with cursor.copy(
            "COPY series_event (stream, club_id, version, type, payload, schema_version,"
            " recorded_at) FROM STDIN"
        ) as copy:
            while deals < deal_events:
                seats = tuple(rng.sample(player_ids, SEATS))
                events = decide(SeriesState(), StartSeries(club_id, seats, seats[0], rules))
                state = fold(events)
                while state.is_open and deals < deal_events:
                    players = state.next_players
                    goer = rng.choice(players)
                    hands = tuple(
                        Hand(p, points=n) for p, n in deal_points(rng, players, goer).items()
                    )
                    new = decide(state, RecordDeal(DealEntry(goer, hands)))
                    state = fold(new, state)
                    events += new
                    deals += 1
                stream = uuid.uuid4()
                for version, event in enumerate(events, start=1):
                    type_name, payload = to_payload(event)
                    copy.write_row(
                        (stream, club_id, version, type_name, json.dumps(payload), 1, now)
                    )
                    written += 1
        conn.commit()
    return written


def child_rebuild(url: str) -> None:
    """Run one rebuild and print events, seconds and peak memory as JSON."""
    setup_django(url)
    from series.sheets import projection

    started = time.perf_counter()
    events = projection.rebuild()
    elapsed = time.perf_counter() - started
    peak_kib = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    print(json.dumps({"events": events, "seconds": elapsed, "peak_mib": peak_kib / 1024}))


def measure_rebuild(url: str, club_id: int, player_ids: list[int], deal_events: int) -> dict:
    import psycopg

    with psycopg.connect(url, autocommit=True) as conn:
        conn.execute("SET session_replication_role = replica")  # empty the bench log
        conn.execute(
            "TRUNCATE series_event, series_dealscore, series_dealline,"
            " series_seriesseat, series_seriessheet"
        )
    generate_history(url, deal_events, club_id, player_ids)
    output = subprocess.run(
        [sys.executable, __file__, "--child-rebuild"],
        check=True,
        capture_output=True,
        text=True,
        env={**os.environ, "BENCH_DATABASE_URL": url},
    ).stdout
    return json.loads(output.strip().splitlines()[-1])


# -- main ---------------------------------------------------------------------


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--appends", type=int, default=2000, help="appends per configuration")
    parser.add_argument("--rebuild-events", type=int, default=100_000)
    parser.add_argument("--quick", action="store_true", help="a short run")
    parser.add_argument("--smoke", action="store_true", help="a few appends: does it run")
    parser.add_argument("--child-rebuild", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args()
    url = database_url()
    if args.child_rebuild:
        child_rebuild(url)
        return
    if args.quick:
        args.appends, args.rebuild_events = 400, 10_000
    counts, rounds = (1, 8), 5  # concurrent writers, rounds of the recorder's ratio
    if args.smoke:
        args.appends, args.rebuild_events, counts, rounds = 20, 200, (1,), 1

    recreate_database(url)
    setup_django(url)
    from django.core.management import call_command

    from series.clubs import players as player_services
    from series.clubs import services as club_services

    call_command("migrate", verbosity=0)
    club = club_services.club_create(name="Bench club")
    players = iter(range(1_000_000))

    def seated(context: dict) -> dict:
        """``context`` with players of their own for the most writers' tables of SEATS
        each: a run through the service leaves its series open, and nobody sits at
        two open tables (RULES D-19)."""
        ids = [
            player_services.player_add(club=club, name=f"P{next(players)}").id
            for _ in range(max(counts) * SEATS)
        ]
        return {**context, "player_ids": ids}

    context = seated({"url": url, "club_id": club.id})
    player_ids = context["player_ids"]
    recorder = reference_recorder(context)
    recorder.create_table()
    recorder.datastore.close()
    print(f"Appending {args.appends} deal events per configuration (PostgreSQL)")
    for writers in counts:
        per_writer = args.appends // writers
        ours, append, floor, reference = (
            run_writers(
                name, writers, per_writer, work, seated(context) if work == "ours" else context
            )
            for name, work in [
                ("(a) our service: load+decide+append+project", "ours"),
                ("(a') our store.append alone", "append"),
                ("(b) bare INSERT, autocommit (floor)", "floor"),
                ("(c) eventsourcing recorder", "reference"),
            ]
        )
        for result in (ours, append, floor, reference):
            print(result.line())
        print(
            f"  ratios at {writers} writer(s), throughput: store.append / floor "
            f"{append.rate / floor.rate:.2f}, store.append / eventsourcing "
            f"{append.rate / reference.rate:.2f}, service / floor {ours.rate / floor.rate:.2f}, "
            f"service / eventsourcing {ours.rate / reference.rate:.2f}"
        )
        print(
            f"  throughput of whole series through the service (starts and finishing deals "
            f"included) / store.append at {writers} writer(s): {ours.rate / append.rate:.2f}"
        )
        print(paired_ratio(writers, per_writer, seated(context)))
        print(alternating_ratio(writers, max(per_writer // 4, 10), context, rounds))

    print(f"\nRebuilding projections (child processes, {SEATS}-player series)")
    sizes = [args.rebuild_events // 4, args.rebuild_events]
    measured = [measure_rebuild(url, club.id, player_ids, size) for size in sizes]
    for size, data in zip(sizes, measured, strict=True):
        print(
            f"  {size:>7} deal events ({data['events']} events in all): {data['seconds']:6.1f} s,"
            f" {data['events'] / data['seconds']:8.0f} events/s, peak {data['peak_mib']:.0f} MiB"
        )
    small, large = measured
    print(
        f"  memory ratio {sizes[1] // sizes[0]}× the log: "
        f"{large['peak_mib'] / small['peak_mib']:.2f}× the peak"
    )


if __name__ == "__main__":
    main()
