"""Backup and restore: export → import into an empty database → same projections.

One test runs the real commands in child processes on a fresh database; the
others restore in this process into the test database, emptied by rolling
back the history the backup was taken from."""

from __future__ import annotations

import json
from io import StringIO

import pytest
from django.contrib.auth import get_user_model
from django.core.management import CommandError, call_command

from series.backup import archive as backup
from series.backup import checksum
from series.clubs import membership
from series.clubs import players as player_services
from series.clubs import services as club_services
from series.models import Club, Event, Player
from tests.support.backup import backup_of, history, manage, records_of, signed

pytestmark = pytest.mark.django_db


def import_events(path) -> None:
    """The import command in this process; a refusal raises CommandError."""
    call_command("import_events", str(path), stdout=StringIO(), stderr=StringIO())


def test_a_restored_backup_has_the_same_projections(fresh_database, tmp_path):
    """End to end: export, then migrate, import and checksum a fresh database
    through the commands, each in its own process as an operator runs them."""
    history()
    original = checksum.projection_checksum()
    (tmp_path / "backup.jsonl").write_text("".join(backup.export_lines()), encoding="utf-8")
    assert manage(fresh_database, "migrate", "-v0").returncode == 0
    restored = manage(fresh_database, "import_events", str(tmp_path / "backup.jsonl"))
    assert restored.returncode == 0, restored.stderr
    assert f"Restored {Event.objects.count()} events" in restored.stdout
    assert manage(fresh_database, "checksum").stdout.strip() == original


def test_a_backup_with_one_altered_line_is_refused_naming_the_line(tmp_path):
    lines = backup_of(history).lines
    record = json.loads(lines[20])
    assert record["kind"] == "event"
    record["recorded_at"] = "2001-01-01T00:00:00+00:00"  # the hash stays as it was
    lines[20] = json.dumps(record) + "\n"
    (tmp_path / "altered.jsonl").write_text("".join(lines), encoding="utf-8")
    with pytest.raises(CommandError) as refused:
        import_events(tmp_path / "altered.jsonl")
    assert "line 21" in str(refused.value) and "altered" in str(refused.value)
    assert _nothing_loaded()


def test_a_cut_off_backup_is_refused_and_loads_nothing(tmp_path):
    lines = backup_of(history).lines
    (tmp_path / "cut.jsonl").write_text("".join(lines[:-5]), encoding="utf-8")
    with pytest.raises(CommandError) as refused:
        import_events(tmp_path / "cut.jsonl")
    assert "cut off" in str(refused.value)
    assert (Event.objects.count(), Club.objects.count()) == (0, 0)


def test_an_event_that_breaks_the_rules_is_refused_even_with_a_valid_chain(tmp_path):
    records = records_of(backup_of(history).lines)
    deal = next(r for r in records if r["kind"] == "event" and r["type"] == "DealRecorded")
    deal["payload"]["hands"][0]["points"] = 999  # impossible for 15 cards
    (tmp_path / "forged.jsonl").write_text("".join(signed(records)), encoding="utf-8")
    with pytest.raises(CommandError) as refused:
        import_events(tmp_path / "forged.jsonl")
    assert f"line {records.index(deal) + 1}" in str(refused.value)
    assert "999 points" in str(refused.value)
    assert (Event.objects.count(), Club.objects.count()) == (0, 0)


def test_a_database_that_is_not_empty_refuses_a_restore(tmp_path):
    history()
    lines = list(backup.export_lines())
    with pytest.raises(backup.BackupError) as refused:
        backup.import_lines(lines)
    assert "not empty" in str(refused.value)


def _nothing_loaded() -> bool:
    """Every projection table is as empty as before the import."""
    import hashlib

    return set(checksum.table_digests().values()) == {hashlib.sha256().hexdigest()}


def test_the_demo_club_survives_a_round_trip_through_a_backup():
    from series.demo import club as demo

    taken = backup_of(
        lambda: demo.create_demo_club(seed=3, seasons=1, every_days=45, password="demo-pass-1")
    )
    backup.import_lines(taken.lines)
    assert checksum.projection_checksum() == taken.checksum


def settings_and_an_account() -> None:
    history()
    club = club_services.club_create(
        name="Settings club", time_zone="Europe/Rome", default_rules={"preset": "continental-13"}
    )
    club_services.club_update(club=club, deals_need_confirmation=True, results_by_email=False)
    member = get_user_model().objects.create_user("member-with-player")
    membership.member_set(club=club, user=member, role="member")
    player = player_services.player_add(club=club, name="Lia")
    player_services.player_link(club=club, player_id=player.id, user_id=member.id)


def test_a_clubs_settings_and_a_players_account_survive_a_restore():
    backup.import_lines(backup_of(settings_and_an_account).lines)
    club = Club.objects.get(slug="settings-club")
    assert (club.time_zone, club.default_rules["preset"]) == ("Europe/Rome", "continental-13")
    assert club.deals_need_confirmation  # else the league counts unconfirmed deals
    assert not club.results_by_email  # a club that turned its e-mails off keeps them off
    assert Player.objects.get(name="Lia").user.username == "member-with-player"
