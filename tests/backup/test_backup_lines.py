"""Every line of a backup has one reading: a key held twice in any object of a
line is refused by the line's number, whatever the signature says; lines end
in LF or CRLF alike; and the backups that earlier versions wrote (kept in
``earlier_versions/``, signed with the key below) still restore."""

from __future__ import annotations

import json
from io import StringIO
from pathlib import Path

import pytest
from django.core.management import CommandError, call_command

from series.backup import archive as backup
from series.models import Club, Event, Night
from tests.support.backup import backup_of, history

pytestmark = pytest.mark.django_db

EARLIER = Path(__file__).parent / "earlier_versions"
EARLIER_KEY = "earlier-version-backups"  # BACKUP_KEY of the servers that wrote them


def restore_file(path: Path) -> str:
    """The import command in this process, as an operator runs it; its report."""
    out = StringIO()
    call_command("import_events", str(path), stdout=out, stderr=StringIO())
    return out.getvalue()


def event_line(lines: list[str], type_: str) -> int:
    return next(i for i, line in enumerate(lines) if f'"type": "{type_}"' in line)


def test_a_line_holding_a_second_hash_before_the_real_one_is_refused_naming_the_line(tmp_path):
    lines = backup_of(history).lines
    at = event_line(lines, "DealRecorded")
    lines[at] = '{"hash": "' + "0" * 64 + '", ' + lines[at][1:]
    (tmp_path / "two-hashes.jsonl").write_text("".join(lines), encoding="utf-8")
    with pytest.raises(CommandError) as refused:
        restore_file(tmp_path / "two-hashes.jsonl")
    assert f"line {at + 1}:" in str(refused.value)
    assert "'hash' appears twice" in str(refused.value)
    assert (Event.objects.count(), Club.objects.count()) == (0, 0)


def test_a_key_held_twice_deep_in_an_event_is_refused_though_the_signature_matches():
    """The signature is of what the parser kept (the last value), so a line
    with an earlier, different value of one key would pass unnoticed, and a
    reader keeping the first would see 999 points."""
    lines = backup_of(history).lines
    at = event_line(lines, "DealRecorded")
    record = json.loads(lines[at])
    assert '"points": ' in lines[at]
    lines[at] = lines[at].replace('"points": ', '"points": 999, "points": ', 1)
    assert json.loads(lines[at]) == record  # what the old reading saw: nothing changed
    with pytest.raises(backup.BackupError) as refused:
        backup.import_lines(lines)
    assert refused.value.line == at + 1
    assert "'points' appears twice" in str(refused.value)
    assert not Club.objects.exists()


def test_the_same_key_in_two_different_objects_of_a_line_is_no_duplicate():
    lines = backup_of(history).lines
    deal = json.loads(lines[event_line(lines, "DealRecorded")])
    assert len([hand for hand in deal["payload"]["hands"] if "points" in hand]) > 1
    assert backup.import_lines(lines) == Event.objects.count() > 0


@pytest.mark.parametrize("line_end", ["\n", "\r\n"], ids=["LF", "CRLF"])
def test_a_backup_restores_with_either_line_end(tmp_path, line_end):
    lines = backup_of(history).lines
    (tmp_path / "backup.jsonl").write_bytes(
        "".join(line.rstrip("\n") + line_end for line in lines).encode()
    )
    events = sum('"kind": "event"' in line for line in lines)
    assert f"Restored {events} events" in restore_file(tmp_path / "backup.jsonl")


def test_lines_handed_over_with_crlf_restore_in_process():
    lines = [line.rstrip("\n") + "\r\n" for line in backup_of(history).lines]
    assert backup.import_lines(lines) == Event.objects.count() > 0


@pytest.mark.parametrize("line_end", ["\n", "\r\n"], ids=["LF", "CRLF"])
@pytest.mark.parametrize("name", sorted(path.name for path in EARLIER.glob("*.jsonl")))
def test_every_backup_an_earlier_version_wrote_still_restores(tmp_path, settings, name, line_end):
    settings.BACKUP_KEY = EARLIER_KEY
    lines = (EARLIER / name).read_text(encoding="utf-8").splitlines()
    (tmp_path / name).write_bytes("".join(line + line_end for line in lines).encode())
    report = restore_file(tmp_path / name)
    events = sum('"kind": "event"' in line for line in lines)
    assert f"Restored {events} events" in report
    assert Event.objects.count() == events
    nights = sum('"type": "NightOpened"' in line for line in lines)
    assert Night.objects.count() == nights
