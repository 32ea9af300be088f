"""The series fold and its commands, with no database (RULES §2, §4)."""

import pytest
from hypothesis import given
from hypothesis import strategies as st

from series.domain.cards import JOKER, Card, parse_cards
from series.domain.errors import DomainError
from series.domain.events import DealEntry, DealRecorded, GoingOut, Hand, Outcome
from series.domain.rules import PRESETS
from series.domain.series import (
    AbandonSeries,
    CorrectDeal,
    RecordDeal,
    VoidDeal,
    decide,
    fold,
)
from tests.support.edges import assert_can_be_shown
from tests.support.series import HIGH, LOW, MID, A, B, C, D, E, F, entry, record, run, started


def test_a_five_player_series_from_cards_adds_up_rotates_the_deal_and_finds_the_winner():
    state = started([A, B, C, D, E], first_dealer=C)
    dealers = []
    for deal_entry in [
        entry(A, b=LOW, c=MID, d=40, e=HIGH),
        entry(B, a=20, c=LOW, d=LOW, e=50),
        entry(C, a=30, b=MID, d=20, e=15),
        entry(D, a=LOW, b=30, c=60, e=20),
        entry(E, a=40, b=25, c=30, d=50),
    ]:
        dealers.append(state.next_dealer)
        state = record(state, deal_entry)
    assert dealers == [C, D, E, A, B]  # clockwise from the first dealer, each once
    assert state.totals == {A: 126, B: 187, C: 222, D: 146, E: 236}
    assert [deal.scores[B] for deal in state.deals] == [36, 0, 96, 30, 25]
    assert state.status == "finished"
    assert state.winner == A
    assert state.next_dealer is None


def tied_four_player_series():
    state = started([A, B, C, D], first_dealer=A)
    for deal_entry in [
        entry(B, a=20, c=50, d=50),
        entry(C, a=20, b=40, d=50),
        entry(D, a=30, b=50, c=30),
        entry(B, a=20, c=30, d=20),
    ]:
        state = record(state, deal_entry)
    return state


def test_a_tie_for_lowest_calls_a_tiebreak_among_the_tied_players_only():
    state = tied_four_player_series()
    assert state.totals == {A: 90, B: 90, C: 110, D: 120}
    assert state.status == "tiebreak"
    assert state.tiebreak_players == (A, B)
    assert state.next_players == (A, B)


def test_the_tiebreak_dealer_continues_the_rotation_skipping_players_not_in_it():
    # RULES D-9: deal 4 was dealt by D; C is not in the tiebreak; A deals next.
    state = tied_four_player_series()
    assert state.next_dealer == A


def test_the_tiebreak_deal_is_added_to_the_tied_totals_and_decides_the_winner():
    # RULES D-8: scored like any deal; players outside keep their totals.
    state = record(tied_four_player_series(), entry(A, b=20))
    assert state.totals == {A: 90, B: 110, C: 110, D: 120}
    assert state.deals[-1].tiebreak is True
    assert state.deals[-1].players == (A, B)
    assert state.status == "finished" and state.winner == A


def test_a_player_outside_the_tiebreak_cannot_play_in_it():
    state = tied_four_player_series()
    with pytest.raises(DomainError) as refused:
        decide(state, RecordDeal(entry(A, b=20, c=30)))
    assert refused.value.code == "player_not_in_deal"
    with pytest.raises(DomainError) as refused:
        decide(state, RecordDeal(entry(C, a=20, b=30)))
    assert refused.value.code == "player_not_in_deal"


def test_a_finished_series_takes_no_more_deals():
    state = record(tied_four_player_series(), entry(A, b=20))
    with pytest.raises(DomainError) as refused:
        decide(state, RecordDeal(entry(A, b=20)))
    assert refused.value.code == "series_finished"


def test_a_fixed_length_series_has_four_deals_and_the_dealer_keeps_rotating():
    # RULES D-10: a table of 6 then has 4 dealers.
    state = started([A, B, C, D, E, F], first_dealer=E, deals=4)
    dealers = []
    for goer in [A, A, C, D]:
        dealers.append(state.next_dealer)
        hands = {k: 20 for k, p in zip("abcdef", [A, B, C, D, E, F], strict=True) if p != goer}
        state = record(state, entry(goer, **hands))
    assert dealers == [E, F, A, B]
    assert state.status == "finished" and state.winner == A


def test_with_a_target_deals_go_on_until_someone_reaches_it_and_the_lowest_wins():
    # RULES D-11.
    state = started([A, B, C], first_dealer=A, target=100)
    state = record(state, entry(A, b=60, c=30))
    state = record(state, entry(B, a=20, c=30))
    state = record(state, entry(C, a=20, b=20))
    assert state.totals == {A: 40, B: 80, C: 60}
    assert state.status == "in_progress"  # three deals, one each, but nobody at 100
    state = record(state, entry(C, a=20, b=20))
    assert state.totals == {A: 60, B: 100, C: 60}
    assert state.status == "tiebreak" and state.tiebreak_players == (A, C)


@pytest.mark.parametrize(
    ("command", "code"),
    [
        (RecordDeal(entry(A, b=20, c=30), number=3), "deal_out_of_order"),
        (RecordDeal(entry(A, b=20, c=30), dealer=C), "dealer_out_of_turn"),
        (RecordDeal(entry(A, b=20, c=30), dealer=9), "player_not_seated"),
        (RecordDeal(entry(9, a=20, b=20, c=30)), "player_not_in_deal"),
        (RecordDeal(entry(A, b=20)), "missing_hand"),
        (RecordDeal(entry(A, a=20, b=20, c=30)), "hand_of_winner"),
        (RecordDeal(entry(A, b=14, c=30)), "impossible_points"),  # < 1 a card
        (RecordDeal(entry(A, b=20, c=226)), "impossible_points"),  # > 15 a card
        (RecordDeal(entry(A, b="AC AD", c=30)), "wrong_card_count"),  # RULES D-7
        (
            RecordDeal(entry(A, b="7C 7C 7C 2D 2H 2S 3C 3D 3H 3S 4C 4D 4H 4S 5C", c=30)),
            "card_not_in_pack",
        ),
        (RecordDeal(entry(A, b=LOW, c=LOW.replace("AC", "AS")[::1])), "card_not_in_pack"),
        (
            RecordDeal(
                DealEntry(went_out=A, hands=(Hand(B, points=20), Hand(C, points=30)), buys={B: 1})
            ),
            "buys_not_allowed",
        ),
    ],
)
def test_refusals_name_the_fault_and_leave_the_series_unchanged(command, code):
    state = started([A, B, C], first_dealer=A)
    state = record(state, entry(A, b=20, c=30))
    with pytest.raises(DomainError) as refused:
        decide(state, command)
    assert refused.value.code == code
    assert refused.value.message


def test_three_copies_of_a_card_across_one_deal_are_refused():
    # Three hands with AS: the pack holds two.
    state = started([A, B, C, D], first_dealer=A)
    with pytest.raises(DomainError) as refused:
        decide(state, RecordDeal(entry(A, b=LOW, c=LOW, d=LOW)))
    assert refused.value.code == "card_not_in_pack"
    # The refusal names whose hands hold the copies (one id per copy).
    assert sorted(refused.value.params["holders"]) == sorted([B, C, D])


def test_with_buys_a_player_holds_three_more_cards_per_buy():
    # RULES D-7 with the buy-the-discard variant: 15 + 3 = 18 cards.
    state = started([A, B, C], first_dealer=A, buys=True)
    eighteen = LOW + " 4S 5C 5D"  # 36 + 4 + 5 + 5 = 50
    bought = DealEntry(
        went_out=A,
        hands=(Hand(B, cards=tuple(parse_cards(eighteen))), Hand(C, points=30)),
        buys={B: 1},
    )
    state = record(state, bought)
    assert state.totals == {A: 0, B: 50, C: 30}
    without_buy = DealEntry(
        went_out=C, hands=(Hand(A, cards=tuple(parse_cards(eighteen))), Hand(B, points=30))
    )
    with pytest.raises(DomainError) as refused:
        decide(state, RecordDeal(without_buy))
    assert refused.value.code == "wrong_card_count"


def test_a_voided_deal_counts_for_nothing_and_its_dealer_deals_again():
    state = started([A, B, C], first_dealer=A)
    state = record(state, entry(A, b=20, c=30))
    state = record(state, entry(C, a=50, b=15))
    state = run(state, VoidDeal(2, "misdeal"))
    assert state.totals == {A: 0, B: 20, C: 30}
    assert state.deals[1].void is True
    assert state.next_dealer == B  # who dealt deal 2
    assert state.next_number == 3
    state = record(state, entry(B, a=20, c=15))
    state = record(state, entry(A, b=20, c=20))
    assert state.status == "finished" and state.winner == A


def test_a_correction_changes_the_totals_and_marks_the_deal():
    state = started([A, B, C], first_dealer=A)
    state = record(state, entry(A, b=20, c=30))
    state = run(state, CorrectDeal(1, entry(A, b=25, c=30), "miscounted"))
    assert state.totals == {A: 0, B: 25, C: 30}
    assert state.deals[0].corrected is True


def test_a_correction_that_would_undo_a_later_tiebreak_is_refused():
    played = record(tied_four_player_series(), entry(A, b=20))
    assert played.status == "finished"
    # Giving deal 4 to B makes B the clear leader, so deal 5 was no tiebreak.
    with pytest.raises(DomainError) as refused:
        decide(played, CorrectDeal(4, entry(B, a=25, c=30, d=20), "typo"))
    assert refused.value.code == "later_deals_depend"
    assert "deal 5" in refused.value.message


def test_only_the_later_deals_block_a_void():
    played = record(tied_four_player_series(), entry(A, b=20))
    with pytest.raises(DomainError) as refused:
        decide(played, VoidDeal(2, "misdeal"))
    assert refused.value.code == "later_deals_depend"
    assert decide(played, VoidDeal(5, "misdeal"))


def test_void_and_correct_need_a_reason():
    state = record(started([A, B, C], first_dealer=A), entry(A, b=20, c=30))
    for command in (VoidDeal(1, "  "), CorrectDeal(1, entry(A, b=20, c=30), "")):
        with pytest.raises(DomainError) as refused:
            decide(state, command)
        assert refused.value.code == "reason_required"


BIDI_REASON = "Eva \u202e03 ton ,0 had"  # shown reordered as "Eva 30 dah 0, not"


@pytest.mark.parametrize(
    "command",
    [
        VoidDeal(1, BIDI_REASON),
        CorrectDeal(1, entry(A, b=20, c=30), BIDI_REASON),
        AbandonSeries(BIDI_REASON),
        VoidDeal(1, "misdeal\x07"),
        AbandonSeries("rain\u2066"),
    ],
    ids=["void", "correction", "abandon", "bell in a void", "isolate in an abandon"],
)
def test_a_reason_that_would_show_reordered_or_hold_a_control_is_refused_naming_it(command):
    state = record(started([A, B, C], first_dealer=A), entry(A, b=20, c=30))
    with pytest.raises(DomainError) as refused:
        decide(state, command)
    assert (refused.value.code, refused.value.field) == ("reason_invisible_character", "reason")
    assert "U+" in refused.value.message


def test_a_reason_is_kept_composed_and_trimmed():
    state = record(started([A, B, C], first_dealer=A), entry(A, b=20, c=30))
    (voided,) = decide(state, VoidDeal(1, "  Rene\u0301e dealt 14  "))
    assert voided.reason == "Renée dealt 14"
    (abandoned,) = decide(state, AbandonSeries(" Mehr\u200cnaz left "))
    assert abandoned.reason == "Mehr\u200cnaz left"  # a joiner inside a word is writing


def test_an_abandoned_series_takes_no_more_deals():
    state = run(started([A, B, C], first_dealer=A), AbandonSeries("rain"))
    assert state.status == "abandoned"
    with pytest.raises(DomainError) as refused:
        decide(state, RecordDeal(entry(A, b=20, c=30)))
    assert refused.value.code == "series_abandoned"


def test_a_player_cannot_take_two_seats():
    with pytest.raises(DomainError) as refused:
        started([A, B, A], first_dealer=A)
    assert refused.value.code == "duplicate_player"


def test_the_first_dealer_must_be_seated():
    with pytest.raises(DomainError) as refused:
        started([A, B, C], first_dealer=D)
    assert refused.value.code == "player_not_seated"


def test_the_recorded_event_names_the_deal_its_dealer_stage_and_decided_scores():
    state = started([A, B, C], first_dealer=B)
    [event] = decide(state, RecordDeal(entry(A, b=20, c=30)))
    still_on = Outcome(False, False, (A, B, C))
    assert event == DealRecorded(1, B, False, entry(A, b=20, c=30), {A: 0, B: 20, C: 30}, still_on)


def test_with_relaxed_laying_only_the_groups_shown_are_checked():
    # RULES §2, relaxed laying: groups were laid turn by turn, so a partial
    # set of groups with no discard is accepted if each group is valid.
    state = started([A, B, C], first_dealer=A, relaxed=True)
    shown = GoingOut((tuple(parse_cards("7C 7H 7S")),), None)
    good = DealEntry(A, (Hand(B, points=20), Hand(C, points=30)), going_out=shown)
    assert record(state, good).totals == {A: 0, B: 20, C: 30}
    bad = DealEntry(A, good.hands, going_out=GoingOut((tuple(parse_cards("7C 8H 7S")),)))
    with pytest.raises(DomainError) as refused:
        decide(state, RecordDeal(bad))
    assert refused.value.code == "invalid_going_out"
    strict = started([A, B, C], first_dealer=A)
    with pytest.raises(DomainError):
        decide(strict, RecordDeal(good))  # one group and no discard: not a going out


def test_a_deal_that_is_not_there_is_not_found_not_a_broken_rule():
    from series.domain.errors import NotFound

    state = started([A, B, C], first_dealer=A)
    with pytest.raises(NotFound) as missing:
        state.deal(1)
    assert missing.value.code == "deal_not_found"


# -- any deal entry at all ----------------------------------------------------------

any_card = st.builds(Card, st.integers(1, 13), st.sampled_from("CDHS")) | st.just(JOKER)
any_int = st.integers(-(2**70), 2**70) | st.integers(-5, 300)
seat = st.sampled_from([A, B, C, D, 0, -1, 999])
any_hand = st.builds(
    Hand,
    seat,
    st.none() | st.lists(any_card, max_size=18).map(tuple),
    st.none() | any_int,
)
any_going_out = st.none() | st.builds(
    GoingOut,
    st.lists(st.lists(any_card, max_size=6).map(tuple), max_size=5).map(tuple),
    st.none() | any_card,
)
any_entry = st.builds(
    DealEntry,
    st.none() | seat,
    st.lists(any_hand, max_size=6).map(tuple),
    any_going_out,
    st.dictionaries(seat, any_int, max_size=3),
    st.booleans(),
)


@st.composite
def plausible_entry(draw):
    """A deal shaped like one at the table: the others' hands, points or cards."""
    went_out = draw(st.sampled_from([A, B, C, D]))
    hands = tuple(
        Hand(player, points=draw(st.integers(0, 160)))
        if draw(st.booleans())
        else Hand(player, cards=tuple(draw(st.lists(any_card, min_size=14, max_size=15))))
        for player in (A, B, C, D)
        if player != went_out
    )
    return DealEntry(went_out, hands)


@given(
    st.sampled_from(list(PRESETS)),
    any_entry | plausible_entry(),
    st.none() | st.just(1) | any_int,
)
def test_any_deal_entry_is_recorded_or_refused_with_a_message(preset, deal_entry, number):
    state = started([A, B, C, D], first_dealer=A, preset=preset)
    try:
        events = decide(state, RecordDeal(deal_entry, number=number))
    except DomainError as refused:
        assert_can_be_shown(refused)
        return
    after = fold(events, state)
    assert after.version == state.version + len(events)


# -- the same hands sent again --------------------------------------------------------

cards_strategy = st.lists(
    st.sampled_from(LOW.split() + MID.split()), min_size=15, max_size=15, unique=True
)


@given(cards=cards_strategy, points=st.integers(15, 225), order=st.randoms())
def test_an_entry_with_the_same_hands_in_any_order_is_the_same_as_the_last_deal(
    cards, points, order
):
    state = record(started([A, B, C], first_dealer=A), entry(A, b=" ".join(cards), c=points))
    shuffled = list(cards)
    order.shuffle(shuffled)
    again = entry(A, c=points, b=" ".join(shuffled))

    assert state.repeated_deal(again) == 1


@given(points=st.integers(15, 225), other=st.integers(15, 225))
def test_an_entry_that_differs_in_one_hand_or_in_who_went_out_is_a_new_deal(points, other):
    state = record(started([A, B, C], first_dealer=A), entry(A, b=40, c=points))

    assert (state.repeated_deal(entry(A, b=40, c=other)) is None) == (points != other)
    assert state.repeated_deal(entry(B, a=40, c=points)) is None


def test_a_void_last_deal_is_not_the_one_an_entry_repeats():
    state = record(started([A, B, C], first_dealer=A), entry(A, b=40, c=50))
    state = record(state, entry(B, a=30, c=20))
    state = run(state, VoidDeal(2, "wrong table"))

    assert state.repeated_deal(entry(B, a=30, c=20)) is None
    assert state.repeated_deal(entry(A, b=40, c=50)) == 1
