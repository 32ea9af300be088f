"""A backup carries the league: seasons, ladder rules and the roster's events;
a restore gives the same league tables, and a forged roster event is refused."""

from __future__ import annotations

import json
from datetime import date

import pytest

from series import backup, checksum
from series.league import services as league
from tests.test_backup import manage

pytestmark = pytest.mark.django_db


def league_history(history):
    twin = league.guest_add(club=history.club, name="Dario bis")
    league.players_merge(club=history.club, source_id=twin.id, target_id=history.dario.id)
    league.player_rename(club=history.club, player_id=history.carla.id, name="Carla M.")
    league.season_add(
        club=history.club, name="Spring", first_day=date(2025, 3, 1), last_day=date(2025, 5, 31)
    )
    league.ladder_set(club=history.club, min_series=2, best_n=10)


def test_a_restored_backup_has_the_same_league(history, fresh_database, tmp_path):
    league_history(history)
    original = checksum.projection_checksum()
    lines = list(backup.export_lines())
    kinds = [json.loads(line)["kind"] for line in lines]
    assert "season" in kinds and "ladder" in kinds
    (tmp_path / "backup.jsonl").write_text("".join(lines), encoding="utf-8")
    assert manage(fresh_database, "migrate", "-v0").returncode == 0
    restored = manage(fresh_database, "import_events", str(tmp_path / "backup.jsonl"))
    assert restored.returncode == 0, restored.stderr
    assert manage(fresh_database, "checksum").stdout.strip() == original


def test_a_roster_event_that_the_rules_refuse_is_refused_even_with_a_valid_chain(
    history,
    fresh_database,
    tmp_path,
):
    league_history(history)
    records = [json.loads(line) for line in backup.export_lines()]
    for record in records:
        record.pop("hash")
    merge = next(r for r in records if r.get("type") == "PlayersMerged")
    merge["payload"]["target"] = merge["payload"]["source"]  # merged into themselves
    previous, rehashed = backup.GENESIS, []
    for record in records:
        previous = backup._chain(previous, record, backup.signing_key())
        rehashed.append(json.dumps({**record, "hash": previous}) + "\n")
    (tmp_path / "forged.jsonl").write_text("".join(rehashed), encoding="utf-8")
    manage(fresh_database, "migrate", "-v0")
    refused = manage(fresh_database, "import_events", str(tmp_path / "forged.jsonl"))
    assert refused.returncode == 1
    assert f"line {records.index(merge) + 1}" in refused.stderr
