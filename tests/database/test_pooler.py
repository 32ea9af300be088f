"""The app behind PgBouncer in transaction mode, for real: a fresh PostgreSQL
server, Debian's pgbouncer in front of it (a server connection per
transaction, so nothing may outlive one: no prepared statements,
``DB_PREPARED_STATEMENTS=false``; no session lock), and gunicorn with two
workers in front of that. The deal path, the log's advisory lock, the
league's follower and a dropped server connection behave as on a direct
connection."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import uuid
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pytest

from tests.support import standby

pytestmark = [pytest.mark.postgres, pytest.mark.xdist_group("standby"), pytest.mark.timeout(300)]
BIN = standby.bindir()
PGBOUNCER = shutil.which("pgbouncer") or "/usr/sbin/pgbouncer"
POOLED = {"DB_PREPARED_STATEMENTS": "false"}


def start_pgbouncer(folder: Path, server_port: int) -> tuple[int, Path]:
    port = standby.free_port()
    (folder / "users.txt").write_text('"postgres" ""\n')
    config = folder / "pgbouncer.ini"
    config.write_text(
        f"""[databases]
scorekeeper = host=127.0.0.1 port={server_port} dbname=scorekeeper user=postgres

[pgbouncer]
listen_addr = 127.0.0.1
listen_port = {port}
unix_socket_dir =
auth_type = trust
auth_file = {folder / "users.txt"}
pool_mode = transaction
default_pool_size = 4
max_client_conn = 200
server_reset_query =
ignore_startup_parameters = extra_float_digits,options
logfile = {folder / "pgbouncer.log"}
pidfile = {folder / "pgbouncer.pid"}
"""
    )
    for path in (config, folder / "users.txt"):
        if os.geteuid() == 0:
            shutil.chown(path, "postgres", "postgres")
    subprocess.run([*standby.as_postgres(), PGBOUNCER, "-d", str(config)], check=True, timeout=30)
    return port, folder / "pgbouncer.pid"


@pytest.fixture(scope="module")
def pooled():
    if BIN is None or not Path(PGBOUNCER).exists():
        pytest.skip("needs PostgreSQL's programs and pgbouncer")
    folder = standby.new_folder()
    primary = standby.make_primary(BIN, folder)
    port, pidfile = start_pgbouncer(folder, primary.port)
    url = f"postgres://postgres@127.0.0.1:{port}/scorekeeper"
    try:
        data = standby.seed(url, **POOLED)
        app = standby.serve_on(url, data, workers=2, **POOLED)
        yield app, primary, url
        standby.stop(app)
    finally:
        if pidfile.exists():
            subprocess.run(["kill", pidfile.read_text().strip()], check=False)
        primary.stop()
        shutil.rmtree(folder, ignore_errors=True)


def scorer(app) -> dict:
    return {"Authorization": f"Token {app.seed['token']}"}


def deal(app, series: str, version: int, went_out: int, others: list[int], key: str | None = None):
    headers = {**scorer(app), **({"Idempotency-Key": key} if key else {})}
    body = {
        "expected_version": version,
        "went_out": went_out,
        "hands": [{"player": p, "points": 25 + 5 * i} for i, p in enumerate(others)],
    }
    return app.request(f"/api/v1/series/{series}/deals", body=body, headers=headers)


def start_series(app, players: list[int]) -> str:
    """Start a series of ``players`` through the API; its id."""
    body = {"club": app.seed["club"], "players": players, "first_dealer": players[0]}
    status, _, answer = app.request("/api/v1/series", body=body, headers=scorer(app))
    assert status == 201, answer
    return json.loads(answer)["id"]


def play_out(app, series: str, players: list[int]) -> list[int]:
    """Record a whole series of three deals; the statuses the API answered."""
    statuses = []
    for number, goer in enumerate(players, start=1):
        others = [p for p in players if p != goer]
        statuses.append(deal(app, series, number, goer, others)[0])
    return statuses


def series_played(app, url: str) -> dict[str, int]:
    """Each player's series played in the club's standings, once the league's
    follower has counted every series finished so far."""
    subprocess.run(
        [sys.executable, "manage.py", "follow_log", "--once"],
        cwd=standby.ROOT,
        env=standby.app_environment(url, **POOLED),
        check=True,
        capture_output=True,
        timeout=120,
    )
    _, _, standings = app.request(f"/api/v1/clubs/{app.seed['club']}/standings")
    return {row["name"]: row["series_played"] for row in json.loads(standings)["rows"]}


def test_two_tables_record_at_once_and_the_follower_counts_them_through_the_pooler(pooled):
    app, _, url = pooled
    before = series_played(app, url)
    tables = [
        (app.seed["playing"], app.seed["players"]),
        (start_series(app, app.seed["others"]), app.seed["others"]),
    ]

    with ThreadPoolExecutor(2) as pool:
        answers = list(pool.map(lambda table: play_out(app, *table), tables))
    stale = deal(app, tables[0][0], 1, app.seed["players"][0], app.seed["players"][1:])
    after = series_played(app, url)

    assert answers == [[201, 201, 201], [201, 201, 201]]
    assert stale[0] == 409
    names = ["Anna", "Bruno", "Carla", "Dario", "Elena", "Fabio"]
    assert {name: after[name] - before.get(name, 0) for name in names} == dict.fromkeys(names, 1)


def test_a_dropped_server_connection_loses_no_acknowledged_deal_behind_the_pooler(pooled):
    app, primary, _ = pooled
    players = app.seed["others"]  # the seed's own series seats the others unfinished (D-19)
    series = start_series(app, players)
    acknowledged = 0
    for number, goer in enumerate(players, start=1):
        primary.query(
            "SELECT pg_terminate_backend(pid) FROM pg_stat_activity"
            " WHERE datname = 'scorekeeper' AND pid <> pg_backend_pid()"
        )
        key = str(uuid.uuid4())
        others = [p for p in players if p != goer]
        for _attempt in range(5):  # as the phone's outbox does, with the same key
            status = deal(app, series, number, goer, others, key=key)[0]
            if status in (200, 201):
                acknowledged += 1
                break

    _, _, sheet = app.request(f"/api/v1/series/{series}")

    assert acknowledged == 3
    assert len(json.loads(sheet)["deals"]) == 3
