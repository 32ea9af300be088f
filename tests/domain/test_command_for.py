"""A restore decides each recorded event again from the command that records it
(``registry.command_for``): the command carries the event's fields of the same
names, and deciding it on the state before gives back the same event."""

from __future__ import annotations

import pytest

from series.domain.events import (
    DealConfirmed,
    DealCorrected,
    DealDisputed,
    DealRecorded,
    DealVoided,
    GuestAdded,
    PlayerRetired,
    PlayerSeated,
    PlayersMerged,
    PlayersUnmerged,
    SeriesAbandoned,
    SeriesStarted,
)
from series.domain.nights.commands import (
    CheckIn,
    CheckOut,
    MovePlayer,
    OpenNight,
    ReopenNight,
    StartTable,
    SwapPlayers,
    WithdrawRound,
)
from series.domain.nights.events import (
    NightClosed,
    NightOpened,
    NightReopened,
    NightTableDrawn,
    PlayerCheckedOut,
    PlayerMoved,
    PlayersCheckedIn,
    PlayersSwapped,
    RoundClosed,
    RoundDrawn,
    RoundWithdrawn,
    TableStarted,
)
from series.domain.registry import command_for
from series.domain.roster import RosterState, UnmergePlayer, decide, fold
from series.domain.rules import rules_from
from series.domain.series import (
    AbandonSeries,
    CorrectDeal,
    RecordDeal,
    SeatPlayer,
    StartSeries,
    VoidDeal,
)
from series.domain.series.commands import ConfirmDeal, DisputeDeal
from tests.support.series import A, B, C, entry

ENTRY = entry(A, b=20, c=30)
RULES = rules_from("continental")
TABLES = (NightTableDrawn(1, (1, 2, 3), 1),)


@pytest.mark.parametrize(
    ("event", "command"),
    [
        (SeriesStarted(7, (A, B, C), A, RULES.as_dict()), StartSeries(7, (A, B, C), A, RULES)),
        (
            DealRecorded(2, B, False, ENTRY, {B: 20}, needs_confirmation=True),
            RecordDeal(ENTRY, number=2, dealer=B, needs_confirmation=True),
        ),
        (DealCorrected(1, ENTRY, "typo"), CorrectDeal(1, ENTRY, "typo")),
        (DealVoided(1, "misdeal"), VoidDeal(1, "misdeal")),
        (SeriesAbandoned("rain"), AbandonSeries("rain")),
        (PlayerSeated(4, RULES.as_dict()), SeatPlayer(4, RULES)),
        (DealConfirmed(1, 9, B), ConfirmDeal(1, 9, B)),
        (DealDisputed(1, 9, "no", None), DisputeDeal(1, 9, "no")),
        (GuestAdded(4), GuestAdded(4)),
        (PlayerRetired(4), PlayerRetired(4)),
        (PlayersMerged(4, 5), PlayersMerged(4, 5)),
        (PlayersUnmerged(4, 5), UnmergePlayer(4)),
        (
            NightOpened(
                7, "2026-12-01", {"preset": "continental"}, {"method": "placement"}, "x", 3, 8
            ),
            OpenNight(
                7, "2026-12-01", {"preset": "continental"}, {"method": "placement"}, "x", 3, 8
            ),
        ),
        (PlayersCheckedIn((1, 2)), CheckIn((1, 2))),
        (PlayerCheckedOut(2), CheckOut(2)),
        (PlayerMoved(1, 3, 2, TABLES), MovePlayer(3, 2)),
        (PlayersSwapped(1, 3, 4, TABLES), SwapPlayers(3, 4)),
        (TableStarted(1, 2, "a-series"), StartTable(2, "a-series")),
        # A draw and the night's points are what the night could not recompute
        # alone: a restore checks them otherwise (``night.check_recorded``).
        (RoundDrawn(1, 42, "random", (3,), TABLES), None),
        (RoundClosed(1), None),
        (RoundWithdrawn(2), WithdrawRound(2)),
        (NightClosed("placement", ()), None),
        (NightReopened("A deal was entered wrong"), ReopenNight("A deal was entered wrong")),
    ],
    ids=lambda value: type(value).__name__,
)
def test_each_event_names_the_command_that_records_it(event, command):
    assert command_for(event) == command


def test_a_roster_fact_is_asked_for_as_itself_and_an_unmerge_by_its_player():
    state = fold([GuestAdded(4), PlayersMerged(4, 5)])
    assert decide(state, command_for(PlayerRetired(4))) == [PlayerRetired(4)]
    assert decide(state, command_for(PlayersUnmerged(4, 5))) == [PlayersUnmerged(4, 5)]
    assert decide(RosterState(), command_for(GuestAdded(6))) == [GuestAdded(6)]
