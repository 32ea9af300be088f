"""Load and fault test: scorers playing whole series against two app servers.

    python bench/load.py [--scorers 8] [--seconds 20] [--fault] [--quick]

Starts two `gunicorn` app servers on PostgreSQL (two ports, as two machines
behind a load balancer would run), then runs concurrent scorers, each playing
whole Continental series through the REST API (start, then every deal with
an Idempotency-Key) against both servers in turn, for a bounded time. It
prints deals/s and p50/p99 latency, then checks that
- every acknowledged (201) deal is in the log exactly once,
- the projections equal a rebuild from the log (checksum before and after),
- no request got a 5xx.
With --fault it kills both servers with SIGKILL in the middle of the load,
restarts them, and the scorers retry what was in flight with the same keys:
the same checks must still hold (nothing half-recorded, retries land once).

Only 127.0.0.1 is ever contacted. Its own database (LOAD_DATABASE_URL,
default postgres://postgres@127.0.0.1:5432/scorekeeper_bench_load) is
dropped and created afresh.
"""

from __future__ import annotations

import argparse
import http.client
import json
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
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from bench.store import percentile, recreate_database, setup_django  # noqa: E402

DEFAULT_URL = "postgres://postgres@127.0.0.1:5432/scorekeeper_bench_load"
PORTS = (8101, 8102)
SEATS = 5


def server_env(url: str) -> dict[str, str]:
    return {
        **os.environ,
        "DATABASE_URL": url,
        "DEBUG": "false",
        "HTTPS": "false",  # plain HTTP on loopback, as behind a TLS proxy
        "SECRET_KEY": "load-" + secrets.token_urlsafe(40),
        "ALLOWED_HOSTS": "127.0.0.1,localhost",
        "STATIC_MANIFEST": "false",
        "LOG_LEVEL": "WARNING",
    }


class Servers:
    """Two gunicorn app servers, each in its own process group."""

    def __init__(self, url: str, workers: int) -> None:
        self.env = server_env(url)
        self.workers = workers
        self.processes: list[subprocess.Popen] = []

    def start(self) -> None:
        self.processes = [
            subprocess.Popen(self.command(port), cwd=ROOT, env=self.env, start_new_session=True)
            for port in PORTS
        ]
        for port in PORTS:
            wait_for(port)

    def command(self, port: int) -> list[str]:
        gunicorn = str(Path(sys.executable).parent / "gunicorn")
        bind = f"127.0.0.1:{port}"
        return [gunicorn, "scorekeeper.wsgi", "--bind", bind, "--workers", str(self.workers),
                "--log-level", "warning"]  # fmt: skip

    def kill(self) -> None:
        """SIGKILL every process of both servers, as a power cut would."""
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
        self.acknowledged: list[str] = []  # idempotency keys of deals answered 201
        self.statuses: dict[int, int] = {}
        self.retries = 0

    def record(self, status: int, latency: float, key: str | None) -> None:
        with self.lock:
            self.statuses[status] = self.statuses.get(status, 0) + 1
            self.latencies.append(latency)
            if status == 201 and key:
                self.acknowledged.append(key)


class Scorer(threading.Thread):
    """Plays whole series through the API until time is up."""

    def __init__(self, index: int, token: str, players: list[int], club: str, tally: Tally,
                 until: float) -> None:  # fmt: skip
        super().__init__(daemon=True)
        self.rng = random.Random(index)
        self.headers = {"Authorization": f"Token {token}", "Content-Type": "application/json"}
        self.players, self.club, self.tally, self.until = players, club, tally, until
        self.turn = index
        self.error: BaseException | None = None

    def run(self) -> None:
        try:
            while time.monotonic() < self.until:
                self.play_series()
        except BaseException as error:  # reported by the main thread
            self.error = error

    def play_series(self) -> None:
        seats = self.rng.sample(self.players, SEATS)
        body = {"club": self.club, "players": seats, "first_dealer": seats[0]}
        state = self.post("/api/v1/series", body, key=f"start-{uuid.uuid4()}")
        while state["status"] in ("in_progress", "tiebreak") and time.monotonic() < self.until:
            playing = state["tiebreak_players"] or [p["id"] for p in state["players"]]
            goer = self.rng.choice(playing)
            deal = {
                "expected_version": state["version"],
                "went_out": goer,
                "hands": [{"player": p, "points": self.rng.randint(15, 120)}
                          for p in playing if p != goer],
            }  # fmt: skip
            state = self.post(f"/api/v1/series/{state['id']}/deals", deal, key=str(uuid.uuid4()))

    def post(self, path: str, body: dict, *, key: str) -> dict:
        """POST with an idempotency key; on a dropped connection, retry the same."""
        payload = json.dumps(body)
        headers = {**self.headers, "Idempotency-Key": key}
        while True:
            port = PORTS[self.turn % len(PORTS)]
            self.turn += 1
            started = time.perf_counter()
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


def prepare(url: str) -> tuple[str, list[int], str]:
    """A club with a scorer and eight players; returns the scorer's token."""
    recreate_database(url)
    setup_django(url)
    from django.contrib.auth import get_user_model
    from django.core.management import call_command

    from series import services
    from series.models import DeviceToken

    call_command("migrate", verbosity=0)
    call_command("collectstatic", interactive=False, verbosity=0)
    scorer = get_user_model().objects.create_user("scorer", password=secrets.token_urlsafe(12))
    club = services.club_create(name="Load club", admin=scorer)
    players = [services.player_add(club=club, name=f"Player {i}").id for i in range(8)]
    _row, token = DeviceToken.objects.create(user=scorer)
    return token, players, club.slug


def verify(tally: Tally) -> list[str]:
    """The checks after the load; returns the problems found."""
    from series import checksum, projections, projectors
    from series.models import Event

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
    # Series that finished out of order left the league to its catch-up, which
    # runs beside the servers in production (make serve): run it first.
    projectors.follow_log()
    before = checksum.projection_checksum()
    projections.rebuild()
    if checksum.projection_checksum() != before:
        problems.append("the projections differ from a rebuild of the log")
    return problems


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--scorers", type=int, default=8)
    parser.add_argument("--seconds", type=float, default=20)
    parser.add_argument("--workers", type=int, default=2, help="gunicorn workers per server")
    parser.add_argument("--fault", action="store_true", help="kill -9 the servers mid-load")
    parser.add_argument("--quick", action="store_true", help="a short run")
    args = parser.parse_args()
    if args.quick:
        args.seconds = 6
    url = os.environ.get("LOAD_DATABASE_URL", DEFAULT_URL)
    token, players, club = prepare(url)
    servers = Servers(url, args.workers)
    servers.start()
    tally = Tally()
    started = time.monotonic()
    until = started + args.seconds
    scorers = [Scorer(i, token, players, club, tally, until) for i in range(args.scorers)]
    try:
        for scorer in scorers:
            scorer.start()
        if args.fault:
            time.sleep(args.seconds / 2)
            servers.kill()
            print(f"  killed both app servers (SIGKILL) after {args.seconds / 2:.0f} s")
            servers.start()
            print("  restarted them")
        for scorer in scorers:
            scorer.join()
    finally:
        servers.stop()
    elapsed = time.monotonic() - started
    failed = [scorer.error for scorer in scorers if scorer.error]
    deals = len(tally.acknowledged)
    latencies = sorted(tally.latencies)
    print(
        f"{args.scorers} scorers, 2 servers × {args.workers} workers, {elapsed:.1f} s: "
        f"{deals} deals acknowledged, {deals / elapsed:.0f} deals/s; "
        f"request latency p50 {statistics.median(latencies) * 1000:.1f} ms, "
        f"p99 {percentile(latencies, 0.99) * 1000:.1f} ms; "
        f"statuses {dict(sorted(tally.statuses.items()))}; retries after errors {tally.retries}"
    )
    problems = verify(tally) + [f"a scorer failed: {error}" for error in failed]
    for problem in problems:
        print(f"  PROBLEM: {problem}")
    if problems:
        raise SystemExit(1)
    print("  every acknowledged deal is in the log once; projections equal a rebuild; no 5xx")


if __name__ == "__main__":
    main()
