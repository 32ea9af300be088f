"""Going out: the arrangement checker and the solver (RULES §2, §3)."""

from __future__ import annotations

import random
from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from series.domain.cards import JOKER, SUITS, Card, parse_cards
from series.domain.meld_reasons import one_card_short
from series.domain.melds import Verdict, check_arrangement, solve
from series.domain.rules import PRESETS, Rules, rules_from
from tests.support.examples import examples
from tests.support.reference import (
    going_out_hand,
    near_miss,
    reference_check,
    reference_goes_out,
    reference_leftover,
)

CONTINENTAL = PRESETS["continental"]


def hand(text: str) -> list[Card]:
    return parse_cards(text)


def groups(*texts: str) -> list[list[Card]]:
    return [parse_cards(text) for text in texts]


def continental(hand_size: int, **options) -> Rules:
    return rules_from("continental", {"hand_size": hand_size, **options})


def rummy(
    hand_size: int = 7,
    *,
    decks: int = 1,
    jokers: int = 2,
    ace_high: bool = False,
    twos_wild: bool = False,
):
    options = {"hand_size": hand_size, "decks": decks, "jokers": jokers, "ace_high": ace_high}
    return rules_from("rummy", options | {"twos_wild": twos_wild})


def messages(verdict: Verdict) -> list[str]:
    return [reason.message for reason in verdict.reasons]


def codes(verdict: Verdict) -> list[str]:
    return [reason.code for reason in verdict.reasons]


def used_cards(verdict: Verdict) -> Counter:
    cards = [card for group in verdict.groups for card in group] + list(verdict.leftover)
    return Counter(cards + ([verdict.discard] if verdict.discard else []))


# -- Continental: checking declared groups -----------------------------------------


def test_two_groups_and_a_discard_go_out():
    verdict = check_arrangement(continental(6), groups("7C 7H 7S", "KD KH JK"), Card(2, "C"))
    assert verdict.valid
    assert verdict.reasons == ()


def test_a_group_of_two_is_refused():
    verdict = check_arrangement(continental(6), groups("9C 9H 9S JK", "7C 7H"), Card(2, "C"))
    assert "group 2 (7♣ 7♥) has only 2 cards" in messages(verdict)
    assert codes(verdict) == ["group_too_small"]


def test_a_group_mixing_ranks_is_refused():
    verdict = check_arrangement(continental(6), groups("7C 7H 7S", "8D 9H 9S"), Card(2, "C"))
    assert messages(verdict) == ["group 2 mixes 8 and 9"]
    assert codes(verdict) == ["mixed_ranks"]


def test_runs_never_count_in_continental():
    verdict = check_arrangement(continental(6), groups("7C 7H 7S", "8D 9D 10D"), Card(2, "C"))
    assert codes(verdict) == ["run_not_allowed"]
    assert "runs never count" in messages(verdict)[0]


def test_identical_cards_from_two_decks_make_a_group():
    verdict = check_arrangement(continental(6), groups("7C 7C 7H", "8D 8D 8S"), Card(2, "C"))
    assert verdict.valid


def test_any_number_of_jokers_may_join_one_natural_card():
    # RULES D-3
    verdict = check_arrangement(continental(7), groups("5C JK JK JK", "KD KH KS"), Card(2, "C"))
    assert verdict.valid


def test_a_group_of_jokers_only_is_refused():
    # RULES D-3: an all-joker group has no rank.
    verdict = check_arrangement(continental(6), groups("JK JK JK", "KD KH KS"), Card(2, "C"))
    assert codes(verdict) == ["no_natural_card"]
    assert "group 1 (JK JK JK) holds only jokers" in messages(verdict)[0]


def test_going_out_without_a_discard_is_refused():
    # RULES D-4: exactly one discard.
    verdict = check_arrangement(continental(6), groups("7C 7H 7S 7D", "KD KH KS"), None)
    assert "missing_discard" in codes(verdict)


def test_a_hand_leaving_two_cards_does_not_go_out():
    # RULES D-4: the one card left over is the discard; a second is one too many.
    verdict = solve(continental(7), hand("7C 7H 7S KD KH KS 2C 5D"))
    assert not verdict.valid
    assert len(verdict.leftover) == 1
    assert "cannot_go_out" in codes(verdict)


def test_one_group_is_not_enough():
    verdict = check_arrangement(continental(6), groups("7C 7H 7S 7D JK JK"), Card(2, "C"))
    assert messages(verdict) == ["only 1 group; going out needs 2"]


def test_two_groups_may_share_a_rank():
    # RULES D-5: eight 7s may be laid as 7777 + 7777, and count as two groups.
    sevens = "7C 7D 7H 7S 7C 7D 7H 7S"
    laid = check_arrangement(continental(8), groups(sevens[:11], sevens[12:]), Card(2, "C"))
    assert laid.valid
    solved = solve(continental(8), hand(sevens + " 2C"))
    assert solved.valid
    assert len(solved.groups) == 2


def test_the_discard_may_be_a_joker():
    # RULES D-6. The solver prefers natural groups, so it throws the joker here.
    assert check_arrangement(continental(6), groups("7C 7H 7S", "KD KH KS"), JOKER).valid
    solved = solve(continental(6), hand("7C 7H 7S KD KH KS JK"))
    assert solved.valid
    assert solved.discard == JOKER


def test_a_wrong_number_of_cards_is_refused():
    verdict = solve(CONTINENTAL, hand("7C 7H 7S 8C 8H 8S 9C 9H 9S 10C 10H 10S JC JH JS QC QH"))
    assert "the hand has 17 cards; going out needs 16" in messages(verdict)
    assert not verdict.valid


def test_each_buy_adds_three_cards_to_the_going_out_hand():
    # RULES D-7: hand + 1 + 3 × buys.
    cards = hand("7C 7H 7S 8C 8H 8S 9C 9H 9S 10C 10H 10S JC JH JS QC QH QS 2D")
    assert solve(continental(15, buys=True), cards, buys=1).valid
    assert codes(solve(continental(15, buys=True), cards)) == ["wrong_card_count"]


def test_more_copies_than_the_pack_holds_are_refused():
    verdict = solve(continental(6), hand("7C 7C 7C KD KH KS 2C"))
    assert messages(verdict) == ["3 × 7♣ but the pack holds 2"]
    assert verdict.groups == ()


def test_a_pack_without_jokers_refuses_a_joker():
    rules = rules_from("continental-no-jokers", {"hand_size": 6})
    verdict = solve(rules, hand("7C 7H 7S KD KH KS JK"))
    assert codes(verdict) == ["card_not_in_pack"]


# -- Continental: solving --------------------------------------------------------


def test_the_solver_finds_groups_with_jokers_and_a_discard():
    cards = hand("7C 7H 7D 8C 8H 8D 8S 9C 9H 9D 9S KC KH KD JK 2C")
    verdict = solve(CONTINENTAL, cards)
    assert verdict.valid
    assert verdict.discard == Card(2, "C")
    assert used_cards(verdict) == Counter(cards)
    assert check_arrangement(CONTINENTAL, verdict.groups, verdict.discard).valid


def test_a_hand_one_card_short_says_which_cards_would_do():
    verdict = solve(continental(9), hand("7C 7H 7S KD KH 9C 9D 9H 2C 5S"))
    assert not verdict.valid
    assert "1 card short: a K or a joker would do" in messages(verdict)


def test_a_hand_far_from_going_out_gets_no_hint():
    verdict = solve(continental(6), hand("AC 3D 5H 7S 9C JD KH"))
    assert codes(verdict) == ["cannot_go_out", "too_few_groups"]


def test_a_reason_is_a_translatable_template_with_params():
    reason = solve(continental(6), hand("7C 7C 7C KD KH KS 2C")).reasons[0]
    assert reason.template == "{count} × {card} but the pack holds {copies}"
    assert reason.params == {"count": 3, "card": "7♣", "copies": 2}


# -- standard Rummy: checking declared melds -----------------------------------------


def test_a_run_and_a_set_make_a_rummy_without_a_discard():
    verdict = check_arrangement(rummy(5), groups("4H 5H 6H", "9C 9D 9S"), None)
    assert verdict.valid


def test_a_rummy_may_end_with_one_discard():
    assert check_arrangement(rummy(6), groups("4H 5H 6H", "9C 9D 9S"), Card(2, "C")).valid
    assert solve(rummy(6), hand("4H 5H 6H 9C 9D 9S 2C")).discard == Card(2, "C")


def test_a_rummy_leaves_no_card_but_the_discard():
    verdict = solve(rummy(6), hand("4H 5H 6H 9C 9D 2S 2C"))
    assert not verdict.valid
    assert "cannot_go_out" in codes(verdict)


def test_a_set_holds_at_most_four_cards_jokers_included():
    # RULES D-14
    verdict = check_arrangement(rummy(7), groups("9C 9D 9S 9H JK", "4H 5H 6H"), None)
    assert codes(verdict) == ["set_too_large"]
    assert "a set holds at most 4" in messages(verdict)[0]


def test_a_set_may_not_hold_the_same_card_twice():
    # RULES D-13: with two decks.
    verdict = check_arrangement(rummy(5, decks=2), groups("9C 9C 9S", "4H 5H 6H"), None)
    assert messages(verdict) == ["group 1 holds 9♣ twice; a set may not hold the same card twice"]


def test_every_meld_holds_a_natural_card():
    # RULES D-14
    verdict = check_arrangement(rummy(5, decks=2, jokers=4), groups("JK JK JK", "4H 5H 6H"), None)
    assert codes(verdict) == ["no_natural_card"]


def test_jokers_fill_the_gaps_of_a_run():
    assert check_arrangement(rummy(5), groups("4H JK 6H", "9C 9D 9S"), None).valid
    gappy = check_arrangement(rummy(6), groups("4H JK 8H", "9C 9D 9S"), Card(2, "C"))
    assert codes(gappy) == ["not_a_run"]


def test_the_ace_is_low_by_default():
    assert check_arrangement(rummy(5), groups("AS 2S 3S", "9C 9D 9S"), None).valid
    verdict = check_arrangement(rummy(5), groups("QS KS AS", "9C 9D 9S"), None)
    assert messages(verdict) == ["group 1 (Q♠ K♠ A♠): Q-K-A is not a run unless aces are high"]


def test_aces_high_allow_q_k_a_but_never_k_a_2():
    high = rummy(5, ace_high=True)
    assert check_arrangement(high, groups("QS KS AS", "9C 9D 9S"), None).valid
    assert check_arrangement(high, groups("AS 2S 3S", "9C 9D 9S"), None).valid
    corner = check_arrangement(high, groups("KS AS 2S", "9C 9D 9S"), None)
    assert "K-A-2 is not a run" in messages(corner)[0]


def test_a_meld_of_two_suits_and_two_ranks_is_neither_set_nor_run():
    verdict = check_arrangement(rummy(5), groups("4H 5C 6H", "9C 9D 9S"), None)
    assert messages(verdict) == [
        "group 1 (4♥ 5♣ 6♥) is neither a set (one rank) nor a run (one suit)"
    ]


def test_a_hand_size_left_to_the_table_is_read_from_the_count():
    rules = rules_from("rummy")  # hand size by table size
    assert solve(rules, hand("4H 5H 6H 9C 9D 9S KC KD KS 2C")).valid
    assert codes(solve(rules, hand("4H 5H"))) == ["wrong_card_count"]


# -- standard Rummy: solving -----------------------------------------------------------


def test_the_solver_mixes_runs_sets_and_jokers():
    rules = rummy(12, decks=2, jokers=4)
    cards = hand("AC 2C 3C 4C 7D 7H 7S JK 10H JH QH KH JK")
    verdict = solve(rules, cards)
    assert verdict.valid
    assert check_arrangement(rules, verdict.groups, verdict.discard).valid


def test_the_solver_puts_the_ace_on_top_only_when_aces_are_high():
    cards = hand("QC KC AC 5D 5H 5S 9H JK")
    assert not solve(rummy(7), cards).valid
    high = solve(rummy(7, ace_high=True), cards)
    assert high.valid
    run = next(group for group in high.groups if Card(13, "C") in group)
    assert run[-1] == Card(1, "C")  # laid on top


def test_a_rummy_hand_one_card_short_names_the_cards():
    verdict = solve(rummy(7), hand("AC 2C 3C 5D 5H 5S KH KS"))
    assert "1 card short: a 4♣, a 5♣ or a joker would do" in messages(verdict)


# -- the solver against a brute-force reference --------------------------------------


@st.composite
def dealt(draw, rules: Rules, size: int) -> list[Card]:
    """``size`` cards of the rules' pack; often from a few ranks and suits,
    where melds are likely."""
    pack = rules.pack.cards()
    if draw(st.booleans()):
        ranks = set(draw(st.lists(st.integers(1, 13), min_size=1, max_size=4)))
        suits = set(draw(st.lists(st.sampled_from(SUITS), min_size=1, max_size=2)))
        close = [c for c in pack if c.is_joker or c.rank in ranks or c.suit in suits]
        pack = close if len(close) >= size else pack
    places = st.lists(st.integers(0, len(pack) - 1), min_size=size, max_size=size, unique=True)
    return [pack[i] for i in draw(places)]  # each place once: never more than the pack holds


@st.composite
def hands_for(draw, rules: Rules) -> list[Card]:
    """A going-out-sized hand of the rules' pack: dealt at random, built to go
    out, or built to go out and then one card changed."""
    size = rules.going_out_size()
    way = draw(st.sampled_from(["dealt", "going out", "near miss"]))
    if way == "dealt":
        return draw(dealt(rules, size))
    rng = draw(st.randoms(use_true_random=False))
    cards = going_out_hand(rng, rules, size)
    return cards if way == "going out" else near_miss(rng, rules, cards)


@st.composite
def continental_hands(draw, max_size: int = 9):
    # Going out takes 2 groups and a discard: 7 cards, a hand size of 6.
    smallest = draw(st.sampled_from([3, 6, 6]))
    decks = draw(st.integers(2, 3))  # up to 6 jokers
    rules = continental(
        draw(st.integers(smallest, max_size)),
        decks=decks,
        jokers=draw(st.integers(0, 2 * decks)),
    )
    return rules, draw(hands_for(rules))


@st.composite
def rummy_hands(draw, max_size: int = 9, twos_wild: bool = False):
    decks = draw(st.integers(1, 2))
    rules = rummy(
        draw(st.integers(3, max_size)),
        decks=decks,
        jokers=draw(st.integers(0, 2 * decks)),
        ace_high=draw(st.booleans()),
        twos_wild=twos_wild,
    )
    return rules, draw(hands_for(rules))


@st.composite
def rummy_hands_twos_wild(draw):
    """Rummy hands with twos wild, often holding several 2s."""
    rules, cards = draw(rummy_hands(8, twos_wild=True))
    twos = [card for card in rules.pack.cards() if card.rank == 2 and card not in cards]
    swaps = draw(st.lists(st.integers(0, len(cards) - 1), max_size=3, unique=True))
    for place, two in zip(swaps, draw(st.permutations(twos)), strict=False):
        cards[place] = two  # a 2 the hand does not hold yet: never more than the pack
    return rules, cards


def agrees_with_reference(rules: Rules, cards: list[Card]) -> None:
    verdict = solve(rules, cards)
    assert verdict.valid == reference_goes_out(rules, cards)
    assert len(verdict.leftover) == reference_leftover(rules, cards)
    assert used_cards(verdict) == Counter(cards)
    if verdict.valid:
        assert check_arrangement(rules, verdict.groups, verdict.discard).valid


@given(continental_hands())
def test_the_continental_solver_agrees_with_brute_force(case):
    agrees_with_reference(*case)


@given(rummy_hands())
def test_the_rummy_solver_agrees_with_brute_force(case):
    agrees_with_reference(*case)


@given(rummy_hands_twos_wild())
def test_the_rummy_solver_with_twos_wild_agrees_with_brute_force(case):
    agrees_with_reference(*case)


def test_with_twos_wild_a_hand_goes_out_that_does_not_without():
    # RULES D-14 extended: 2C stands in the run, 2D and 2S in the set of nines.
    cards = hand("5H 6H 2C 9S 9D 2D 2S KC")
    assert not solve(rummy(7), cards).valid
    verdict = solve(rummy(7, twos_wild=True), cards)
    assert verdict.valid
    assert used_cards(verdict) == Counter(cards)  # the 2s are shown, not jokers
    assert verdict.discard == hand("KC")[0]


def test_with_twos_wild_three_twos_still_make_a_set_of_themselves():
    verdict = check_arrangement(
        rummy(7, twos_wild=True), [hand("2C 2D 2H"), hand("5S 6S 7S 8S")], hand("KD")[0]
    )
    assert verdict.valid


def test_with_twos_wild_a_meld_still_needs_a_natural_card():
    verdict = check_arrangement(
        rummy(7, twos_wild=True), [hand("JK JK 2C"), hand("5S 6S 7S 8S")], hand("KD")[0]
    )
    assert verdict.valid  # the 2C stands as itself: a run 2C 3C 4C, or a set of 2s
    verdict = check_arrangement(
        rummy(7, twos_wild=True), [hand("9C 2D 5H"), hand("5S 6S 7S 8S")], hand("KD")[0]
    )
    assert not verdict.valid
    assert "neither a set (one rank) nor a run (one suit)" in messages(verdict)[0]


@settings(max_examples=examples(100), deadline=None)
@given(
    st.one_of(continental_hands(), rummy_hands(), rummy_hands_twos_wild()),
    st.randoms(use_true_random=False),
)
def test_the_order_of_the_cards_never_changes_the_verdict(case, rng):
    rules, cards = case
    shuffled = list(cards)
    rng.shuffle(shuffled)
    assert solve(rules, shuffled) == solve(rules, cards)


@settings(max_examples=examples(150), deadline=None)
@given(
    st.one_of(continental_hands(), rummy_hands(), rummy_hands_twos_wild()),
    st.randoms(use_true_random=False),
)
def test_the_checker_agrees_with_the_reference_on_declared_groups(case, rng):
    rules, cards = case
    shuffled = list(cards)
    rng.shuffle(shuffled)
    cut = sorted(rng.sample(range(1, len(shuffled)), rng.randint(1, 3)))
    declared = [shuffled[a:b] for a, b in zip([0, *cut], [*cut, len(shuffled)], strict=True)]
    discard = declared.pop()[0] if len(declared[-1]) == 1 else None
    verdict = check_arrangement(rules, declared, discard)
    assert verdict.valid == reference_check(rules, declared, discard, len(cards))


def swap_would_do(rules: Rules, cards: list[Card], drawn: Card) -> bool:
    """Brute force: some card of the hand, swapped for ``drawn``, makes it go out."""
    for thrown in set(cards) - {drawn}:
        swapped = list(cards)
        swapped.remove(thrown)
        if reference_goes_out(rules, [*swapped, drawn]):
            return True
    return False


def expected_hint(rules: Rules, cards: list[Card]) -> list[str]:
    """The hint the brute force gives: every card still in the pack that would do."""
    pack = rules.pack
    drawable = {card for card in pack.cards() if cards.count(card) < pack.copies(card)}
    if rules.game == "continental":  # suits never matter: one card of each rank
        drawable = {
            min(c for c in drawable if c.rank == rank) for rank in {c.rank for c in drawable}
        }
    working = sorted(card for card in drawable if swap_would_do(rules, cards, card))
    if not working:
        return []
    naturals = [card for card in working if not card.is_joker]
    if rules.game == "continental":
        hint = one_card_short([card.rank for card in naturals], (), JOKER in working)
    else:
        hint = one_card_short((), naturals, JOKER in working)
    return [hint.message]


@settings(max_examples=examples(80), deadline=None)
@given(st.one_of(continental_hands(max_size=6), rummy_hands(max_size=6)))
def test_the_one_card_short_hint_names_exactly_the_cards_that_would_do(case):
    rules, cards = case
    verdict = solve(rules, cards)
    hints = [reason.message for reason in verdict.reasons if reason.code == "cards_short"]
    # A drawn card melded with jokers alone is not looked for in Rummy.
    if not verdict.valid and (rules.game == "continental" or cards.count(JOKER) < 2):
        assert hints == expected_hint(rules, cards)


# -- real packs, shuffled ------------------------------------------------------------------


REAL_PACKS = [
    CONTINENTAL,
    rules_from("continental-3-decks"),
    rules_from("continental-13"),
    rummy(7),
    rummy(12, decks=2, jokers=4),
    rummy(10, decks=2, jokers=4, ace_high=True),
]


@pytest.mark.parametrize("rules", REAL_PACKS, ids=lambda rules: rules.preset)
def test_hands_built_to_go_out_from_a_shuffled_pack_go_out(rules):
    rng = random.Random(7)
    for _ in range(40):
        cards = going_out_hand(rng, rules, rules.going_out_size())
        verdict = solve(rules, cards)
        assert verdict.valid, cards
        assert check_arrangement(rules, verdict.groups, verdict.discard).valid


@pytest.mark.parametrize("rules", REAL_PACKS, ids=lambda rules: rules.preset)
def test_near_miss_hands_from_a_shuffled_pack_get_the_reference_verdict(rules):
    rng = random.Random(11)
    for _ in range(8):
        cards = near_miss(rng, rules, going_out_hand(rng, rules, rules.going_out_size()))
        verdict = solve(rules, cards)
        assert verdict.valid == reference_goes_out(rules, cards)
        assert len(verdict.leftover) == reference_leftover(rules, cards)


def test_random_deals_never_raise_and_account_for_every_card():
    rng = random.Random(3)
    for rules in REAL_PACKS:
        for _ in range(100):
            cards = rules.pack.cards()
            rng.shuffle(cards)
            cards = cards[: rules.going_out_size()]
            verdict = solve(rules, cards)
            assert used_cards(verdict) == Counter(cards)
