"""Backups for the tests: a small history, a backup of it taken in a
transaction that is then rolled back (so the test database is empty again for
the restore, as a fresh one would be), a file re-signed with the key after an
edit, and a fresh database for the one end-to-end restore through the
commands in a child process."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import uuid
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

import psycopg
import pytest
from django.contrib.auth import get_user_model
from django.db import connection, transaction

from series.backup import archive as backup
from series.backup import checksum
from series.clubs import membership
from series.eventstore import projectors
from series.models import Club, Event
from series.sheets import services
from tests.factories import club_with_players, entry, start

ROOT = Path(__file__).resolve().parent.parent.parent


def history() -> None:
    """Two clubs; a finished series with a tiebreak, a corrected and a voided deal."""
    scorer = get_user_model().objects.create_user("scorer", password="pw-for-tests-1")
    club, players = club_with_players(("Anna", "Bruno", "Carla", "Dario"))
    membership.member_set(club=club, user=scorer, role="scorer")
    a, b, c, d = players
    series_id = start(club, players, first_dealer=a).series_id
    for goer, hands in [
        (b, {a: 20, c: 50, d: 50}),
        (c, {a: 20, b: 40, d: 50}),
        (d, {a: 30, b: 50, c: 30}),
        (b, {a: 20, c: 30, d: 20}),
        (a, {b: 20}),
    ]:
        services.deal_record(series_id=series_id, entry=entry(goer, hands), actor_id=scorer.id)
    other = start(club, players[:3], first_dealer=c).series_id
    services.deal_record(series_id=other, entry=entry(a, {b: 20, c: 30}), idempotency_key="k1")
    services.deal_correct(series_id=other, number=1, entry=entry(a, {b: 25, c: 30}), reason="x")
    services.deal_record(series_id=other, entry=entry(b, {a: 20, c: 30}))
    services.deal_void(series_id=other, number=2, reason="misdeal")
    second, names = club_with_players(("Zoe", "Yann", "Xavi"), name="Second club")
    start(second, names)
    projectors.follow_log()  # the league's follower has read the log, as beside the server


@dataclass
class Backup:
    lines: list[str]
    checksum: str  # of the projections the backup was taken from


class _Undo(Exception):
    pass


def backup_of(build: Callable[[], object] = history, **export) -> Backup:
    """Build a history and take its backup, then roll the history back: the
    test database is as empty as a fresh one for the restore."""
    taken: list[Backup] = []
    with pytest.raises(_Undo), transaction.atomic():
        build()
        taken.append(Backup(list(backup.export_lines(**export)), checksum.projection_checksum()))
        raise _Undo
    assert not Event.objects.exists() and not Club.objects.exists()
    return taken[0]


def records_of(lines: list[str]) -> list[dict]:
    """The lines' records without their signatures."""
    records = [json.loads(line) for line in lines]
    for record in records:
        record.pop("hash")
    return records


def signed(records: list[dict]) -> list[str]:
    """The records signed again with this server's key: what someone with the
    key could write, so only the checks of the rules stand in the way."""
    previous, lines = backup.GENESIS, []
    for record in records:
        previous = backup._chain(previous, record, backup.signing_key())
        lines.append(json.dumps({**record, "hash": previous}) + "\n")
    return lines


@pytest.fixture
def fresh_database(tmp_path):
    """An empty database of the same kind as the test database, not migrated."""
    if connection.vendor == "postgresql":
        name = f"restore_{uuid.uuid4().hex[:10]}"
        params = connection.settings_dict
        admin = f"postgres://{params['USER']}@{params['HOST']}:{params['PORT']}/postgres"
        with psycopg.connect(admin, autocommit=True) as conn:
            conn.execute(f'CREATE DATABASE "{name}"')
        url = admin.rsplit("/", 1)[0] + f"/{name}"
        yield url
        with psycopg.connect(admin, autocommit=True) as conn:
            conn.execute(f'DROP DATABASE "{name}" WITH (FORCE)')
    else:
        yield f"sqlite:///{tmp_path / 'restored.sqlite3'}"


def manage(url: str, *args: str) -> subprocess.CompletedProcess:
    """``manage.py`` in a child process, on the database at ``url``."""
    env = {**os.environ, "DATABASE_URL": url, "DJANGO_SETTINGS_MODULE": "scorekeeper.settings"}
    return subprocess.run(
        [sys.executable, "manage.py", *args], cwd=ROOT, env=env, capture_output=True, text=True
    )
