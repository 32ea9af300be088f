"""A real PostgreSQL primary and a streaming standby of it, made for a test.

``initdb`` makes a primary in a temporary folder on a free port; the app's
migrations and a small history go into it; ``pg_basebackup -R`` copies it
into a standby that streams from it, on another free port, with every
statement it runs logged (so a test counts the reads that reached it). The
app then runs as a real server (gunicorn) with ``DATABASE_REPLICA_URLS``
naming the standby. The PostgreSQL programs run as the ``postgres`` user when
the tests run as root (``initdb`` refuses root). Everything is stopped and
removed at the end."""

from __future__ import annotations

import http.cookiejar
import json
import os
import shutil
import subprocess
import sys
import tempfile
import time
import urllib.error
import urllib.request
from dataclasses import dataclass, field
from pathlib import Path

import psycopg

from tests.support.ports import free_port

ROOT = Path(__file__).resolve().parent.parent.parent


def bindir() -> Path | None:
    """The server's programs: ``pg_config --bindir``, else Debian's newest."""
    try:
        found = subprocess.run(["pg_config", "--bindir"], capture_output=True, text=True)
        places = [Path(found.stdout.strip())]
    except FileNotFoundError:
        places = []
    places += sorted(Path("/usr/lib/postgresql").glob("*/bin"), reverse=True)
    for path in places:
        if (path / "initdb").exists() and (path / "pg_basebackup").exists():
            return path
    return None


def as_postgres() -> list[str]:
    return ["runuser", "-u", "postgres", "--"] if os.geteuid() == 0 else []


def _run(*command: str | Path, timeout: float = 120) -> None:
    subprocess.run(
        [*as_postgres(), *map(str, command)],
        check=True,
        capture_output=True,
        timeout=timeout,
    )


def _wait_for(check, what: str, timeout: float = 30.0):
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        try:
            result = check()
        except (psycopg.Error, OSError):
            result = None
        if result:
            return result
        time.sleep(0.1)
    raise TimeoutError(f"waited {timeout} s for {what}")


@dataclass
class Server:
    """A PostgreSQL server in a folder of its own."""

    bin: Path
    data: Path
    port: int
    options: list[str] = field(default_factory=list)

    def start(self) -> None:
        settings = " ".join(
            [
                "-p",
                str(self.port),
                "-k",
                str(self.data),
                "-c listen_addresses=127.0.0.1",
                *self.options,
            ]
        )
        _run(self.bin / "pg_ctl", "-D", self.data, "-l", self.log, "-o", settings, "-w", "start")

    def stop(self) -> None:
        subprocess.run(
            [*as_postgres(), self.bin / "pg_ctl", "-D", self.data, "-m", "fast", "-w", "stop"],
            capture_output=True,
            timeout=60,
        )

    @property
    def log(self) -> Path:
        return self.data.parent / f"{self.data.name}.log"

    def url(self, database: str = "scorekeeper") -> str:
        return f"postgres://postgres@127.0.0.1:{self.port}/{database}"

    def query(self, sql: str, database: str = "scorekeeper"):
        with psycopg.connect(self.url(database), autocommit=True, connect_timeout=5) as db:
            cursor = db.execute(sql)
            return cursor.fetchone() if cursor.description else None


@dataclass
class App:
    """The app served by gunicorn, with a cookie jar like a browser's."""

    url: str
    process: subprocess.Popen
    seed: dict
    cookies: http.cookiejar.CookieJar = field(default_factory=http.cookiejar.CookieJar)

    def request(
        self,
        path: str,
        *,
        body: dict | None = None,
        headers: dict | None = None,
        keep_cookies: bool = False,
    ):
        data = None if body is None else json.dumps(body).encode()
        request = urllib.request.Request(self.url + path, data=data, headers=headers or {})
        if body is not None:
            request.add_header("Content-Type", "application/json")
        handlers = [urllib.request.HTTPCookieProcessor(self.cookies)] if keep_cookies else []
        opener = urllib.request.build_opener(*handlers)
        try:
            with opener.open(request, timeout=30) as answer:
                return answer.status, dict(answer.headers), answer.read().decode()
        except urllib.error.HTTPError as answer:
            return answer.code, dict(answer.headers), answer.read().decode()


@dataclass
class Cluster:
    primary: Server
    standby: Server
    folder: Path

    def standby_statements(self, containing: str) -> int:
        """How many statements the standby has run that mention ``containing``."""
        return sum(
            1
            for line in self.standby.log.read_text(errors="replace").splitlines()
            if ("statement:" in line or "execute" in line) and containing in line
        )

    def pause_replay(self) -> None:
        """Pause the standby's replay, and wait until it has paused: a pause is
        only asked for until the standby next looks, which a write makes it do."""
        self.standby.query("SELECT pg_wal_replay_pause()")
        self.primary.query("SELECT txid_current()")  # a commit record to look at
        _wait_for(
            lambda: self.standby.query("SELECT pg_get_wal_replay_pause_state()")[0] == "paused",
            "the standby's replay to pause",
        )

    def resume_replay(self) -> None:
        self.standby.query("SELECT pg_wal_replay_resume()")
        self.caught_up()

    def written(self) -> str:
        """Where the primary's last write ends. The primary commits without
        waiting for its log to be written (synchronous_commit=off), so its
        write position can still be short of a commit it has acknowledged: the
        insert position is not."""
        (target,) = self.primary.query("SELECT pg_current_wal_insert_lsn()::text")
        return target

    def caught_up(self) -> None:
        """Wait until the standby has replayed everything the primary wrote."""
        target = self.written()
        _wait_for(
            lambda: self.standby.query(f"SELECT pg_last_wal_replay_lsn() >= '{target}'::pg_lsn")[0],
            "the standby to replay the primary's writes",
        )

    def received(self) -> None:
        """Wait until the standby has received (not necessarily replayed) every write."""
        target = self.written()
        _wait_for(
            lambda: self.standby.query(f"SELECT pg_last_wal_receive_lsn() >= '{target}'::pg_lsn")[
                0
            ],
            "the standby to receive the primary's writes",
        )


def make_primary(bin: Path, folder: Path) -> Server:
    """A fresh server with the app's tables migrated into ``scorekeeper``."""
    primary = Server(
        bin, folder / "primary", free_port(), ["-c fsync=off", "-c synchronous_commit=off"]
    )
    _run(
        bin / "initdb",
        "-D",
        primary.data,
        "-U",
        "postgres",
        "--auth=trust",
        "-E",
        "UTF8",
        "--locale=C.UTF-8",
        "--no-sync",
    )
    primary.start()
    primary.query("CREATE DATABASE scorekeeper", database="postgres")
    subprocess.run(
        [sys.executable, "manage.py", "migrate", "--noinput", "-v0"],
        cwd=ROOT,
        env=app_environment(primary.url()),
        check=True,
        capture_output=True,
        timeout=300,
    )
    return primary


def new_folder() -> Path:
    folder = Path(tempfile.mkdtemp(prefix="scorekeeper-db-"))
    if os.geteuid() == 0:
        shutil.chown(folder, "postgres", "postgres")
    return folder


def make_cluster(bin: Path, *, log_statements: bool = True) -> Cluster:
    """A primary and a standby streaming from it; the standby logs every
    statement it runs unless ``log_statements`` is false (bench/load.py)."""
    folder = new_folder()
    primary = make_primary(bin, folder)
    logged = ["-c log_statement=all"] if log_statements else []
    standby = Server(bin, folder / "standby", free_port(), [*logged, "-c fsync=off"])
    _run(
        bin / "pg_basebackup",
        "-D",
        standby.data,
        "-h",
        "127.0.0.1",
        "-p",
        str(primary.port),
        "-U",
        "postgres",
        "-R",
        "-X",
        "stream",
        "--no-sync",
        "--checkpoint=fast",
    )
    standby.start()
    _wait_for(lambda: standby.query("SELECT pg_is_in_recovery()")[0], "the standby to start")
    return Cluster(primary, standby, folder)


def remove_cluster(cluster: Cluster) -> None:
    cluster.standby.stop()
    cluster.primary.stop()
    shutil.rmtree(cluster.folder, ignore_errors=True)


def app_environment(primary_url: str, **extra: str) -> dict:
    env = {key: value for key, value in os.environ.items() if not key.startswith("DATABASE_")}
    env.update(
        DATABASE_URL=primary_url, DEBUG="true", DJANGO_SETTINGS_MODULE="scorekeeper.settings"
    )
    env.update(extra)
    return env


SEED = """
import json
from django.contrib.auth import get_user_model
from series.accounts import services as accounts
from series.clubs import players as player_services
from series.clubs import services as club_services
from series.eventstore import projectors
from series.sheets import services
from tests.support.factories import club_with_players, entry, start
scorer = get_user_model().objects.create_user("scorer", password="a long table password")
club = club_services.club_create(name="Replica club", admin=scorer, public=True)
names = ("Anna", "Bruno", "Carla", "Dario", "Elena", "Fabio")
everyone = [player_services.player_add(club=club, name=name) for name in names]
players = everyone[:3]
finished = start(club, players)
a, b, c = players
for goer, others in ((a, (b, c)), (b, (a, c)), (c, (a, b))):
    services.deal_record(series_id=finished.series_id,
                         entry=entry(goer, {p: 40 + 10 * i for i, p in enumerate(others)}))
playing = start(club, players)
projectors.follow_log()
_, token = accounts.device_sign_in(user=scorer, device="tests")
print(json.dumps({"club": club.slug, "token": token, "playing": str(playing.series_id),
                  "players": [p.id for p in players], "others": [p.id for p in everyone[3:]]}))
"""


def seed(primary_url: str, **settings: str) -> dict:
    done = subprocess.run(
        [sys.executable, "manage.py", "shell", "-c", SEED],
        cwd=ROOT,
        env=app_environment(primary_url, **settings),
        check=True,
        capture_output=True,
        text=True,
        timeout=120,
    )
    return json.loads(done.stdout.strip().splitlines()[-1])


def serve(cluster: Cluster, seed_data: dict, **settings: str) -> App:
    """The app reading ``cluster``'s standby."""
    return serve_on(
        cluster.primary.url(), seed_data, DATABASE_REPLICA_URLS=cluster.standby.url(), **settings
    )


def serve_on(database_url: str, seed_data: dict, workers: int = 1, **settings: str) -> App:
    port = free_port()
    env = app_environment(database_url, **settings)
    command = ["gunicorn", "scorekeeper.wsgi", "-c", "scorekeeper/gunicorn.conf.py"]
    process = subprocess.Popen(
        [
            sys.executable,
            "-m",
            *command,
            "--bind",
            f"127.0.0.1:{port}",
            "--workers",
            str(workers),
            "--threads",
            "4",
        ],
        cwd=ROOT,
        env=env,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
    )
    app = App(f"http://127.0.0.1:{port}", process, seed_data)
    _wait_for(lambda: app.request("/healthz")[0] == 200, "the app server to answer")
    return app


def stop(app: App) -> str:
    """Stop the server; what it logged."""
    app.process.terminate()
    try:
        _, errors = app.process.communicate(timeout=30)
    except subprocess.TimeoutExpired:
        app.process.kill()
        _, errors = app.process.communicate()
    return errors.decode(errors="replace")
