"""Backup and restore: export → import into a fresh database → same projections."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import uuid
from pathlib import Path

import psycopg
import pytest
from django.contrib.auth import get_user_model
from django.db import connection

from series import backup, checksum, services
from series.league import services as league
from series.models import Event
from tests.factories import club_with_players, entry, start

pytestmark = pytest.mark.django_db

ROOT = Path(__file__).resolve().parent.parent


def history() -> None:
    """Two clubs; a finished series with a tiebreak, a corrected and a voided deal."""
    scorer = get_user_model().objects.create_user("scorer", password="pw-for-tests-1")
    club, players = club_with_players(("Anna", "Bruno", "Carla", "Dario"))
    services.member_set(club=club, user=scorer, role="scorer")
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


@pytest.fixture
def fresh_database(tmp_path):
    """An empty database of the same kind as the test database, migrated."""
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
    env = {**os.environ, "DATABASE_URL": url, "DJANGO_SETTINGS_MODULE": "scorekeeper.settings"}
    return subprocess.run(
        [sys.executable, "manage.py", *args], cwd=ROOT, env=env, capture_output=True, text=True
    )


def write_backup(path: Path) -> list[str]:
    lines = list(backup.export_lines())
    path.write_text("".join(lines), encoding="utf-8")
    return lines


def test_a_restored_backup_has_the_same_projections(fresh_database, tmp_path):
    history()
    original = checksum.projection_checksum()
    write_backup(tmp_path / "backup.jsonl")
    assert manage(fresh_database, "migrate", "-v0").returncode == 0
    restored = manage(fresh_database, "import_events", str(tmp_path / "backup.jsonl"))
    assert restored.returncode == 0, restored.stderr
    assert f"Restored {Event.objects.count()} events" in restored.stdout
    assert manage(fresh_database, "checksum").stdout.strip() == original


def test_a_backup_with_one_altered_line_is_refused_naming_the_line(fresh_database, tmp_path):
    history()
    lines = write_backup(tmp_path / "backup.jsonl")
    record = json.loads(lines[20])
    assert record["kind"] == "event"
    record["recorded_at"] = "2001-01-01T00:00:00+00:00"  # the hash stays as it was
    lines[20] = json.dumps(record) + "\n"
    (tmp_path / "altered.jsonl").write_text("".join(lines), encoding="utf-8")
    manage(fresh_database, "migrate", "-v0")
    refused = manage(fresh_database, "import_events", str(tmp_path / "altered.jsonl"))
    assert refused.returncode == 1
    assert "line 21" in refused.stderr and "altered" in refused.stderr
    empty = manage(fresh_database, "checksum").stdout.strip()
    assert refused.returncode == 1 and empty == _empty_checksum()


def test_a_cut_off_backup_is_refused_and_loads_nothing(fresh_database, tmp_path):
    history()
    lines = write_backup(tmp_path / "backup.jsonl")
    (tmp_path / "cut.jsonl").write_text("".join(lines[:-5]), encoding="utf-8")
    manage(fresh_database, "migrate", "-v0")
    refused = manage(fresh_database, "import_events", str(tmp_path / "cut.jsonl"))
    assert refused.returncode == 1
    assert "cut off" in refused.stderr
    count = manage(
        fresh_database, "shell", "-v", "0", "-c",
        "from series.models import Event, Club; print(Event.objects.count(), Club.objects.count())",
    )  # fmt: skip
    assert count.stdout.split() == ["0", "0"]


def test_an_event_that_breaks_the_rules_is_refused_even_with_a_valid_chain(
    fresh_database, tmp_path
):
    history()
    records = [json.loads(line) for line in backup.export_lines()]
    for record in records:
        record.pop("hash")
    deal = next(r for r in records if r["kind"] == "event" and r["type"] == "DealRecorded")
    deal["payload"]["hands"][0]["points"] = 999  # impossible for 15 cards
    previous, rehashed = backup.GENESIS, []
    for record in records:
        previous = backup._chain(previous, record, backup.signing_key())
        rehashed.append(json.dumps({**record, "hash": previous}) + "\n")
    (tmp_path / "forged.jsonl").write_text("".join(rehashed), encoding="utf-8")
    manage(fresh_database, "migrate", "-v0")
    refused = manage(fresh_database, "import_events", str(tmp_path / "forged.jsonl"))
    assert refused.returncode == 1
    assert f"line {records.index(deal) + 1}" in refused.stderr
    assert "999 points" in refused.stderr


def test_a_database_that_is_not_empty_refuses_a_restore(tmp_path):
    history()
    lines = list(backup.export_lines())
    with pytest.raises(backup.BackupError) as refused:
        backup.import_lines(lines)
    assert "not empty" in str(refused.value)


def _empty_checksum() -> str:
    import hashlib

    from series.checksum import CHECKSUM_TABLES

    digest = hashlib.sha256()
    for model, _order in CHECKSUM_TABLES:
        digest.update(model._meta.db_table.encode())
    return digest.hexdigest()


def test_the_demo_club_survives_a_round_trip_through_a_backup(fresh_database, tmp_path):
    from series import demo

    demo.create_demo_club(seed=3, seasons=1, every_days=45, password="demo-pass-1")
    original = checksum.projection_checksum()
    write_backup(tmp_path / "demo.jsonl")
    assert manage(fresh_database, "migrate", "-v0").returncode == 0
    restored = manage(fresh_database, "import_events", str(tmp_path / "demo.jsonl"))
    assert restored.returncode == 0, restored.stderr
    assert manage(fresh_database, "checksum").stdout.strip() == original


def test_a_clubs_settings_and_a_players_account_survive_a_restore(fresh_database, tmp_path):
    history()
    club = services.club_create(name="Settings club", time_zone="Europe/Rome",
                                default_rules={"preset": "continental-13"})  # fmt: skip
    member = get_user_model().objects.create_user("member-with-player")
    services.member_set(club=club, user=member, role="member")
    player = services.player_add(club=club, name="Lia")
    league.player_link(club=club, player_id=player.id, user_id=member.id)
    write_backup(tmp_path / "backup.jsonl")
    manage(fresh_database, "migrate", "-v0")
    restored = manage(fresh_database, "import_events", str(tmp_path / "backup.jsonl"))
    assert restored.returncode == 0, restored.stderr
    code = (
        "from series.models import Club, Player; c = Club.objects.get(slug='settings-club'); "
        "print(c.time_zone, c.default_rules['preset'], "
        "Player.objects.get(name='Lia').user.username)"
    )
    shown = manage(fresh_database, "shell", "-c", code)
    assert shown.stdout.strip().splitlines()[-1].split() == [
        "Europe/Rome",
        "continental-13",
        "member-with-player",
    ]
