"""A backup carries the league: seasons, ladder rules and the roster's events;
a restore gives the same league tables, and a forged roster event is refused."""

from __future__ import annotations

import json
from datetime import date

import pytest

from series.backup import archive as backup
from series.backup import checksum
from series.clubs import players as player_services
from series.league import services as league
from series.models import Club, Event
from tests.league.conftest import build_history
from tests.support.backup import backup_of, records_of, signed

pytestmark = pytest.mark.django_db


def league_history() -> None:
    history = build_history()
    twin = player_services.guest_add(club=history.club, name="Dario bis")
    player_services.players_merge(club=history.club, source_id=twin.id, target_id=history.dario.id)
    player_services.player_rename(club=history.club, player_id=history.carla.id, name="Carla M.")
    league.season_add(
        club=history.club, name="Spring", first_day=date(2025, 3, 1), last_day=date(2025, 5, 31)
    )
    league.ladder_set(club=history.club, min_series=2, best_n=10)


def test_a_restored_backup_has_the_same_league():
    taken = backup_of(league_history)
    kinds = [json.loads(line)["kind"] for line in taken.lines]
    assert "season" in kinds and "ladder" in kinds
    backup.import_lines(taken.lines)
    assert checksum.projection_checksum() == taken.checksum


def test_a_roster_event_that_the_rules_refuse_is_refused_even_with_a_valid_chain():
    records = records_of(backup_of(league_history).lines)
    merge = next(r for r in records if r.get("type") == "PlayersMerged")
    merge["payload"]["target"] = merge["payload"]["source"]  # merged into themselves
    with pytest.raises(backup.BackupError) as refused:
        backup.import_lines(signed(records))
    assert refused.value.line == records.index(merge) + 1
    assert (Event.objects.count(), Club.objects.count()) == (0, 0)
