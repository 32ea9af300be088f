"""The app's database role can append to the event log and nothing more: it
cannot delete, update, truncate, or switch off or drop the log's triggers,
nor choose an event's position or move the log's sequence."""

from __future__ import annotations

import os
import subprocess
import sys
import uuid
from pathlib import Path

import psycopg
import pytest
from django.db import connection

from series.database import roles
from series.models import DealLine, Event
from series.sheets import services
from tests.support.factories import club_with_players, entry, start

pytestmark = pytest.mark.postgres
ROOT = Path(__file__).resolve().parents[2]


def dsn(user: str) -> str:
    params = connection.settings_dict
    return f"postgres://{user}@{params['HOST']}:{params['PORT']}/{params['NAME']}"


@pytest.fixture
def app_role(transactional_db):
    """A login role with the app's grants, dropped afterwards."""
    role = f"sk_app_test_{uuid.uuid4().hex[:8]}"
    with connection.cursor() as cursor:
        cursor.execute(f'CREATE ROLE "{role}" LOGIN')
    roles.grant_app_role(connection, role)
    yield role
    with connection.cursor() as cursor:
        cursor.execute(
            "SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE usename = %s", [role]
        )
        cursor.execute(f'DROP OWNED BY "{role}"')
        cursor.execute(f'DROP ROLE "{role}"')


@pytest.fixture
def played(app_role):
    club, players = club_with_players(("Anna", "Bruno", "Carla"))
    series = start(club, players).series_id
    services.deal_record(
        series_id=series, entry=entry(players[0], {players[1]: 20, players[2]: 30})
    )
    return series, players


ATTEMPTS = {
    "delete": "DELETE FROM series_event",
    "update": "UPDATE series_event SET type = 'DealVoided'",
    "truncate": "TRUNCATE series_event",
    "disable the triggers": "ALTER TABLE series_event DISABLE TRIGGER ALL",
    "disable one trigger": "ALTER TABLE series_event DISABLE TRIGGER series_event_no_update_delete",
    "drop a trigger": "DROP TRIGGER series_event_no_update_delete ON series_event",
    "drop the trigger function": "DROP FUNCTION series_event_append_only() CASCADE",
    "skip triggers for the session": "SET session_replication_role = replica",
    # An event slotted in at a position no append gave out (a tailing reader
    # past it never sees it), or the sequence set back so that every new
    # series collides with an old position.
    "insert at a chosen position": (
        "INSERT INTO series_event (position, stream, club_id, version, type, payload, "
        "schema_version, recorded_at) SELECT 1000, gen_random_uuid(), club_id, 1, type, "
        "payload, schema_version, recorded_at FROM series_event LIMIT 1"
    ),
    "insert a position by overriding the sequence": (
        "INSERT INTO series_event (position, stream, club_id, version, type, payload, "
        "schema_version, recorded_at) OVERRIDING SYSTEM VALUE SELECT 1000, gen_random_uuid(), "
        "club_id, 1, type, payload, schema_version, recorded_at FROM series_event LIMIT 1"
    ),
    "move the log's sequence": (
        "SELECT setval(pg_get_serial_sequence('series_event', 'position'), 1)"
    ),
}


@pytest.mark.parametrize("attempt", ATTEMPTS)
def test_the_app_role_cannot_change_the_event_log(app_role, played, attempt):
    with (
        psycopg.connect(dsn(app_role)) as app,
        pytest.raises(psycopg.errors.InsufficientPrivilege) as refused,
    ):
        app.execute(ATTEMPTS[attempt])
    message = str(refused.value)
    assert "permission denied" in message or "must be owner" in message, message
    assert Event.objects.count() == 2


def test_granting_again_takes_back_what_an_earlier_grant_gave_too_much(app_role, played):
    with connection.cursor() as cursor:  # as grants before this version did
        cursor.execute(f'GRANT UPDATE ON ALL SEQUENCES IN SCHEMA public TO "{app_role}"')
        cursor.execute(f'GRANT INSERT ON series_event TO "{app_role}"')
    roles.grant_app_role(connection, app_role)
    for attempt in ("insert at a chosen position", "move the log's sequence"):
        with (
            psycopg.connect(dsn(app_role)) as app,
            pytest.raises(psycopg.errors.InsufficientPrivilege),
        ):
            app.execute(ATTEMPTS[attempt])
    assert Event.objects.count() == 2


def test_the_app_runs_as_that_role_recording_deals_and_projections(app_role, played):
    series, (anna, bruno, carla) = played
    code = (
        "from series.sheets import services; from tests.support.factories import entry; "
        f"services.deal_record(series_id='{series}', "
        f"entry=entry({bruno.id}, {{{anna.id}: 25, {carla.id}: 35}}))"
    )
    env = {
        **os.environ,
        "DATABASE_URL": dsn(app_role),
        "DJANGO_SETTINGS_MODULE": "scorekeeper.settings",
    }
    ran = subprocess.run(
        [sys.executable, "manage.py", "shell", "-c", code],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert ran.returncode == 0, ran.stderr
    assert Event.objects.filter(stream=series).count() == 3
    assert DealLine.objects.filter(series_id=series).count() == 2


def test_the_owner_cannot_be_its_own_app_role(transactional_db):
    with pytest.raises(ValueError, match="owns the tables"):
        roles.grant_app_role(connection, connection.settings_dict["USER"])


def test_a_fresh_database_migrates_as_the_owner_while_the_app_runs_as_its_role(
    transactional_db,
):
    # `make serve` on a new server: every migration, data ones included, runs on
    # the owner's connection; the app's role has no grant on the tables yet.
    role, name = f"sk_app_new_{uuid.uuid4().hex[:8]}", f"sk_fresh_{uuid.uuid4().hex[:8]}"
    owner = connection.settings_dict["USER"]
    with connection.cursor() as cursor:
        cursor.execute(f'CREATE ROLE "{role}" LOGIN')
        cursor.execute(f'CREATE DATABASE "{name}"')
    params = connection.settings_dict
    base = f"postgres://{{}}@{params['HOST']}:{params['PORT']}/{name}"
    env = {
        **os.environ,
        "DATABASE_URL": base.format(role),
        "MIGRATE_DATABASE_URL": base.format(owner),
        "DJANGO_SETTINGS_MODULE": "scorekeeper.settings",
    }
    try:
        for command in (["migrate", "--database", "migrate", "--noinput"], ["grant_app_role"]):
            ran = subprocess.run(
                [sys.executable, "manage.py", *command],
                cwd=ROOT,
                env=env,
                capture_output=True,
                text=True,
                timeout=300,
            )
            assert ran.returncode == 0, ran.stderr[-2000:]
    finally:
        with connection.cursor() as cursor:
            cursor.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')
            cursor.execute(f'DROP ROLE IF EXISTS "{role}"')
