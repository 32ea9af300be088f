"""A restore replays every stream through the same decide as a live command:
an edited and re-signed backup is refused by its line when a roster event
breaks the roster's rules, while history that was valid when it was recorded
comes back even where a rule is checked more strictly today."""

from __future__ import annotations

import json
from dataclasses import replace
from datetime import UTC, datetime
from uuid import UUID, uuid4

import pytest

from series.backup import archive as backup
from series.domain.events import PlayersMerged, SeriesStarted
from series.domain.nights.events import NightOpened
from series.domain.nights.large_tables import THIRTEEN_CARDS
from series.domain.roster import roster_stream
from series.domain.rules import PRESETS
from series.domain.series import RecordDeal, VoidDeal, decide, fold
from series.eventstore.mapper import SCHEMA_VERSION, from_payload, to_payload
from series.models import Club, Event, Player, SeriesSheet
from series.nights import services as nights
from tests.support.factories import entry

pytestmark = pytest.mark.django_db

CLUB = 1
WHEN = datetime(2024, 5, 3, 20, tzinfo=UTC).isoformat()


def reference(players: int) -> list[dict]:
    club = {
        "kind": "club",
        "id": CLUB,
        "slug": "club",
        "name": "Club",
        "public": False,
        "default_rules": {},
        "time_zone": "",
    }
    people = [
        {"kind": "player", "id": n, "club": CLUB, "name": f"Player {n}", "user": None}
        for n in range(1, players + 1)
    ]
    header = {
        "kind": "header",
        "format": backup.FORMAT,
        "version": backup.FORMAT_VERSION,
        "club": None,
        "accounts": False,
    }
    return [header, club, *people]


def event_record(
    position: int, stream: UUID, version: int, event, schema_version: int = SCHEMA_VERSION
) -> dict:
    type_name, payload = to_payload(event)
    return {
        "kind": "event",
        "position": position,
        "stream": str(stream),
        "club": CLUB,
        "version": version,
        "type": type_name,
        "payload": payload,
        "schema_version": schema_version,
        "recorded_at": WHEN,
        "recorded_by": None,
        "idempotency_key": None,
        "command_digest": None,
    }


def signed(records: list[dict]) -> list[str]:
    """The records as a backup signed with this installation's key."""
    key, previous, lines = backup.signing_key(), backup.GENESIS, []
    for record in records:
        previous = backup._chain(previous, record, key)
        lines.append(json.dumps({**record, "hash": previous}) + "\n")
    end = {"kind": "end", "lines": len(records)}
    return [*lines, json.dumps({**end, "hash": backup._chain(previous, end, key)}) + "\n"]


def started(players: tuple[int, ...], rules: dict) -> SeriesStarted:
    return SeriesStarted(CLUB, players, players[0], rules)


CONTINENTAL = PRESETS["continental"].for_table(3).as_dict()


def test_a_backup_that_merges_two_players_who_sat_at_one_table_is_refused_by_its_line():
    series = uuid4()
    records = [
        *reference(4),
        event_record(1, series, 1, started((1, 2, 3), CONTINENTAL)),
        event_record(2, roster_stream(CLUB), 1, PlayersMerged(source=1, target=2)),
    ]
    with pytest.raises(backup.BackupError) as refused:
        backup.import_lines(signed(records))
    assert refused.value.line == len(records)  # the merge's line
    assert "1 and 2 sat at the same table, so they are not one person" in str(refused.value)
    assert not (Club.objects.exists() or Player.objects.exists() or Event.objects.exists())


def test_a_backup_that_merges_a_player_into_one_they_never_sat_with_is_restored():
    series = uuid4()
    records = [
        *reference(4),
        event_record(1, series, 1, started((1, 2, 3), CONTINENTAL)),
        event_record(2, roster_stream(CLUB), 1, PlayersMerged(source=4, target=1)),
    ]
    assert backup.import_lines(signed(records)) == 2


def test_a_rummy_series_started_before_jokers_were_checked_by_table_size_is_restored():
    # Recorded when RULES D-12 was checked before the table size settled the
    # decks: four players, one deck, and four jokers (two a deck allowed today).
    old_rules = replace(PRESETS["rummy"], decks=1, hand_size=7, jokers=4).as_dict()
    start = started((1, 2, 3, 4), old_rules)
    deal = decide(fold([start]), RecordDeal(entry(1, {2: 12, 3: 30, 4: 7})))
    series = uuid4()
    records = [
        *reference(4),
        event_record(1, series, 1, start),
        event_record(2, series, 2, deal[0]),
    ]
    assert backup.import_lines(signed(records)) == 2
    assert SeriesSheet.objects.get(id=series).totals == {"1": 0, "2": 12, "3": 30, "4": 7}


def test_a_deal_of_an_old_series_that_is_not_what_its_command_decides_is_refused():
    old_rules = replace(PRESETS["rummy"], decks=1, hand_size=7, jokers=4).as_dict()
    start = started((1, 2, 3, 4), old_rules)
    deal = decide(fold([start]), RecordDeal(entry(1, {2: 12, 3: 30, 4: 7})))[0]
    forged = replace(deal, scores={**deal.scores, 2: 1})  # a total nobody decided
    series = uuid4()
    records = [*reference(4), event_record(1, series, 1, start), event_record(2, series, 2, forged)]
    with pytest.raises(backup.BackupError) as refused:
        backup.import_lines(signed(records))
    assert refused.value.line == len(records)
    assert not Event.objects.exists()


def test_a_reason_recorded_before_reasons_were_cleaned_is_restored_as_written():
    # Reasons are refused today when they would show reordered (a bidi override);
    # one recorded before that is history, and its backup comes back whole.
    start = started((1, 2, 3), CONTINENTAL)
    state = fold([start])
    deal = decide(state, RecordDeal(entry(1, {2: 20, 3: 30})))[0]
    state = fold([start, deal])
    voided = decide(state, VoidDeal(1, "misdeal"))[0]
    earlier = replace(voided, reason="Eva \u202e03 ton ,0 had")
    series = uuid4()
    records = [
        *reference(3),
        event_record(1, series, 1, start),
        event_record(2, series, 2, deal),
        event_record(3, series, 3, earlier),
    ]
    assert backup.import_lines(signed(records)) == 3
    assert Event.objects.get(stream=series, version=3).payload["reason"] == earlier.reason


def test_an_earlier_reason_does_not_let_the_rest_of_its_event_through_unchecked():
    start = started((1, 2, 3), CONTINENTAL)
    deal = decide(fold([start]), RecordDeal(entry(1, {2: 20, 3: 30})))[0]
    voided = decide(fold([start, deal]), VoidDeal(1, "misdeal"))[0]
    forged = replace(voided, number=2, reason="Eva \u202e03 ton ,0 had")  # no deal 2
    series = uuid4()
    records = [
        *reference(3),
        event_record(1, series, 1, start),
        event_record(2, series, 2, deal),
        event_record(3, series, 3, forged),
    ]
    with pytest.raises(backup.BackupError) as refused:
        backup.import_lines(signed(records))
    assert refused.value.line == len(records)


def test_a_night_opened_with_a_points_table_its_scoring_never_read_is_restored_without_it():
    # RULES D-16: schema version 2 stored a table sent with any method, unchecked
    # ("" and "__proto__" among its keys); it is read as absent, so the restore
    # decides the opening again and the night reads as it always ranked.
    night = uuid4()
    table = {"": [1], "__proto__": [2], "24886499855963988688896": [3]}
    opened = NightOpened(
        CLUB,
        "2026-03-14",
        {"preset": "continental", "options": {}},
        {"method": "placement", "points_table": table},
        THIRTEEN_CARDS,
        3,
        8,
    )
    records = [*reference(3), event_record(1, night, 1, opened, schema_version=2)]
    assert backup.import_lines(signed(records)) == 1
    restored = Event.objects.get(stream=night)
    assert restored.payload["scoring"]["points_table"] == table  # history kept as written
    read = from_payload(restored.type, restored.payload, restored.schema_version)
    assert read.scoring == {"method": "placement"}
    assert nights.night_load(night).scoring == {"method": "placement"}
