"""Backups are signed: an edited file is refused by its line number, before
anything is written, unless it was signed with the key; password hashes travel
only when asked for."""

from __future__ import annotations

import hashlib
import json

import pytest
from django.contrib.auth import get_user_model
from django.db import connection
from django.test.utils import CaptureQueriesContext

from series.backup import archive as backup
from series.models import Club, Membership
from tests.support.backup import backup_of, history, records_of

pytestmark = pytest.mark.django_db


def exported(**kwargs) -> list[str]:
    """A backup of ``history()``; the test database is empty again for the restore."""
    return backup_of(history, **kwargs).lines


def unkeyed_chain(records: list[dict], original: list[str] | None = None) -> list[str]:
    """What a forger without the key can do: keep the lines before the first
    edited one and recompute a bare SHA-256 chain from there."""
    original = original or []
    kept = 0
    while kept < min(len(original), len(records)) and records_of([original[kept]]) == [
        records[kept]
    ]:
        kept += 1
    previous = json.loads(original[kept - 1])["hash"] if kept else backup.GENESIS
    lines = original[:kept]
    for record in records[kept:]:
        body = json.dumps(record, sort_keys=True, separators=(",", ":"), ensure_ascii=False)
        previous = hashlib.sha256((previous + body).encode()).hexdigest()
        lines.append(json.dumps({**record, "hash": previous}) + "\n")
    return lines


def make_admin(records):
    member = next(r for r in records if r["kind"] == "member" and r["role"] != "admin")
    member["role"] = "admin"
    return member


def change_points(records):
    deal = next(r for r in records if r.get("type") == "DealRecorded")
    deal["payload"]["hands"][0]["points"] += 5
    return deal


def drop_last_event(records):
    last = max(i for i, r in enumerate(records) if r["kind"] == "event")
    records.pop(last)
    records[-1]["lines"] -= 1
    return records[last]  # the line that now stands where the event stood


def plant_password(records):
    user = next(r for r in records if r["kind"] == "user")
    user["password"] = "pbkdf2_sha256$1000000$salt$forged"
    return user


@pytest.mark.parametrize("forge", [make_admin, change_points, drop_last_event, plant_password])
def test_a_forged_backup_is_refused_by_line_before_anything_is_written(forge):
    lines = exported()
    records = records_of(lines)
    target = forge(records)
    forged = unkeyed_chain(records, lines)
    with CaptureQueriesContext(connection) as queries, pytest.raises(backup.BackupError) as refused:
        backup.import_lines(forged, with_accounts=True)
    assert refused.value.line == records.index(target) + 1
    assert "signature" in str(refused.value)
    assert not [q for q in queries if q["sql"].lstrip().upper().startswith("INSERT")]
    assert not Club.objects.exists()


def test_a_backup_signed_with_another_key_is_refused_at_its_first_line(settings):
    settings.BACKUP_KEY = "the key of another club's server"
    lines = exported()
    settings.BACKUP_KEY = "this server's key"
    with pytest.raises(backup.BackupError) as refused:
        backup.import_lines(lines)
    assert refused.value.line == 1
    assert not Club.objects.exists()


def test_a_file_from_before_signing_is_refused_by_its_version():
    records = records_of(exported())
    records[0]["version"] = 1
    with pytest.raises(backup.BackupError) as refused:
        backup.import_lines(unkeyed_chain(records))
    assert "version 1" in str(refused.value)


def test_without_a_backup_key_the_key_is_derived_from_the_secret_key(settings):
    settings.BACKUP_KEY = ""
    settings.SECRET_KEY = "one secret key, long enough to be taken seriously"
    first = backup.signing_key()
    settings.SECRET_KEY = "another secret key, long enough to be taken seriously"
    assert backup.signing_key() != first
    settings.BACKUP_KEY = "an explicit key"
    assert backup.signing_key() == b"an explicit key"


def test_a_signed_backup_restores(settings):
    lines = exported()
    assert backup.import_lines(lines) == len([line for line in lines if '"event"' in line])
    assert Membership.objects.filter(role="scorer").count() == 1


def test_password_hashes_are_left_out_unless_accounts_are_asked_for():
    plain = records_of(exported())
    assert not [r for r in plain if "password" in r]
    backup.import_lines(exported())
    scorer = get_user_model().objects.get(username="scorer")
    assert not scorer.has_usable_password()


def test_with_accounts_the_users_sign_in_with_their_passwords_again():
    lines = exported(with_accounts=True)
    assert any('"password"' in line for line in lines)
    backup.import_lines(lines, with_accounts=True)
    assert get_user_model().objects.get(username="scorer").check_password("pw-for-tests-1")


def test_hashes_in_a_file_are_not_restored_without_asking():
    backup.import_lines(exported(with_accounts=True))
    assert not get_user_model().objects.get(username="scorer").has_usable_password()
