"""What a night decides of its director's commands, with no database: the
events each command records, or the refusal's code (RULES D-15, D-18, D-19,
D-22). The draw's are in ``test_draw.py``, a director's result's in
``test_table_result.py``."""

import pytest

from series.domain.nights.commands import (
    REASON_LENGTH,
    CheckIn,
    CheckOut,
    CloseNight,
    CloseRound,
    DrawRound,
    EnterTableResult,
    MovePlayer,
    OpenNight,
    ReopenNight,
    StartTable,
    SwapPlayers,
    WithdrawRound,
)
from series.domain.nights.errors import InvalidNight
from series.domain.nights.events import (
    NightClosed,
    NightMoved,
    NightOpened,
    NightPlanned,
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
    RoundWithdrawn,
    TableStarted,
)
from series.domain.nights.large_tables import THIRTEEN_CARDS
from series.domain.nights.night import decide, fold
from series.domain.nights.planning import AnswerNight, MoveNight, PlanNight, WithdrawNight
from series.domain.nights.state import NightState
from series.domain.series import ABANDONED

A, B, C, D, E, F, G, H = 1, 2, 3, 4, 5, 6, 7, 8
CLUB = 1
DAY = "2026-03-14"
ONE = "00000000-0000-4000-8000-000000000001"
TWO = "00000000-0000-4000-8000-000000000002"


def opened(*players: int) -> list:
    events: list = [NightOpened(CLUB, DAY, {"preset": "continental"}, {}, THIRTEEN_CARDS, 3, 8)]
    if players:
        events.append(PlayersCheckedIn(players))
    return events


def drawn(*, started: tuple[int, ...] = (), late: tuple[int, ...] = ()) -> list:
    """Seven players drawn at Table 1 (A, B, C, D; A deals first) and Table 2
    (E, F, G; E deals first); the ``started`` tables started, ``late`` checked in after."""
    events = [
        *opened(A, B, C, D, E, F, G),
        RoundDrawn(
            1,
            7,
            "random",
            (4, 3),
            (NightTableDrawn(1, (A, B, C, D), A), NightTableDrawn(2, (E, F, G), E)),
        ),
        *(TableStarted(1, table, (ONE, TWO)[table - 1]) for table in started),
    ]
    if late:
        events.append(PlayersCheckedIn(late))
    return events


def closed() -> list:
    """A night whose one round was played and closed, and the night with it."""
    return [*drawn(started=(1, 2)), RoundClosed(1), NightClosed("placement", ())]


def refused(events: list, command) -> str:
    with pytest.raises(InvalidNight) as refusal:
        decide(fold(events), command)
    return refusal.value.code


def seats(event) -> dict[int, tuple[tuple[int, ...], int]]:
    """Each table an event draws or changes: its seats and its first dealer."""
    return {table.number: (table.seats, table.first_dealer) for table in event.tables}


# -- check-out -------------------------------------------------------------------------


def test_a_present_player_not_seated_checks_out():
    assert decide(fold(opened(A, B, C)), CheckOut(B)) == [PlayerCheckedOut(B)]


def test_a_player_leaves_between_rounds_once_their_round_closed():
    # RULES D-18: who leaves between rounds keeps the rounds played
    events = [*drawn(started=(1, 2)), RoundClosed(1)]
    assert decide(fold(events), CheckOut(A)) == [PlayerCheckedOut(A)]


def test_a_player_not_checked_in_does_not_check_out():
    assert refused(opened(A, B, C), CheckOut(D)) == "night_player_absent"


def test_a_player_seated_in_the_round_being_played_does_not_check_out():
    assert refused(drawn(), CheckOut(A)) == "night_player_seated"


# -- moving a player -------------------------------------------------------------------


def test_a_player_moves_to_another_table_before_either_starts():
    # RULES D-19: a table drawn and not started holds its players, so a move changes both
    (moved,) = decide(fold(drawn()), MovePlayer(D, 2))
    assert (moved.round, moved.player, moved.table) == (1, D, 2)
    assert seats(moved) == {1: ((A, B, C), A), 2: ((E, F, G, D), E)}


def test_the_first_dealer_who_moves_hands_the_deal_to_the_next_seat():
    (moved,) = decide(fold(drawn()), MovePlayer(A, 2))
    assert seats(moved) == {1: ((B, C, D), B), 2: ((E, F, G, A), E)}


def test_a_move_to_the_players_own_table_is_refused():
    assert refused(drawn(), MovePlayer(A, 1)) == "night_same_table"


def test_a_move_to_a_table_the_round_does_not_have_is_refused():
    assert refused(drawn(), MovePlayer(A, 3)) == "night_no_table"


def test_a_move_that_leaves_a_table_below_the_nights_smallest_is_refused():
    # RULES D-15: the night seats tables within the sizes it opened with
    assert refused(drawn(), MovePlayer(E, 1)) == "night_table_size_outside"


def test_a_player_at_a_started_table_does_not_move():
    assert refused(drawn(started=(1,)), MovePlayer(A, 2)) == "night_table_started"


def test_no_one_moves_to_a_started_table():
    assert refused(drawn(started=(2,)), MovePlayer(D, 2)) == "night_table_started"


def test_a_late_arrival_joins_a_table_after_its_last_seat_its_dealer_kept():
    # RULES D-22: seated after the last seat, the first dealer unchanged
    (moved,) = decide(fold(drawn(late=(H,))), MovePlayer(H, 2))
    assert isinstance(moved, PlayerMoved)
    assert seats(moved) == {2: ((E, F, G, H), E)}


def test_a_late_arrival_joins_a_started_table_too_its_series_deciding_if_in_time():
    # RULES D-22: until the table's first deal, which its own series knows
    (moved,) = decide(fold(drawn(started=(2,), late=(H,))), MovePlayer(H, 2))
    assert seats(moved) == {2: ((E, F, G, H), E)}


def test_a_player_not_checked_in_is_not_seated():
    assert refused(drawn(), MovePlayer(H, 2)) == "night_player_absent"


# -- swapping two players --------------------------------------------------------------


def test_two_players_of_different_tables_swap_seats_and_first_deals():
    (swapped,) = decide(fold(drawn()), SwapPlayers(A, E))
    assert isinstance(swapped, PlayersSwapped)
    assert (swapped.round, swapped.player, swapped.other) == (1, A, E)
    assert seats(swapped) == {1: ((E, B, C, D), E), 2: ((A, F, G), A)}


def test_two_players_of_one_table_do_not_swap():
    assert refused(drawn(), SwapPlayers(A, B)) == "night_same_table"


def test_a_player_not_seated_does_not_swap():
    assert refused(drawn(late=(H,)), SwapPlayers(H, A)) == "night_player_not_seated"


def test_a_player_at_a_started_table_does_not_swap():
    assert refused(drawn(started=(2,)), SwapPlayers(A, E)) == "night_table_started"


# -- starting a table ------------------------------------------------------------------


def test_a_drawn_table_starts_with_its_series():
    assert decide(fold(drawn()), StartTable(1, ONE)) == [TableStarted(1, 1, ONE)]


def test_a_started_table_does_not_start_again():
    assert refused(drawn(started=(1,)), StartTable(1, TWO)) == "night_table_started"


def test_no_table_starts_before_a_round_is_drawn():
    assert refused(opened(A, B, C), StartTable(1, ONE)) == "night_no_table"


# -- closing and withdrawing a round ---------------------------------------------------


def test_a_round_closes_once_its_started_tables_ended():
    events = drawn(started=(1, 2))
    assert decide(fold(events), CloseRound(frozenset({1, 2}))) == [RoundClosed(1)]


def test_a_round_does_not_close_while_a_table_plays():
    assert refused(drawn(started=(1, 2)), CloseRound(frozenset({1}))) == "night_table_playing"


def test_no_round_closes_before_one_is_drawn():
    assert refused(opened(A, B, C), CloseRound()) == "night_no_round"


def test_a_closed_round_does_not_close_again():
    events = [*drawn(started=(1, 2)), RoundClosed(1)]
    assert refused(events, CloseRound(frozenset({1, 2}))) == "night_no_round"


def test_a_round_drawn_and_not_started_is_withdrawn():
    assert decide(fold(drawn()), WithdrawRound(1)) == [RoundWithdrawn(1)]


def test_a_round_with_a_started_table_is_not_withdrawn():
    assert refused(drawn(started=(2,)), WithdrawRound(1)) == "night_round_started"


def test_only_the_current_round_is_withdrawn():
    assert refused(drawn(), WithdrawRound(2)) == "night_no_round"


# -- a closed night and its reopening --------------------------------------------------


@pytest.mark.parametrize(
    "command",
    [
        CheckIn((H,)),
        CheckOut(A),
        DrawRound(seed=7, min_table=3, max_table=8),
        MovePlayer(A, 2),
        SwapPlayers(A, E),
        StartTable(1, ONE),
        EnterTableResult(1, 1, ((A,), (B,), (C,), (D,)), ABANDONED),
        CloseRound(),
        WithdrawRound(1),
        CloseNight(()),
    ],
    ids=lambda command: type(command).__name__,
)
def test_a_closed_night_takes_no_command_until_it_is_reopened(command):
    # RULES D-22: a closed night is the club's result
    assert refused(closed(), command) == "night_closed"


def test_a_closed_night_takes_no_answer_either():
    assert refused(closed(), AnswerNight(A, coming=True)) == "night_closed"


def test_a_closed_night_reopens_with_a_reason():
    # RULES D-22: the director reopens it, giving a reason its page keeps
    events = decide(fold(closed()), ReopenNight("  A deal was scored wrong  "))
    assert events == [NightReopened("A deal was scored wrong")]


def test_a_reopened_night_takes_commands_again():
    # RULES D-22: while it is open again, its result can change
    events = [*closed(), NightReopened("A deal was scored wrong")]
    assert decide(fold(events), CheckIn((H,))) == [PlayersCheckedIn((H,))]


def test_an_open_night_is_not_reopened():
    assert refused(drawn(), ReopenNight("Why not")) == "night_not_closed"


def test_a_night_is_not_reopened_without_a_reason():
    assert refused(closed(), ReopenNight("   ")) == "reason_required"


def test_a_reopening_reason_has_a_most_length():
    assert refused(closed(), ReopenNight("x" * (REASON_LENGTH + 1))) == "reason_too_long"


# -- a night planned ahead -------------------------------------------------------------

TODAY = "2026-03-01"


def planned(*more) -> list:
    return [NightPlanned(CLUB, DAY, "20:30", "The club room"), *more]


def test_a_night_is_planned_for_a_later_day_with_a_time_and_a_venue():
    command = PlanNight(CLUB, DAY, "20:30", " The club room ", today=TODAY)
    assert decide(NightState(), command) == [NightPlanned(CLUB, DAY, "20:30", "The club room")]


def test_a_night_is_not_planned_for_today_or_a_day_gone_by():
    for day in (TODAY, "2026-02-27"):
        with pytest.raises(InvalidNight) as refusal:
            decide(NightState(), PlanNight(CLUB, day, today=TODAY))
        assert refusal.value.code == "night_date_past"


def test_a_planned_start_time_is_on_a_24_hour_clock():
    with pytest.raises(InvalidNight) as refusal:
        decide(NightState(), PlanNight(CLUB, DAY, "8:30 pm", today=TODAY))
    assert refusal.value.code == "invalid_time"


def test_a_night_that_exists_is_not_planned_again():
    assert refused(planned(), PlanNight(CLUB, DAY, today=TODAY)) == "night_open_already"


def test_a_planned_night_moves_to_another_day_time_or_venue():
    command = MoveNight("2026-03-21", None, "The library", today=TODAY)
    assert decide(fold(planned()), command) == [NightMoved("2026-03-21", None, "The library")]


def test_a_move_that_changes_nothing_is_refused():
    command = MoveNight(DAY, "20:30", "The club room", today=TODAY)
    assert refused(planned(), command) == "night_not_moved"


def test_a_planned_night_does_not_move_to_a_day_gone_by():
    assert refused(planned(), MoveNight("2026-02-27", today=TODAY)) == "night_date_past"


def test_an_open_night_is_neither_moved_nor_withdrawn():
    assert refused(opened(A), MoveNight("2026-03-21", today=TODAY)) == "night_not_planned"
    assert refused(opened(A), WithdrawNight("Rain")) == "night_not_planned"


def test_a_planned_night_is_withdrawn_with_a_reason():
    assert decide(fold(planned()), WithdrawNight(" Rain ")) == [NightWithdrawn("Rain")]
    assert refused(planned(), WithdrawNight("")) == "reason_required"


def test_a_withdrawn_night_takes_no_move_answer_or_check_in():
    events = planned(NightWithdrawn("Rain"))
    assert refused(events, MoveNight("2026-03-21", today=TODAY)) == "night_withdrawn"
    assert refused(events, AnswerNight(A, coming=True)) == "night_withdrawn"
    assert refused(events, CheckIn((A,))) == "night_withdrawn"


def test_a_player_answers_a_planned_night_and_an_open_one():
    answer = [PlayerAnswered(A, False)]
    assert decide(fold(planned()), AnswerNight(A, coming=False)) == answer
    assert decide(fold(opened(B)), AnswerNight(A, coming=False)) == answer


def test_a_planned_night_checks_no_one_in_until_it_opens():
    assert refused(planned(), CheckIn((A,))) == "night_planned"


def test_a_planned_night_opens_on_the_day_for_its_club_only():
    (opening,) = decide(fold(planned()), OpenNight(CLUB, DAY, {"preset": "continental"}, {}))
    assert isinstance(opening, NightOpened) and opening.club == CLUB
    other = OpenNight(CLUB + 1, DAY, {"preset": "continental"}, {})
    assert refused(planned(), other) == "night_open_already"
