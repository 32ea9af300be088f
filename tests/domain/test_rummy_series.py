"""Standard Rummy as a second rule set (RULES §3), through the same fold."""

from functools import partial

import pytest

from series.domain.cards import parse_cards
from series.domain.errors import DomainError
from series.domain.events import DealEntry, GoingOut, Hand
from series.domain.rules import rules_from
from series.domain.series import RecordDeal, SeriesState, StartSeries, decide, fold
from tests.support.series import record_points as record
from tests.support.series import started as series_started

# A Rummy series; each test names its first dealer.
started = partial(series_started, preset="rummy")

A, B, C, D = 1, 2, 3, 4


def test_an_elimination_game_to_100_ends_with_the_last_player_below_the_cap():
    state = started([A, B, C], first_dealer=A)
    assert state.setup.rules.hand_size == 7  # RULES §3: 3–4 players get 7 cards
    state = record(state, B, {A: 40, C: 60})
    state = record(state, A, {B: 30, C: 50})
    assert state.totals == {A: 40, B: 30, C: 110}
    assert state.eliminated == (C,)
    assert state.next_players == (A, B)
    assert state.next_dealer == A  # after B, skipping the eliminated C
    state = record(state, B, {A: 70})
    assert state.totals == {A: 110, B: 30, C: 110}
    assert state.status == "finished" and state.winner == B


def test_an_eliminated_player_cannot_play_another_deal():
    state = started([A, B, C], first_dealer=A)
    state = record(state, B, {A: 40, C: 60})
    state = record(state, A, {B: 30, C: 50})
    with pytest.raises(DomainError) as refused:
        decide(state, RecordDeal(DealEntry(C, (Hand(A, points=20), Hand(B, points=20)))))
    assert refused.value.code == "player_not_in_deal"


def test_winner_takes_all_collects_the_others_penalties_and_a_rummy_doubles_them():
    state = started([A, B, C, D], first_dealer=D, scoring="winner_takes_all")
    state = record(state, A, {B: 20, C: 15, D: 10})
    state = record(state, B, {A: 10, C: 12, D: 8}, rummy=True)
    assert state.totals == {A: 45, B: 60, C: 0, D: 0}
    assert state.status == "in_progress"
    state = record(state, A, {B: 30, C: 20, D: 10})
    assert state.totals == {A: 105, B: 60, C: 0, D: 0}
    assert state.status == "finished" and state.winner == A


def test_a_deal_nobody_went_out_of_is_won_by_the_lowest_hand():
    # RULES §3: the stock ran out; the lowest hand total wins the deal.
    state = started([A, B, C], first_dealer=A)
    state = record(state, None, {A: 20, B: 15, C: 30})
    assert state.totals == {A: 20, B: 0, C: 30}


def test_with_nobody_out_every_player_must_show_a_hand():
    state = started([A, B, C], first_dealer=A)
    with pytest.raises(DomainError) as refused:
        decide(state, RecordDeal(DealEntry(None, (Hand(A, points=20), Hand(B, points=15)))))
    assert refused.value.code == "missing_hand"


def test_continental_always_needs_someone_to_go_out():
    state = fold(decide(SeriesState(), StartSeries(1, (A, B, C), A, rules_from())))
    entry = DealEntry(None, tuple(Hand(p, points=20) for p in (A, B, C)))
    with pytest.raises(DomainError) as refused:
        decide(state, RecordDeal(entry))
    assert refused.value.code == "missing_went_out"


def rummy_claim(groups, discard=None):
    return GoingOut(
        tuple(tuple(parse_cards(group)) for group in groups),
        parse_cards(discard)[0] if discard else None,
    )


def test_a_rummy_claim_with_runs_and_jokers_is_accepted():
    state = started([A, B, C, D], first_dealer=A, jokers=2)
    claim = rummy_claim(["3H 4H JK 6H", "9C 9D JK"], discard="KD")  # 7 melded + 1 discard
    entry = DealEntry(
        B, (Hand(A, points=10), Hand(C, points=12), Hand(D, points=8)), going_out=claim, rummy=True
    )
    assert fold(decide(state, RecordDeal(entry)), state).totals[B] == 0


@pytest.mark.parametrize(
    ("ace_high", "run", "accepted"),
    [(False, "QS KS AS", False), (True, "QS KS AS", True), (True, "KS AS 2S", False)],
)
def test_q_k_a_needs_aces_high_and_k_a_2_is_never_a_run(ace_high, run, accepted):
    state = started([A, B, C, D], first_dealer=A, ace_high=ace_high)
    hands = (Hand(A, points=10), Hand(C, points=12), Hand(D, points=8))
    claim = rummy_claim([run, "9C 9D 9H 9S"], discard="5D")  # 7 melded + 1 discard
    entry = DealEntry(B, hands, going_out=claim, rummy=True)
    if accepted:
        decide(state, RecordDeal(entry))
    else:
        with pytest.raises(DomainError) as refused:
            decide(state, RecordDeal(entry))
        assert refused.value.code == "invalid_going_out"


def test_groups_without_a_rummy_cannot_be_checked_in_standard_rummy():
    state = started([A, B, C], first_dealer=A)
    entry = DealEntry(
        B,
        (Hand(A, points=10), Hand(C, points=12)),
        going_out=rummy_claim(["3H 4H 5H 6H", "9C 9D 9S"], discard="KD"),
    )
    with pytest.raises(DomainError) as refused:
        decide(state, RecordDeal(entry))
    assert refused.value.code == "going_out_needs_rummy"


def test_a_rummy_bonus_is_refused_in_continental():
    state = fold(decide(SeriesState(), StartSeries(1, (A, B, C), A, rules_from())))
    entry = DealEntry(A, (Hand(B, points=20), Hand(C, points=20)), rummy=True)
    with pytest.raises(DomainError) as refused:
        decide(state, RecordDeal(entry))
    assert refused.value.code == "rummy_not_allowed"


def test_standard_rummy_seats_two_to_six():
    for players in ([A], [A, B, C, D, 5, 6, 7]):
        with pytest.raises(DomainError) as refused:
            started(players, first_dealer=A)
        assert refused.value.code == "invalid_table"
    assert started([A, B], first_dealer=B).setup.rules.hand_size == 10
    assert started([A, B, C, D, 5, 6], first_dealer=B).setup.players == (A, B, C, D, 5, 6)


def test_the_leader_is_the_lowest_total_or_the_highest_when_the_winner_takes_all():
    from series.domain.scoring import leaders

    totals = {A: 40, B: 30, C: 30, D: 90}
    assert leaders(rules_from("rummy"), totals) == {B, C}
    assert leaders(rules_from("rummy"), totals, eliminated=[B]) == {C}
    assert leaders(rules_from("rummy", {"scoring": "winner_takes_all"}), totals) == {D}


# -- house rules of the Rummy seed: twos wild, a tripled Rummy; and D-12 ----------------


def test_a_rummy_triples_the_collection_when_the_house_says_so():
    state = started([A, B, C, D], first_dealer=D, scoring="winner_takes_all", rummy_bonus=3)
    state = record(state, B, {A: 10, C: 12, D: 8}, rummy=True)
    assert state.totals == {A: 0, B: 90, C: 0, D: 0}


def test_a_rummy_bonus_other_than_double_or_triple_is_refused():
    with pytest.raises(DomainError) as refused:
        started([A, B, C], first_dealer=A, rummy_bonus=4)
    assert refused.value.field == "options.rummy_bonus"


def test_a_deal_nobody_went_out_of_cannot_be_a_rummy():
    state = started([A, B, C], first_dealer=A, scoring="winner_takes_all")
    entry = DealEntry(
        None, tuple(Hand(p, points=n) for p, n in {A: 20, B: 15, C: 30}.items()), rummy=True
    )
    with pytest.raises(DomainError) as refused:
        decide(state, RecordDeal(entry))
    assert refused.value.code == "rummy_without_winner"
    assert "nobody made a Rummy" in refused.value.message


def test_jokers_are_counted_against_the_decks_the_table_size_decides():
    # RULES D-12: 2 jokers a deck. Up to 4 players play one deck, so 2 jokers at most;
    # 5 players play two decks, which may hold 4.
    with pytest.raises(DomainError) as refused:
        started([A, B, C, D], first_dealer=A, jokers=4)
    assert refused.value.field == "options.jokers"
    assert "0 to 2" in refused.value.message
    assert started([A, B, C, D, 5], first_dealer=A, jokers=4).setup.rules.pack.jokers == 4


def test_with_twos_wild_a_two_completes_a_run_and_still_costs_two_points():
    # RULES D-14 extended: the 2C stands for the 7H; a 2 left in hand costs 2.
    state = started([A, B, C, D], first_dealer=A, twos_wild=True)
    claim = rummy_claim(["5H 6H 2C", "9S 9D 2D 2S"], discard="KC")
    left = (
        Hand(A, cards=tuple(parse_cards("2H 3C 4D 5S 6C 7D 8S"))),
        Hand(C, points=12),
        Hand(D, points=8),
    )
    state = fold(decide(state, RecordDeal(DealEntry(B, left, going_out=claim, rummy=True))), state)
    assert state.totals == {A: 35, B: 0, C: 12, D: 8}


def test_without_twos_wild_the_same_claim_is_refused():
    state = started([A, B, C, D], first_dealer=A)
    claim = rummy_claim(["5H 6H 2C", "9S 9D 2D 2S"], discard="KC")
    hands = (Hand(A, points=10), Hand(C, points=12), Hand(D, points=8))
    with pytest.raises(DomainError) as refused:
        decide(state, RecordDeal(DealEntry(B, hands, going_out=claim, rummy=True)))
    assert refused.value.code == "invalid_going_out"
