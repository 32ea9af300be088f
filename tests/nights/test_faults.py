"""Faults during a night: the database connection of a director's write is
dropped before its events are appended, between the append and the commit, or
just after the commit (the answer lost), at every kind of write a night makes
(its opening, check-ins, the draw, the tables' start, a director's result, the
close). The director's phone sends again with the same Idempotency-Key, as the
outbox does, until it is answered. Every acknowledged write is in the log
exactly once, and the night's ranking is what a rebuild from the log gives
(RULES D-15 to D-20). Killing a worker process mid-write is the other fault:
the server below runs gunicorn and kills its worker with SIGKILL."""

from __future__ import annotations

import http.client
import json
import os
import re
import signal
import threading
import time
import uuid
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path

import psycopg
import pytest
from django.db import connection

from series.accounts import services as accounts
from series.backup import checksum
from series.clubs import players as player_services
from series.clubs import services as club_services
from series.eventstore import projectors, store
from series.models import Event
from series.sheets import projection
from tests.support import standby
from tests.support.api import client_for, make_user
from tests.support.connections import admin_dsn

pytestmark = [pytest.mark.postgres, pytest.mark.django_db(transaction=True)]

APPEND = re.compile(r'INSERT INTO "?series_event"?\s')
DATE = "2026-03-14"
POINTS = ("before the append", "before the commit", "after the commit")
NIGHT_WRITES = ("open", "check-in", "check-in", "draw", "start", "result", "close")
APPENDS = {  # what each write appends, once
    "open": {"NightOpened": 1},
    "check-in": {"PlayersCheckedIn": 1},
    "draw": {"RoundDrawn": 1},
    "start": {"SeriesStarted": 2, "TableStarted": 2},  # each table's series, the night's record
    "deal": {"DealRecorded": 1},
    "abandon": {"SeriesAbandoned": 1},
    "result": {"TableResultEntered": 1},
    "close": {"RoundClosed": 1, "NightClosed": 1},
}
NIGHT = Counter(  # the night's own stream: what its writes append, once each
    NightOpened=1,
    PlayersCheckedIn=2,
    RoundDrawn=1,
    TableStarted=2,
    TableResultEntered=1,
    RoundClosed=1,
    NightClosed=1,
)


@dataclass
class DroppedConnection:
    """An execute wrapper that, once armed with a point, terminates this
    thread's database connection when the write reaches it."""

    armed: str | None = None
    appended: bool = False
    dropped: list[str] = field(default_factory=list)

    def arm(self, point: str) -> None:
        self.armed, self.appended = point, False

    def __call__(self, execute, sql, params, many, context):
        appending = APPEND.search(sql) is not None
        if (self.armed == "before the append" and appending) or (
            self.armed == "after the commit" and self.appended and not connection.in_atomic_block
        ):
            self._drop()
        result = execute(sql, params, many, context)
        if appending:
            self.appended = True
            if self.armed == "before the commit":
                self._drop()
        return result

    def _drop(self) -> None:
        self.dropped.append(self.armed)
        self.armed = None
        pid = connection.connection.info.backend_pid
        with psycopg.connect(admin_dsn(), autocommit=True) as killer:
            killer.execute("SELECT pg_terminate_backend(%s, 5000)", [pid])


@dataclass
class Director:
    """The director's phone: every write with its own key, sent again after a
    503 or a lost answer with the same key until it is answered."""

    client: object
    faults: DroppedConnection
    keys: list[tuple[str, str]] = field(default_factory=list)  # (write, key) acknowledged

    def send(self, write: str, path: str, body: dict, point: str | None = None) -> dict:
        key = uuid.uuid4().hex
        if point is not None:
            self.faults.arm(point)
        for _attempt in range(10):
            response = self.client.post(
                f"/api/v1/{path}", body, format="json", HTTP_IDEMPOTENCY_KEY=key
            )
            if response.status_code != 503:
                assert response.status_code in (200, 201), (write, response.json())
                self.keys.append((write, key))
                return response.json()
        raise AssertionError(f"{write} still unanswered after 10 attempts")


def night_played(director: Director, club, players, points: list[str | None]) -> str:
    """A night of six through the API, each night write dropped at ``points``'s
    point in turn: two check-ins, two tables of three, table 1 played out,
    table 2 abandoned and given a director's result, then closed."""
    point = iter(points)
    ids = [p.id for p in players]
    night = director.send(
        "open",
        f"clubs/{club.slug}/nights",
        {"rules": "continental", "options": {"deals": 1}, "scoring": "placement", "date": DATE},
        next(point),
    )["id"]
    director.send("check-in", f"nights/{night}/check-ins", {"players": ids[:3]}, next(point))
    director.send("check-in", f"nights/{night}/check-ins", {"players": ids[3:]}, next(point))
    director.send("draw", f"nights/{night}/rounds", {"min_table": 3, "max_table": 3}, next(point))
    tables = director.send("start", f"nights/{night}/tables/start", {}, next(point))
    one, two = tables["rounds"][-1]["tables"]
    out, *others = one["players"]
    deal = {
        "expected_version": 1,
        "went_out": out,
        "hands": [{"player": p, "points": 20 + 10 * n} for n, p in enumerate(others)],
    }
    director.send("deal", f"series/{one['series']}/deals", deal)
    director.send("abandon", f"series/{two['series']}/abandon", {"reason": "a player left"})
    order = [[player] for player in reversed(two["players"])]
    director.send("result", f"nights/{night}/tables/2/result", {"order": order}, next(point))
    director.send("close", f"nights/{night}/close", {}, next(point))
    return night


def ranking(client, night: str) -> list:
    answer = client.get(f"/api/v1/nights/{night}")
    assert answer.status_code == 200
    return answer.json()["ranking"]


def test_dropped_connections_during_every_night_write_lose_and_double_nothing():
    admin = make_user("director")
    faults = DroppedConnection()
    director = Director(client_for(admin), faults)
    nights = []
    with connection.execute_wrapper(faults):
        for turn in range(len(POINTS)):  # each write meets each point once over three nights
            club = club_services.club_create(name=f"Stormy club {turn}", admin=admin)
            players = [player_services.player_add(club=club, name=f"P{n}") for n in range(6)]
            points = [POINTS[(n + turn) % len(POINTS)] for n in range(len(NIGHT_WRITES))]
            nights.append(night_played(director, club, players, points))

    assert Counter(faults.dropped) == Counter(
        {point: len(NIGHT_WRITES) for point in POINTS}
    )  # every planned fault happened
    for write, key in director.keys:
        appended = Event.objects.filter(idempotency_key__contains=key)  # tables' keys derive
        assert Counter(appended.values_list("type", flat=True)) == APPENDS[write], write
    for night in nights:
        assert Counter(Event.objects.filter(stream=night).values_list("type", flat=True)) == NIGHT
    rankings = [ranking(director.client, night) for night in nights]
    projectors.follow_log()  # the league's follower, as beside the server
    before = checksum.projection_checksum()
    projection.rebuild()
    assert [ranking(director.client, night) for night in nights] == rankings
    assert checksum.projection_checksum() == before
    assert all(len(lines) == 6 for lines in rankings)


# -- a worker killed mid-write (gunicorn, as `make serve` runs it) ------------------------


def worker_pids(master: int) -> list[int]:
    """The processes whose parent is gunicorn's master: its workers."""
    pids = []
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            parent = int(stat.read_text().rsplit(")", 1)[1].split()[1])
        except (OSError, IndexError, ValueError):
            continue
        if parent == master:
            pids.append(int(stat.parent.name))
    return pids


@dataclass
class KilledWorker:
    """Kills gunicorn's worker with SIGKILL while it writes: blocked on the log's
    lock inside its transaction (the events not yet committed), or the moment
    its events are committed (the answer lost)."""

    app: standby.App
    killed: list[str] = field(default_factory=list)

    def kill(self) -> None:
        for pid in worker_pids(self.app.process.pid):
            os.kill(pid, signal.SIGKILL)

    def during(self, point: str, key: str, send) -> None:
        with psycopg.connect(admin_dsn(), autocommit=True) as db:
            if point == "before the commit":
                db.execute("SELECT pg_advisory_lock(%s)", [store._LOG_LOCK_KEY])
            sent = threading.Thread(target=send)
            sent.start()
            if point == "before the commit":
                self._wait(
                    db,
                    "SELECT 1 FROM pg_stat_activity WHERE wait_event = 'advisory'"
                    " AND datname = current_database()",
                )
                self.kill()
                db.execute("SELECT pg_advisory_unlock(%s)", [store._LOG_LOCK_KEY])
            else:
                self._wait(db, f"SELECT 1 FROM series_event WHERE idempotency_key LIKE '%:{key}%'")
                self.kill()
            sent.join(timeout=60)
        self.killed.append(point)

    @staticmethod
    def _wait(db, sql: str) -> None:
        deadline = time.monotonic() + 30
        while db.execute(sql).fetchone() is None:
            assert time.monotonic() < deadline, sql
            time.sleep(0.001)


@dataclass
class Phone:
    """The director's phone over HTTP: the same key again after a 503 or a
    connection cut, until the server answers."""

    app: standby.App
    token: str
    worker: KilledWorker
    keys: list[tuple[str, str]] = field(default_factory=list)

    def post(self, path: str, body: dict, key: str):
        headers = {"Authorization": f"Token {self.token}", "Idempotency-Key": key}
        try:
            return self.app.request(f"/api/v1/{path}", body=body, headers=headers)
        except (OSError, http.client.HTTPException):  # the worker died with the request
            return None

    def send(self, write: str, path: str, body: dict, point: str | None = None) -> dict:
        key = uuid.uuid4().hex
        if point is not None:
            self.worker.during(point, key, lambda: self.post(path, body, key))
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline:
            answer = self.post(path, body, key)
            if answer is not None and answer[0] != 503:
                assert answer[0] in (200, 201), (write, answer[2][:300])
                self.keys.append((write, key))
                return json.loads(answer[2])
            time.sleep(0.1)
        raise AssertionError(f"{write} still unanswered")


def test_a_worker_killed_during_every_night_write_loses_and_doubles_nothing():
    admin = make_user("director")
    club = club_services.club_create(name="Power cut club", admin=admin)
    players = [player_services.player_add(club=club, name=f"P{n}") for n in range(6)]
    _, token = accounts.device_sign_in(user=admin, device="phone")
    app = standby.serve_on(admin_dsn(), {})
    try:
        worker = KilledWorker(app)
        phone = Phone(app, token, worker)
        before, after = "before the commit", "after the commit"
        # open, check-in, check-in, draw, start, result, close: a kill at each kind
        kills = [None, before, None, after, before, after, before]
        night = night_played(phone, club, players, kills)
    finally:
        standby.stop(app)

    assert len(worker.killed) == 5
    for write, key in phone.keys:
        appended = Event.objects.filter(idempotency_key__contains=key)
        assert Counter(appended.values_list("type", flat=True)) == APPENDS[write], write
    assert Counter(Event.objects.filter(stream=night).values_list("type", flat=True)) == NIGHT
    reader = client_for(admin)
    shown = ranking(reader, night)
    projection.rebuild()
    assert ranking(reader, night) == shown
    assert len(shown) == 6
