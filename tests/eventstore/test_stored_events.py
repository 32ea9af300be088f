"""Every event's stored form, pinned: what is in a database or a backup today
decodes to the same event, and an event encodes to the same JSON, key for key
and in the same order (the log's rows, backups and their digests depend on it)."""

from __future__ import annotations

import dataclasses
import json

import pytest

from series.domain import registry
from series.domain.cards import parse_card
from series.domain.championships.events import (
    ChampionshipClosed,
    ChampionshipNightAdded,
    ChampionshipNightWithdrawn,
    ChampionshipOpened,
    CutLine,
    CutMade,
    CutNight,
    FinalNightOpened,
    RankedLine,
)
from series.domain.events import (
    DealConfirmed,
    DealCorrected,
    DealDisputed,
    DealEntry,
    DealRecorded,
    DealVoided,
    GoingOut,
    GuestAdded,
    Hand,
    Outcome,
    PlayerLinked,
    PlayerRenamed,
    PlayerRetired,
    PlayerReturned,
    PlayerSeated,
    PlayersMerged,
    PlayersUnmerged,
    SeriesAbandoned,
    SeriesStarted,
)
from series.domain.federations.membership import (
    ClubJoinAccepted,
    ClubJoinAsked,
    ClubJoined,
    ClubMembershipEnded,
)
from series.domain.federations.person_links import PersonLinkConfirmed, PersonLinkWithdrawn
from series.domain.nights.events import (
    NightClosed,
    NightMoved,
    NightOpened,
    NightPlanned,
    NightPoints,
    NightReopened,
    NightTableDrawn,
    NightWithdrawn,
    PlayerAnswered,
    PlayerCheckedOut,
    PlayerMoved,
    PlayersCheckedIn,
    PlayersSwapped,
    RoundClosed,
    RoundDrawn,
    RoundPointsRecorded,
    RoundWithdrawn,
    TableResultEntered,
    TableStarted,
)
from series.domain.rules import rules_from
from series.eventstore.mapper import SCHEMA_VERSION, from_payload, to_payload


def cards(text: str) -> tuple:
    return tuple(parse_card(card) for card in text.split())


RULES = rules_from("continental").as_dict()
ENTRY = DealEntry(
    went_out=1,
    hands=(Hand(2, cards=cards("KC JK 5S")), Hand(3, points=12), Hand(4)),
    going_out=GoingOut(groups=(cards("7H 8H 9H"), cards("QS QD QC")), discard=parse_card("2D")),
    buys={4: 1, 2: 2},
    rummy=True,
)
ENTRY_STORED = {
    "went_out": 1,
    "hands": [
        {"player": 2, "cards": ["KC", "JK", "5S"]},
        {"player": 3, "points": 12},
        {"player": 4, "points": None},
    ],
    "going_out": {"groups": [["7H", "8H", "9H"], ["QS", "QD", "QC"]], "discard": "2D"},
    "buys": {"2": 2, "4": 1},
    "rummy": True,
}
# Nobody went out (standard Rummy's stock ran out); no claim, buys or Rummy.
PLAIN = DealEntry(went_out=None, hands=(Hand(1, points=5), Hand(2, cards=())))
PLAIN_STORED = {"went_out": None, "hands": [{"player": 1, "points": 5}, {"player": 2, "cards": []}]}
OUTCOME = Outcome(finished=True, tiebreak=False, contenders=(1, 2), eliminated=(3,), winner=1)
OUTCOME_STORED = {
    "finished": True,
    "tiebreak": False,
    "contenders": [1, 2],
    "eliminated": [3],
    "winner": 1,
}
TABLES = (
    NightTableDrawn(1, (3, 1, 2), 1, {"preset": "continental", "options": {"hand_size": 13}}, "x"),
    NightTableDrawn(2, (4, 5), 5),
)
TABLES_STORED = [
    {
        "number": 1,
        "seats": [3, 1, 2],
        "first_dealer": 1,
        "rules": {"preset": "continental", "options": {"hand_size": 13}},
        "large_table": "x",
    },
    {"number": 2, "seats": [4, 5], "first_dealer": 5, "rules": {}, "large_table": None},
]

STORED = [
    (
        SeriesStarted(7, (1, 2, 3), 2, RULES),
        {"club": 7, "players": [1, 2, 3], "first_dealer": 2, "rules": RULES},
    ),
    (
        DealRecorded(1, 2, False, ENTRY, {3: 12, 1: 0, 2: 40, 4: 25}, OUTCOME, True),
        {"number": 1, "dealer": 2, "tiebreak": False}
        | ENTRY_STORED
        | {
            "scores": {"3": 12, "1": 0, "2": 40, "4": 25},
            "outcome": OUTCOME_STORED,
            "needs_confirmation": True,
        },
    ),
    (
        DealRecorded(2, 3, True, PLAIN, {1: 5, 2: 0}, Outcome(False, True, (1, 2))),
        {"number": 2, "dealer": 3, "tiebreak": True}
        | PLAIN_STORED
        | {
            "scores": {"1": 5, "2": 0},
            "outcome": {
                "finished": False,
                "tiebreak": True,
                "contenders": [1, 2],
                "eliminated": [],
                "winner": None,
            },
        },
    ),
    (
        DealRecorded(3, 1, False, PLAIN),
        {"number": 3, "dealer": 1, "tiebreak": False} | PLAIN_STORED,
    ),
    (
        DealCorrected(1, ENTRY, "wrong card", {1: 0}, OUTCOME, needs_confirmation=True),
        {"number": 1, "reason": "wrong card"}
        | ENTRY_STORED
        | {"scores": {"1": 0}, "outcome": OUTCOME_STORED, "needs_confirmation": True},
    ),
    (DealCorrected(1, PLAIN, "typo"), {"number": 1, "reason": "typo"} | PLAIN_STORED),
    (
        DealVoided(2, "misdeal", OUTCOME),
        {"number": 2, "reason": "misdeal", "outcome": OUTCOME_STORED},
    ),
    (DealVoided(2, "misdeal"), {"number": 2, "reason": "misdeal"}),
    (SeriesAbandoned("rain"), {"reason": "rain"}),
    (PlayerSeated(4, RULES), {"player": 4, "rules": RULES}),
    (DealConfirmed(1, 9, 2), {"number": 1, "user": 9, "player": 2}),
    (DealConfirmed(1, 9), {"number": 1, "user": 9, "player": None}),
    (DealDisputed(1, 9, "no", 3), {"number": 1, "user": 9, "player": 3, "reason": "no"}),
    (DealDisputed(1, 9, "not so"), {"number": 1, "user": 9, "player": None, "reason": "not so"}),
    (GuestAdded(4), {"player": 4}),
    (PlayerRenamed(4), {"player": 4}),
    (PlayersMerged(4, 5), {"source": 4, "target": 5}),
    (PlayersUnmerged(4, 5), {"source": 4, "target": 5}),
    (PlayerRetired(4), {"player": 4}),
    (PlayerReturned(4), {"player": 4}),
    (PlayerLinked(4), {"player": 4}),
    (ClubJoinAsked(2, 3, True), {"federation": 2, "club": 3, "names_shown": True}),
    (
        ClubJoined(2, 3, False, by_link=True),
        {"federation": 2, "club": 3, "names_shown": False, "by_link": True},
    ),
    (ClubJoinAccepted(2, 3), {"federation": 2, "club": 3}),
    (ClubMembershipEnded(2, 3, "club"), {"federation": 2, "club": 3, "by": "club"}),
    (PersonLinkConfirmed(8, 3, 4), {"user": 8, "club": 3, "player": 4}),
    (PersonLinkWithdrawn(8, 3, 4), {"user": 8, "club": 3, "player": 4}),
    (
        NightOpened(
            7,
            "2026-12-01",
            {"preset": "continental", "options": {}},
            {"method": "points_table", "points_table": [10, 6]},
            "thirteen_cards",
            3,
            5,
        ),
        {
            "club": 7,
            "date": "2026-12-01",
            "rules": {"preset": "continental", "options": {}},
            "scoring": {"method": "points_table", "points_table": [10, 6]},
            "large_table": "thirteen_cards",
            "min_table": 3,
            "max_table": 5,
        },
    ),
    (PlayersCheckedIn((1, 2, 3)), {"players": [1, 2, 3]}),
    (PlayerCheckedOut(2), {"player": 2}),
    (
        RoundDrawn(1, 42, "random", (3, 2), TABLES),
        {"number": 1, "seed": 42, "method": "random", "sizes": [3, 2], "tables": TABLES_STORED},
    ),
    (
        PlayerMoved(1, 3, 2, TABLES),
        {"round": 1, "player": 3, "table": 2, "tables": TABLES_STORED},
    ),
    (
        PlayersSwapped(1, 3, 4, TABLES),
        {"round": 1, "player": 3, "other": 4, "tables": TABLES_STORED},
    ),
    (
        TableStarted(1, 2, "0b6c2f4e-1b7a-4d7e-9c1a-2f3e4d5c6b7a"),
        {"round": 1, "table": 2, "series": "0b6c2f4e-1b7a-4d7e-9c1a-2f3e4d5c6b7a"},
    ),
    (
        TableResultEntered(1, 2, ((5, 6), (7,))),
        {"round": 1, "table": 2, "order": [[5, 6], [7]]},
    ),
    (RoundClosed(1), {"round": 1}),
    (RoundWithdrawn(2), {"round": 2}),
    (
        NightClosed(
            "placement", (NightPoints(1, 1, "20/3", "5/2", 2), NightPoints(2, 2, None, None, 0))
        ),
        {
            "method": "placement",
            "points": [
                {"player": 1, "place": 1, "points": "20/3", "per_deal": "5/2", "rounds": 2},
                {"player": 2, "place": 2, "points": None, "per_deal": None, "rounds": 0},
            ],
        },
    ),
    (
        NightClosed(
            "per_deal",
            (NightPoints(1, 1, "25/2", "25/2", 2, 50, 4, (RoundPointsRecorded(1, 3, 2, "15"),)),),
        ),
        {
            "method": "per_deal",
            "points": [
                {
                    "player": 1,
                    "place": 1,
                    "points": "25/2",
                    "per_deal": "25/2",
                    "rounds": 2,
                    "penalty": 50,
                    "deals": 4,
                    "per_round": [{"round": 1, "table": 3, "place": 2, "points": "15"}],
                },
            ],
        },
    ),
    (
        NightReopened("Table 2's deal 3 was entered wrong"),
        {"reason": "Table 2's deal 3 was entered wrong"},
    ),
    (
        NightPlanned(1, "2026-03-20", "20:30", "Circolo"),
        {"club": 1, "date": "2026-03-20", "time": "20:30", "venue": "Circolo"},
    ),
    (
        NightMoved("2026-03-21", None, ""),
        {"date": "2026-03-21", "time": None, "venue": ""},
    ),
    (NightWithdrawn("The room is taken"), {"reason": "The room is taken"}),
    (PlayerAnswered(12, True), {"player": 12, "coming": True}),
    (
        ChampionshipOpened(
            1,
            "Winter",
            {"preset": "continental", "options": {}},
            {"method": "placement"},
            3,
            2,
            8,
            "half",
        ),
        {
            "club": 1,
            "name": "Winter",
            "rules": {"preset": "continental", "options": {}},
            "scoring": {"method": "placement"},
            "qualifying_nights": 3,
            "best": 2,
            "final_size": 8,
            "carry_over": "half",
        },
    ),
    (
        ChampionshipNightAdded("b7c5e1de-0000-4000-8000-000000000001"),
        {"night": "b7c5e1de-0000-4000-8000-000000000001"},
    ),
    (
        ChampionshipNightWithdrawn("b7c5e1de-0000-4000-8000-000000000001", "Opened by mistake"),
        {"night": "b7c5e1de-0000-4000-8000-000000000001", "reason": "Opened by mistake"},
    ),
    (
        CutMade(
            3,
            (
                CutLine(
                    4,
                    1,
                    "17.5",
                    "21.25",
                    (CutNight("b7c5e1de-0000-4000-8000-000000000001", "10", True),),
                    True,
                    "top",
                ),
            ),
        ),
        {
            "final_size": 3,
            "lines": [
                {
                    "player": 4,
                    "place": 1,
                    "points": "17.5",
                    "per_deal": "21.25",
                    "nights": [
                        {
                            "night": "b7c5e1de-0000-4000-8000-000000000001",
                            "points": "10",
                            "counted": True,
                        }
                    ],
                    "qualified": True,
                    "reason": "top",
                }
            ],
        },
    ),
    (
        FinalNightOpened("b7c5e1de-0000-4000-8000-000000000001"),
        {"night": "b7c5e1de-0000-4000-8000-000000000001"},
    ),
    (
        ChampionshipClosed((RankedLine(4, 1, "played", "8.75", "10", 1, "18.75"),)),
        {
            "lines": [
                {
                    "player": 4,
                    "place": 1,
                    "standing": "played",
                    "carry": "8.75",
                    "final": "10",
                    "final_place": 1,
                    "total": "18.75",
                }
            ]
        },
    ),
]


def test_every_event_type_has_a_pinned_stored_form():
    assert {type(event).__name__ for event, _ in STORED} == set(registry.event_types())


@pytest.mark.parametrize(("event", "stored"), STORED, ids=lambda value: type(value).__name__)
def test_an_event_is_stored_as_it_always_was_and_reads_back_the_same(event, stored):
    type_name, payload = to_payload(event)
    assert type_name == type(event).__name__
    assert json.dumps(payload) == json.dumps(stored)  # the same keys in the same order
    assert from_payload(type_name, json.loads(json.dumps(stored)), SCHEMA_VERSION) == event


# -- version 1 ------------------------------------------------------------------
# A deal's events of schema version 1 recorded the entry only, as these
# payloads (the log's and old backups') hold it: Anna (1) went out, Bruno (2)
# kept 20 points and Carla (3) 30 (40, corrected). The upcasters read them as not yet decided,
# and the fold decides them from the series as it stood (``series.decided``),
# by the rules it was recorded under.


def test_a_version_1_deal_reads_as_the_deal_version_2_records():
    from series.domain.series import RecordDeal, decide, decided
    from tests.support.series import A, B, C, entry, started

    state = started([A, B, C], first_dealer=A)
    stored_v1 = {
        "number": 1,
        "dealer": 1,
        "tiebreak": False,
        "went_out": 1,
        "hands": [{"player": 2, "points": 20}, {"player": 3, "points": 30}],
    }
    read = from_payload("DealRecorded", stored_v1, 1)
    assert (read.scores, read.outcome) == (None, None)
    (recorded_today,) = decide(state, RecordDeal(entry(A, b=20, c=30)))
    assert decided(state, read) == recorded_today
    assert read.entry == recorded_today.entry


def test_a_version_1_correction_and_void_read_as_version_2_records_them():
    from series.domain.series import CorrectDeal, VoidDeal, decide, decided
    from tests.support.series import A, B, C, entry, record, started

    state = record(started([A, B, C], first_dealer=A), entry(A, b=20, c=30))
    corrected_v1 = {
        "number": 1,
        "reason": "Carla had 40",
        "went_out": 1,
        "hands": [{"player": 2, "points": 20}, {"player": 3, "points": 40}],
    }
    read = from_payload("DealCorrected", corrected_v1, 1)
    (corrected_today,) = decide(state, CorrectDeal(1, entry(A, b=20, c=40), "Carla had 40"))
    assert read.scores is None and decided(state, read) == corrected_today

    read = from_payload("DealVoided", {"number": 1, "reason": "misdeal"}, 1)
    (voided_today,) = decide(state, VoidDeal(1, "misdeal"))
    assert read.outcome is None and decided(state, read) == voided_today


@pytest.mark.parametrize(
    ("type_name", "stored_v1", "event"),
    [
        (
            "SeriesStarted",
            {"club": 7, "players": [1, 2], "first_dealer": 2, "rules": RULES},
            SeriesStarted(7, (1, 2), 2, RULES),
        ),
        ("SeriesAbandoned", {"reason": "rain"}, SeriesAbandoned("rain")),
        ("DealConfirmed", {"number": 1, "user": 9}, DealConfirmed(1, 9)),  # before the seat
        ("PlayersMerged", {"source": 4, "target": 5}, PlayersMerged(4, 5)),
    ],
)
def test_a_version_1_event_whose_shape_did_not_change_reads_as_it_was(type_name, stored_v1, event):
    assert from_payload(type_name, stored_v1, 1) == event


def test_a_close_recorded_before_penalties_and_rounds_reads_without_them():
    """A close stored before RULES D-27 (no penalty, deals or rounds) still reads;
    the night's read model reads its penalty and deals from its tables instead."""
    stored = {
        "method": "placement",
        "points": [{"player": 1, "place": 1, "points": "10", "per_deal": "5", "rounds": 1}],
    }
    (line,) = from_payload("NightClosed", stored, 2).points
    assert (line.penalty, line.deals, line.per_round) == (None, None, ())


def test_a_stored_form_naming_a_field_its_event_lacks_is_refused_when_first_used(monkeypatch):
    """A declaration in ``stored_forms`` that no longer matches its event (a field
    renamed in the domain) fails loudly instead of silently storing the default form."""
    from series.eventstore import stored_forms, transcoder

    @dataclasses.dataclass(frozen=True)
    class Renamed:
        number: int

    monkeypatch.setattr(stored_forms, "FIELDS", {Renamed: {"numbr": stored_forms.OPTIONAL}})
    monkeypatch.setattr(transcoder, "FIELDS", stored_forms.FIELDS)
    with pytest.raises(TypeError, match="numbr"):
        transcoder.as_stored(Renamed(1))


def test_only_a_registered_event_maps_to_a_row_of_the_log():
    with pytest.raises(TypeError, match="not an event"):
        to_payload(Outcome(finished=False, tiebreak=False, contenders=(1, 2)))
    with pytest.raises(ValueError, match="unknown event type"):
        from_payload("DealForgotten", {}, SCHEMA_VERSION)
