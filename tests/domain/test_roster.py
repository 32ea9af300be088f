"""The roster as a fold of its events: merges follow chains and undo cleanly."""

from __future__ import annotations

import pytest

from series.domain.errors import DomainError
from series.domain.events import GuestAdded, PlayerRenamed, PlayersMerged, PlayersUnmerged
from series.domain.roster import (
    RosterState,
    UnmergePlayer,
    decide,
    fold,
    roster_stream,
)


def run(*commands) -> RosterState:
    state = RosterState()
    for command in commands:
        state = fold(decide(state, command), state)
    return state


def test_a_merged_player_stands_for_the_target_and_merges_of_merges_follow():
    state = run(PlayersMerged(1, 2), PlayersMerged(2, 3))
    assert (state.person(1), state.person(2), state.person(3), state.person(9)) == (3, 3, 3, 9)
    assert state.merged_into(3) == {1, 2, 3}


def test_unmerging_the_middle_of_a_chain_gives_back_its_own_merges():
    state = run(PlayersMerged(1, 2), PlayersMerged(2, 3), UnmergePlayer(2))
    assert (state.person(1), state.person(2)) == (2, 2)
    assert state.version == 3


def test_a_merge_and_its_undo_leave_the_people_as_they_were():
    before = run(GuestAdded(5))
    after = run(GuestAdded(5), PlayersMerged(5, 1), UnmergePlayer(5))
    assert after.merged == before.merged and after.guests == before.guests


@pytest.mark.parametrize(
    ("commands", "code"),
    [
        ([PlayersMerged(1, 1)], "merge_into_self"),
        ([PlayersMerged(1, 2), PlayersMerged(1, 3)], "already_merged"),
        ([PlayersMerged(2, 3), PlayersMerged(1, 2)], "target_merged"),
        ([UnmergePlayer(1)], "not_merged"),
        ([GuestAdded(1), GuestAdded(1)], "already_guest"),
    ],
)
def test_the_roster_refuses_what_makes_no_sense(commands, code):
    with pytest.raises(DomainError) as refused:
        run(*commands)
    assert refused.value.code == code


def test_events_name_player_ids_only():
    assert decide(RosterState(), PlayerRenamed(4)) == [PlayerRenamed(4)]
    assert decide(RosterState(), GuestAdded(4)) == [GuestAdded(4)]
    assert decide(run(PlayersMerged(4, 5)), UnmergePlayer(4)) == [PlayersUnmerged(4, 5)]
    assert decide(RosterState(), PlayersMerged(4, 5)) == [PlayersMerged(4, 5)]


def test_each_club_has_its_own_roster_stream():
    assert roster_stream(1) == roster_stream(1) != roster_stream(2)


class Tables:
    """Series as sets of the players seated at them."""

    def __init__(self, *tables: set[int]) -> None:
        self.tables = tables

    def shared(self, players: set[int], others: set[int]) -> bool:
        return any(table & players and table & others for table in self.tables)


def test_two_people_who_sat_at_one_table_are_not_merged_whoever_they_stand_for():
    tables = Tables({1, 2}, {3, 4})
    with pytest.raises(DomainError) as refused:
        decide(RosterState(), PlayersMerged(1, 2), tables)
    assert (refused.value.code, refused.value.params) == (
        "players_sat_together",
        {"player": 1, "partner": 2},
    )
    # 3 already stands for 1, so 1's tables are 3's too: 4 sat with 3.
    merged = fold(decide(RosterState(), PlayersMerged(3, 1), tables))
    with pytest.raises(DomainError, match="sat at the same table"):
        decide(merged, PlayersMerged(4, 1), tables)
    assert decide(merged, PlayersMerged(5, 1), tables) == [PlayersMerged(5, 1)]
