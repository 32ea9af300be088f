"""Load and fault test: scorers playing whole series against two app servers.

    python bench/load.py [--scorers 8] [--seconds 20] [--fault] [--quick | --smoke]
    python bench/load.py --open-loop [--rates 5,10,20] [--step-seconds 15] [--pause 2]

Starts two `gunicorn` app servers on PostgreSQL (two ports, as two machines
behind a load balancer would run) and the league's follower beside them (as
`make serve` does: it counts the series that finish), then runs concurrent scorers, each playing
whole Continental series through the REST API (start, then every deal with
an Idempotency-Key) against both servers in turn, for a bounded time. It
prints deals/s and p50/p99 latency, then checks that
- every acknowledged (201) deal is in the log exactly once,
- the projections equal a rebuild from the log (checksum before and after),
- no request got a 5xx.
With --fault it kills both servers with SIGKILL in the middle of the load,
restarts them, and the scorers retry what was in flight with the same keys:
the same checks must still hold (nothing half-recorded, retries land once).

With --open-loop the load comes from tables instead, in clubs of eight tables
(--tables-per-club: a club night; each club's league is counted on its own):
each pauses (--pause) between its requests as a real table does between deals, and requests arrive
at a fixed rate whatever the servers answer (no coordinated omission: a
request is timed from when it was due). The rate is stepped up (--rates,
--step-seconds each, after an unreported warm-up) until the servers fall
behind the arrivals; it prints each step and the highest rate at which p99
stayed under 50 ms, then makes the same checks.

With --watchers N the open loop runs at one rate (--watch-rate, from tables
pausing --watch-pause s) twice, once without and once with N spectators,
each following one table's live view (a conditional GET of its fragment
every 4 s with the ETag it last got, on a schedule of its own, as the
tables' requests are): it prints the deal p99 of both and their ratio.
With --replica as well it makes its own primary and a streaming standby of
it (tests/support/standby.py) and does the same twice more with the
servers reading the standby (DATABASE_REPLICA_URLS), so primary only and
primary + replica are compared in one run.

``--smoke`` is the suite's check that a mode runs: a second or two (a step,
a phase) of load from two scorers (or tables, or spectators) against the two
servers of one worker each; its figures mean nothing.

Only 127.0.0.1 is ever contacted. Its own database (LOAD_DATABASE_URL,
default postgres://postgres@127.0.0.1:5432/scorekeeper_bench_load) is
dropped and created afresh.
"""

from __future__ import annotations

import argparse
import http.client
import json
import math
import multiprocessing
import os
import random
import secrets
import signal
import statistics
import subprocess
import sys
import threading
import time
import uuid
from concurrent.futures import ThreadPoolExecutor, wait
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from bench.store import percentile, recreate_database, setup_django  # noqa: E402

DEFAULT_URL = "postgres://postgres@127.0.0.1:5432/scorekeeper_bench_load"
PORTS = (8101, 8102)
SEATS = 5
P99_LIMIT_MS = 50.0
WATCH_INTERVAL = 4.0  # seconds between a spectator's polls, as static/js/app.js polls
# One key for the servers and this process, which signs the live views' links.
SECRET_KEY = "load-" + secrets.token_urlsafe(40)


def server_env(url: str, replicas: str | None = None) -> dict[str, str]:
    env = {
        **os.environ,
        "DATABASE_URL": url,
        "DEBUG": "false",
        "HTTPS": "false",  # plain HTTP on loopback, as behind a TLS proxy
        "SECRET_KEY": SECRET_KEY,
        "ALLOWED_HOSTS": "127.0.0.1,localhost",
        "STATIC_MANIFEST": "false",
        "LOG_LEVEL": "WARNING",
    }
    env.pop("DATABASE_REPLICA_URLS", None)
    if replicas:
        env["DATABASE_REPLICA_URLS"] = replicas
    return env


class Servers:
    """Two gunicorn app servers and the league's follower, each in its own
    process group; ``replicas`` (DATABASE_REPLICA_URLS) adds read replicas."""

    def __init__(self, url: str, workers: int, replicas: str | None = None) -> None:
        self.env = server_env(url, replicas)
        self.workers = workers
        self.processes: list[subprocess.Popen] = []

    def start(self) -> None:
        follower = [sys.executable, "manage.py", "follow_log"]
        self.processes = [
            subprocess.Popen(command, cwd=ROOT, env=self.env, start_new_session=True)
            for command in [*(self.command(port) for port in PORTS), follower]
        ]
        for port in PORTS:
            wait_for(port)

    def command(self, port: int) -> list[str]:
        gunicorn = str(Path(sys.executable).parent / "gunicorn")
        bind = f"127.0.0.1:{port}"
        return [
            gunicorn,
            "scorekeeper.wsgi",
            "--bind",
            bind,
            "--workers",
            str(self.workers),
            "--log-level",
            "warning",
        ]

    def kill(self) -> None:
        """SIGKILL every process of both servers and the follower, as a power cut would."""
        for process in self.processes:
            os.killpg(process.pid, signal.SIGKILL)
            process.wait()

    def stop(self) -> None:
        for process in self.processes:
            os.killpg(process.pid, signal.SIGTERM)
            process.wait()


def wait_for(port: int, timeout: float = 30) -> None:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        try:
            connection = http.client.HTTPConnection("127.0.0.1", port, timeout=2)
            connection.request("GET", "/healthz")
            if connection.getresponse().status == 200:
                return
        except OSError:
            time.sleep(0.2)
    raise RuntimeError(f"the app server on port {port} did not start")


class Tally:
    """What the scorers saw, shared between their threads."""

    def __init__(self) -> None:
        self.lock = threading.Lock()
        self.latencies: list[float] = []
        self.deal_latencies: list[float] = []  # of the deals alone
        self.acknowledged: list[str] = []  # idempotency keys of deals answered 201
        self.statuses: dict[int, int] = {}
        self.retries = 0

    def merge(self, other: Tally) -> None:
        with self.lock:
            self.latencies += other.latencies
            self.deal_latencies += other.deal_latencies
            self.acknowledged += other.acknowledged
            for status, count in other.statuses.items():
                self.statuses[status] = self.statuses.get(status, 0) + count
            self.retries += other.retries

    def record(self, status: int, latency: float, key: str | None) -> None:
        with self.lock:
            self.statuses[status] = self.statuses.get(status, 0) + 1
            self.latencies.append(latency)
            if key:
                self.deal_latencies.append(latency)
            if status == 201 and key:
                self.acknowledged.append(key)


class Client:
    """Posts to both servers in turn, retrying what a dropped connection cut off."""

    def __init__(self, token: str, tally: Tally, turn: int) -> None:
        self.headers = {"Authorization": f"Token {token}", "Content-Type": "application/json"}
        self.tally, self.turn = tally, turn

    def post(self, path: str, body: dict, *, key: str, since: float | None = None) -> dict:
        """POST with an idempotency key; on a dropped connection, retry the same.
        The latency counts from ``since`` when given (an open-loop arrival)."""
        payload = json.dumps(body)
        headers = {**self.headers, "Idempotency-Key": key}
        while True:
            port = PORTS[self.turn % len(PORTS)]
            self.turn += 1
            started = time.perf_counter() if since is None else since
            try:
                connection = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
                connection.request("POST", path, payload, headers)
                response = connection.getresponse()
                data = response.read()
            except (OSError, http.client.HTTPException):  # the server went away mid-request
                with self.tally.lock:
                    self.tally.retries += 1
                time.sleep(0.2)
                continue
            finally:
                connection.close()
            latency = time.perf_counter() - started
            is_deal = path.endswith("/deals")
            self.tally.record(response.status, latency, key if is_deal else None)
            if response.status == 201:
                return json.loads(data)
            raise RuntimeError(f"{path} answered {response.status}: {data[:300]!r}")


class Table:
    """One table's series, a request at a time: a start, then its deals."""

    def __init__(
        self,
        index: int,
        client: Client,
        players: list[int],
        club: str,
        seat_block: int | None = None,
    ) -> None:
        self.rng = random.Random(index)
        # The table's own players (block ``seat_block`` of its club's): nobody
        # sits at two open tables (RULES D-19).
        block = index if seat_block is None else seat_block
        players = players[block * SEATS : (block + 1) * SEATS]
        self.client, self.players, self.club = client, players, club
        self.index = index
        self.state: dict | None = None
        self.busy = threading.Lock()  # a table sends its next request after the last answer
        self.shown = None  # where spectators in another process look up the series played

    def show(self) -> None:
        if self.shown is not None and self.shown[self.index] != self.state["id"]:
            self.shown[self.index] = self.state["id"]

    def next_request(self, since: float | None = None) -> None:
        with self.busy:
            if self.state is None or self.state["status"] not in ("in_progress", "tiebreak"):
                seats = self.rng.sample(self.players, SEATS)
                body = {"club": self.club, "players": seats, "first_dealer": seats[0]}
                self.state = self.client.post(
                    "/api/v1/series", body, key=f"start-{uuid.uuid4()}", since=since
                )
                self.show()
                return
            state = self.state
            playing = state["tiebreak_players"] or [p["id"] for p in state["players"]]
            goer = self.rng.choice(playing)
            deal = {
                "expected_version": state["version"],
                "went_out": goer,
                "hands": [
                    {"player": p, "points": self.rng.randint(15, 120)} for p in playing if p != goer
                ],
            }
            path = f"/api/v1/series/{state['id']}/deals"
            self.state = self.client.post(path, deal, key=str(uuid.uuid4()), since=since)


class Scorer(threading.Thread):
    """A closed-loop scorer: plays whole series, one request after the other, until
    time is up."""

    def __init__(
        self, index: int, token: str, players: list[int], club: str, tally: Tally, until: float
    ) -> None:
        super().__init__(daemon=True)
        self.table = Table(index, Client(token, tally, index), players, club)
        self.until = until
        self.error: BaseException | None = None

    def run(self) -> None:
        try:
            while time.monotonic() < self.until:
                self.table.next_request()
        except BaseException as error:  # reported by the main thread
            self.error = error


Club = tuple[str, list[int]]  # a club's slug and its players' ids


def prepare(url: str, clubs: int = 1, tables_each: int = 1) -> tuple[str, list[Club]]:
    """Clubs with players for ``tables_each`` tables each, with one scorer in all;
    returns the scorer's token and the clubs."""
    recreate_database(url)
    setup_django(url)
    from django.contrib.auth import get_user_model
    from django.core.management import call_command

    from series.clubs import players as player_services
    from series.clubs import services as club_services
    from series.models import DeviceToken

    call_command("migrate", verbosity=0)
    call_command("collectstatic", interactive=False, verbosity=0)
    scorer = get_user_model().objects.create_user("scorer", password=secrets.token_urlsafe(12))
    made = []
    for number in range(clubs):
        club = club_services.club_create(name=f"Load club {number + 1}", admin=scorer)
        players = [
            player_services.player_add(club=club, name=f"Player {i}").id
            for i in range(tables_each * SEATS)
        ]
        made.append((club.slug, players))
    _row, token = DeviceToken.objects.create(user=scorer)
    return token, made


def verify(tally: Tally) -> list[str]:
    """The checks after the load; returns the problems found."""
    from django.db.models import Max

    from series.backup import checksum
    from series.eventstore import projectors
    from series.models import Checkpoint, Event
    from series.sheets import projection

    problems = []
    if any(status >= 500 for status in tally.statuses):
        problems.append(f"server errors: {tally.statuses}")
    stored = Event.objects.filter(type="DealRecorded", idempotency_key__isnull=False)
    keys = [key.split(":", 1)[1] for key in stored.values_list("idempotency_key", flat=True)]
    missing = set(tally.acknowledged) - set(keys)
    if missing:
        problems.append(f"{len(missing)} acknowledged deals are not in the log")
    if len(keys) != len(set(keys)):
        problems.append("a deal was recorded twice")
    # The follower ran beside the servers; what it had not read yet when they
    # stopped, it reads now.
    read = Checkpoint.objects.filter(projector="league").values_list("position", flat=True)
    behind = (Event.objects.aggregate(last=Max("position"))["last"] or 0) - (read.first() or 0)
    started = time.perf_counter()
    projectors.follow_log()
    print(
        f"  the league's follower was {behind} events behind when the load stopped; "
        f"it read them in {time.perf_counter() - started:.2f} s"
    )
    before = checksum.table_digests()
    projection.rebuild()
    after = checksum.table_digests()
    if after != before:
        differ = ", ".join(table for table in after if after[table] != before[table])
        problems.append(f"the projections differ from a rebuild of the log: {differ}")
    return problems


@dataclass
class Step:
    rate: float  # arrivals per second asked for
    tables: int
    requests: int
    seconds: float
    p50: float  # ms, from each request's scheduled arrival
    p99: float
    problems: list[str]

    @property
    def passed(self) -> bool:
        return not self.problems and self.p99 < P99_LIMIT_MS

    def line(self) -> str:
        verdict = "ok" if self.passed else "over" if not self.problems else "; ".join(self.problems)
        return (
            f"  {self.rate:6.0f} arrivals/s, {self.tables:4} tables: {self.requests:6} requests "
            f"({self.requests / self.seconds:6.1f}/s), p50 {self.p50:7.1f} ms, "
            f"p99 {self.p99:7.1f} ms  {verdict}"
        )


def arrive(pool, tables: list[Table], rate: float, step_seconds: float, tally: Tally) -> Step:
    """One step of the open loop: requests from ``tables`` in turn at ``rate``
    per second for ``step_seconds``, each timed from when it was due."""
    for table in tables:
        table.client.tally = tally
    arrivals = []
    start = time.perf_counter() + 0.05
    for arrival in range(int(rate * step_seconds)):
        at = start + arrival / rate
        time.sleep(max(0.0, at - time.perf_counter()))
        arrivals.append(pool.submit(tables[arrival % len(tables)].next_request, at))
    wait(arrivals)
    seconds = time.perf_counter() - start
    problems = [f"{f.exception()}" for f in arrivals if f.exception()][:1]
    if any(status >= 500 for status in tally.statuses):
        problems.append(f"server errors: {tally.statuses}")
    latencies = tally.latencies or [0.0]
    return Step(
        rate,
        len(tables),
        len(tally.latencies),
        seconds,
        statistics.median(latencies) * 1000,
        percentile(latencies, 0.99) * 1000,
        problems,
    )


def open_loop(args, token: str, clubs: list[Club], total: Tally) -> list[Step]:
    """Arrivals at a fixed rate, stepped up until the servers fall behind. Each table
    pauses ``args.pause`` seconds between its requests, as a real table plays its
    deals; a request is timed from its scheduled arrival, so time spent queueing
    counts (an open loop: the clients do not slow down when the servers do)."""
    tables: list[Table] = []
    steps = []
    rates = [float(rate) for rate in args.rates.split(",")]
    most = math.ceil(max(rates) * args.pause)
    with ThreadPoolExecutor(max_workers=most) as pool:
        # A warm-up at the first rate, not reported: every worker connects and
        # loads what it loads once.
        for n, rate in enumerate([rates[0], *rates]):
            tally = Tally()
            count = max(1, math.ceil(rate * args.pause))
            while len(tables) < count:
                club, players = clubs[len(tables) // args.tables_per_club % len(clubs)]
                block = len(tables) % args.tables_per_club
                tables.append(
                    Table(len(tables), Client(token, tally, len(tables)), players, club, block)
                )
            step = arrive(pool, tables[:count], rate, args.step_seconds, tally)
            total.merge(tally)
            if n == 0:
                continue
            steps.append(step)
            print(step.line(), flush=True)
            if step.problems or step.requests / step.seconds < 0.9 * rate:
                break  # errors, or the servers no longer keep up with the arrivals
    return steps


class Watchers:
    """Spectators, each following one table's live view as a phone does: a GET
    of its fragment every ``WATCH_INTERVAL`` seconds with ``If-None-Match``
    (the ETag it last got), at times fixed in advance whatever the servers
    answer (an open loop, like the tables'), spread over both servers."""

    def __init__(self, count: int, shown, seed: int = 7) -> None:
        rng = random.Random(seed)
        self.count, self.shown = count, shown  # the series each table plays, by table
        self.offsets = [rng.uniform(0, WATCH_INTERVAL) for _ in range(count)]
        self.etags: dict[tuple[int, str], str] = {}
        self.paths: dict[str, str] = {}
        self.lock = threading.Lock()
        self.latencies: list[float] = []
        self.statuses: dict[int, int] = {}
        self.error: BaseException | None = None

    def path(self, series_id: str) -> str:
        """The live link a member of the table's club shares (its admin's)."""
        from series.sheets import live_links, selectors

        if series_id not in self.paths:
            sheet = selectors.series_sheet(uuid.UUID(series_id))
            admin = sheet.club.memberships.filter(role="admin").first().user
            token = live_links.token(live_links.key_for(sheet, admin))
            self.paths[series_id] = f"/live/{token}/sheet/"
        return self.paths[series_id]

    def watch(self, seconds: float) -> None:
        """Poll for ``seconds``; returns once the last poll is answered."""
        polls = sorted(
            (start * WATCH_INTERVAL + offset, watcher)
            for start in range(max(1, int(seconds / WATCH_INTERVAL)))
            for watcher, offset in enumerate(self.offsets)
        )
        with ThreadPoolExecutor(max_workers=min(self.count, 32)) as pool:
            begin = time.perf_counter() + 0.05
            done = []
            for due, watcher in polls:
                at = begin + due
                time.sleep(max(0.0, at - time.perf_counter()))
                done.append(pool.submit(self.poll, watcher, at))
            wait(done)
        errors = [f.exception() for f in done if f.exception()]
        self.error = errors[0] if errors else None

    def poll(self, watcher: int, since: float) -> None:
        series_id = self.shown[watcher % len(self.shown)]
        if not series_id:
            return  # the table has not started its series yet
        headers = {}
        if (watcher, series_id) in self.etags:
            headers["If-None-Match"] = self.etags[watcher, series_id]
        port = PORTS[watcher % len(PORTS)]
        connection = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
        try:
            connection.request("GET", self.path(series_id), headers=headers)
            response = connection.getresponse()
            response.read()
        finally:
            connection.close()
        latency = time.perf_counter() - since
        if response.status == 200 and response.getheader("ETag"):
            self.etags[watcher, series_id] = response.getheader("ETag")
        with self.lock:
            self.latencies.append(latency)
            self.statuses[response.status] = self.statuses.get(response.status, 0) + 1

    def line(self) -> str:
        latencies = self.latencies or [0.0]
        answered = sum(self.statuses.values()) or 1
        return (
            f"    {self.count} spectators: {len(self.latencies)} polls, "
            f"{100 * self.statuses.get(304, 0) / answered:.0f} % answered 304, "
            f"p50 {statistics.median(latencies) * 1000:.1f} ms, "
            f"p99 {percentile(latencies, 0.99) * 1000:.1f} ms"
        )


def spectate(count: int, shown, seconds: float, ready, answers) -> None:
    """The spectators, in a process of their own (their threads would hold the
    tables' timers up otherwise): each opens the page once (a round of polls,
    not counted, which hands it the sheet's ETag), then polls for ``seconds``."""
    watchers = Watchers(count, shown)
    watchers.watch(WATCH_INTERVAL)
    watchers.latencies, watchers.statuses = [], {}
    ready.set()
    watchers.watch(seconds)
    error = f"{watchers.error}" if watchers.error else None
    answers.put((watchers.latencies, watchers.statuses, error))


@dataclass
class Watched:
    """The deal latency at one rate, without and with spectators, on one setup."""

    setup: str
    quiet: list[float]  # deal latencies, s
    watched: list[float]
    watchers: Watchers

    @property
    def ratio(self) -> float:
        return self.p99(self.watched) / self.p99(self.quiet)

    @staticmethod
    def p99(latencies: list[float]) -> float:
        return percentile(latencies or [0.0], 0.99) * 1000


def watched_loop(args, token: str, clubs: list[Club], url: str, setups, total: Tally):
    """For each setup (a name and DATABASE_REPLICA_URLS or None): servers
    started afresh, a warm-up, then the open loop at ``args.watch_rate`` without
    spectators and again with ``args.watchers`` of them. Returns what each saw."""
    count = max(1, math.ceil(args.watch_rate * args.watch_pause))
    results = []
    for number, (setup, replicas) in enumerate(setups):
        servers = Servers(url, args.workers, replicas)
        servers.start()
        try:
            tables = []
            shown = multiprocessing.Manager().list([""] * count)
            for index in range(count):
                club, players = clubs[index // args.tables_per_club % len(clubs)]
                # Its own players in its club, the next setup's others: the series of
                # one setup are still open in the next (D-19).
                block = number * args.tables_per_club + index % args.tables_per_club
                tables.append(Table(index, Client(token, Tally(), index), players, club, block))
                tables[-1].shown = shown
            with ThreadPoolExecutor(max_workers=count) as pool:
                runs = {}
                # The warm-up gives every table one request: each starts its series.
                for phase, seconds in (
                    ("warm-up", count / args.watch_rate),
                    ("quiet", args.watch_seconds),
                    ("watched", args.watch_seconds),
                ):
                    tally = Tally()
                    watchers = Watchers(args.watchers, shown)
                    if phase == "watched":
                        fork = multiprocessing.get_context("fork")
                        ready, answers = fork.Event(), fork.Queue()
                        spectators = fork.Process(
                            target=spectate,
                            args=(args.watchers, shown, seconds, ready, answers),
                        )
                        spectators.start()
                        ready.wait()
                    step = arrive(pool, tables, args.watch_rate, seconds, tally)
                    if phase == "watched":
                        watchers.latencies, watchers.statuses, error = answers.get()
                        spectators.join()
                        watchers.error = error
                    total.merge(tally)
                    problems = step.problems + (
                        [f"a spectator: {watchers.error}"] if watchers.error else []
                    )
                    if any(status >= 500 for status in watchers.statuses):
                        problems.append(f"server errors to spectators: {watchers.statuses}")
                    if problems:
                        raise RuntimeError(f"{setup}, {phase}: {'; '.join(problems)}")
                    runs[phase] = (tally.deal_latencies, watchers)
            result = Watched(setup, runs["quiet"][0], runs["watched"][0], runs["watched"][1])
            print(
                f"  {setup}: deal p99 {result.p99(result.quiet):.1f} ms without spectators, "
                f"{result.p99(result.watched):.1f} ms with {args.watchers}: "
                f"× {result.ratio:.2f}",
                flush=True,
            )
            print(result.watchers.line(), flush=True)
            results.append(result)
        finally:
            servers.stop()
    return results


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--scorers", type=int, default=8)
    parser.add_argument("--seconds", type=float, default=20)
    parser.add_argument("--workers", type=int, default=2, help="gunicorn workers per server")
    parser.add_argument("--fault", action="store_true", help="kill -9 the servers mid-load")
    parser.add_argument("--quick", action="store_true", help="a short run")
    parser.add_argument("--smoke", action="store_true", help="two seconds: does it run")
    parser.add_argument(
        "--open-loop",
        action="store_true",
        help="arrivals at fixed rates, stepped up, instead of closed-loop scorers",
    )
    parser.add_argument(
        "--rates",
        default="5,10,20,30,40,60,80,100,120",
        help="open loop: the arrival rates to step through (requests/s)",
    )
    parser.add_argument("--step-seconds", type=float, default=15, help="open loop: per rate")
    parser.add_argument(
        "--pause",
        type=float,
        default=2.0,
        help="open loop: seconds a table waits between its requests",
    )
    parser.add_argument(
        "--tables-per-club",
        type=int,
        default=8,
        help="open loop: the tables of one club (a club night's)",
    )
    parser.add_argument("--ports", default="8101,8102", help="the two servers' ports")
    parser.add_argument(
        "--watchers",
        type=int,
        default=0,
        help="spectators polling the live view, compared with none",
    )
    parser.add_argument(
        "--watch-rate",
        type=float,
        default=10,
        help="with --watchers: the tables' arrival rate (requests/s)",
    )
    parser.add_argument(
        "--watch-pause",
        type=float,
        default=20,
        help="with --watchers: seconds a table waits between its requests "
        "(a spectator's poll then mostly finds the sheet unchanged)",
    )
    parser.add_argument(
        "--watch-seconds",
        type=float,
        default=60,
        help="with --watchers: seconds without, then with, spectators",
    )
    parser.add_argument(
        "--replica",
        action="store_true",
        help="with --watchers: also with a streaming standby of a primary made for the run",
    )
    args = parser.parse_args()
    if args.quick:
        args.seconds, args.step_seconds, args.watch_seconds = 6, 4, 12
    if args.smoke:
        args.seconds, args.step_seconds, args.watch_seconds = 1, 2, 2
        args.scorers, args.workers, args.rates, args.pause = 2, 1, "2", 1
        args.tables_per_club, args.watchers = 2, min(args.watchers, 2)
        args.watch_rate, args.watch_pause = 2, 1
    global PORTS
    PORTS = tuple(int(port) for port in args.ports.split(","))
    if args.watchers:
        watch_main(args)
        return
    url = os.environ.get("LOAD_DATABASE_URL", DEFAULT_URL)
    most_tables = math.ceil(max(float(r) for r in args.rates.split(",")) * args.pause)
    clubs = math.ceil(most_tables / args.tables_per_club) if args.open_loop else 1
    token, made = prepare(url, clubs, max(args.scorers, args.tables_per_club))
    servers = Servers(url, args.workers)
    servers.start()
    tally = Tally()
    try:
        if args.open_loop:
            print(
                f"Open loop, 2 servers × {args.workers} workers, clubs of "
                f"{args.tables_per_club} tables, each table pausing {args.pause:g} s between "
                f"requests, {args.step_seconds:g} s per rate:"
            )
            steps = open_loop(args, token, made, tally)
            failed = []
        else:
            club, players = made[0]
            failed = closed_loop(args, token, players, club, tally, servers)
    finally:
        servers.stop()
    if args.open_loop:
        passed = [step for step in steps if step.passed]
        best = f"{max(step.rate for step in passed):.0f} requests/s" if passed else "no rate"
        print(f"  highest rate with p99 under {P99_LIMIT_MS:.0f} ms: {best}")
    problems = verify(tally) + [f"a scorer failed: {error}" for error in failed]
    for problem in problems:
        print(f"  PROBLEM: {problem}")
    if problems:
        raise SystemExit(1)
    print("  every acknowledged deal is in the log once; projections equal a rebuild; no 5xx")


def watch_main(args) -> None:
    """--watchers: the deal p99 without and with spectators, on the primary
    alone and (--replica) with the spectators' reads on a standby."""
    cluster = None
    if args.replica:
        from tests.support import standby

        bin = standby.bindir()
        if bin is None:
            raise SystemExit("--replica needs PostgreSQL's programs (pg_config --bindir)")
        cluster = standby.make_cluster(bin, log_statements=False)
    try:
        database = "scorekeeper_bench_load"
        url = (
            cluster.primary.url(database)
            if cluster
            else os.environ.get("LOAD_DATABASE_URL", DEFAULT_URL)
        )
        tables = max(1, math.ceil(args.watch_rate * args.watch_pause))
        os.environ["SECRET_KEY"] = SECRET_KEY  # this process signs the live views' links
        setups_made = 2 if cluster else 1  # primary only, then primary + replica
        token, made = prepare(
            url, math.ceil(tables / args.tables_per_club), args.tables_per_club * setups_made
        )
        setups = [("primary only", None)]
        if cluster:
            cluster.caught_up()
            setups.append(("primary + replica", cluster.standby.url(database)))
        print(
            f"Open loop at {args.watch_rate:g} requests/s ({tables} tables pausing "
            f"{args.watch_pause:g} s), 2 servers × {args.workers} workers, "
            f"{args.watch_seconds:g} s without then with {args.watchers} spectators "
            f"polling every {WATCH_INTERVAL:g} s:"
        )
        tally = Tally()
        results = watched_loop(args, token, made, url, setups, tally)
        if len(results) == 2:
            alone, replica = results
            print(
                f"  with {args.watchers} spectators, deal p99 primary + replica / primary only: "
                f"× {replica.p99(replica.watched) / alone.p99(alone.watched):.2f}"
            )
        problems = verify(tally)
        for problem in problems:
            print(f"  PROBLEM: {problem}")
        if problems:
            raise SystemExit(1)
        print("  every acknowledged deal is in the log once; projections equal a rebuild; no 5xx")
    finally:
        if cluster:
            from django.db import connections

            connections.close_all()
            standby.remove_cluster(cluster)


def closed_loop(args, token: str, players: list[int], club: str, tally: Tally, servers) -> list:
    """Scorers that send their next request as soon as the last is answered: the
    servers' saturated throughput. Returns the scorers' errors."""
    started = time.monotonic()
    until = started + args.seconds
    scorers = [Scorer(i, token, players, club, tally, until) for i in range(args.scorers)]
    for scorer in scorers:
        scorer.start()
    if args.fault:
        time.sleep(args.seconds / 2)
        servers.kill()
        print(f"  killed both app servers (SIGKILL) after {args.seconds / 2:g} s")
        servers.start()
        print("  restarted them")
    for scorer in scorers:
        scorer.join()
    elapsed = time.monotonic() - started
    deals = len(tally.acknowledged)
    latencies = sorted(tally.latencies)
    print(
        f"{args.scorers} scorers, 2 servers × {args.workers} workers, {elapsed:.1f} s: "
        f"{deals} deals acknowledged, {deals / elapsed:.0f} deals/s; "
        f"request latency p50 {statistics.median(latencies) * 1000:.1f} ms, "
        f"p99 {percentile(latencies, 0.99) * 1000:.1f} ms; "
        f"statuses {dict(sorted(tally.statuses.items()))}; retries after errors {tally.retries}"
    )
    return [scorer.error for scorer in scorers if scorer.error]


if __name__ == "__main__":
    main()
