"""Going out: check a declared arrangement, or solve a hand (RULES §2, §3).

Continental (RULES §2) melds only groups: 3 or more cards of one rank, suits
irrelevant, jokers wild, and going out needs 2 or more groups plus exactly
one discard. Standard Rummy (RULES §3) melds sets of 3 or 4 cards of one
rank and runs of 3 or more cards of one suit; a "Rummy" melds the whole
hand, with or without one final discard.

``check_arrangement`` judges the groups a player declares; ``solve`` finds
an arrangement itself, or the closest one when the hand does not go out.
Both answer with a ``Verdict`` whose reasons a player can read; neither
raises for a bad hand. The checks of the hand as a whole (its count of cards,
the pack) are shared; what a meld is, and the solver, are the game's
(``rules.game_object``), built from the meld kinds below: Continental's groups
(``group_problems``) and Rummy's sets and runs (``set_or_run_problems``).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from itertools import pairwise

from series.domain.cards import Card, Pack
from series.domain.meld_reasons import (
    BAD_INPUT_CODES,
    Reason,
    Verdict,
    ace_not_high,
    card_not_in_pack,
    duplicate_in_set,
    group_too_small,
    missing_discard,
    mixed_ranks,
    neither_set_nor_run,
    no_natural_card,
    run_has_gaps,
    run_not_allowed,
    run_repeats_rank,
    run_too_long,
    run_turns_corner,
    set_too_large,
    too_few_groups,
    wrong_card_count,
    wrong_card_count_range,
)
from series.domain.rules import Rules

__all__ = [
    "BAD_INPUT_CODES",
    "Reason",
    "Verdict",
    "check_arrangement",
    "check_groups",
    "solve",
]

MIN_HAND, MAX_HAND = 3, 20  # the hand sizes the rules accept
LONGEST_RUN = 13  # the ace ends a run at one end only: A to K, or 2 to A


def solve(rules: Rules, cards: Sequence[Card], *, buys: int = 0) -> Verdict:
    """Decide whether ``cards`` go out and show how, or how close they come.

    The answer depends only on the multiset of cards, never on their order.
    """
    cards = tuple(cards)
    problems = _hand_problems(rules, cards, buys)
    if problems:
        return Verdict(False, (), None, problems, leftover=tuple(sorted(cards)))
    return rules.game_object.solve(rules, cards)


def check_arrangement(
    rules: Rules,
    groups: Sequence[Sequence[Card]],
    discard: Card | None,
    *,
    buys: int = 0,
) -> Verdict:
    """Judge a declared arrangement: every group valid, the right count of
    cards, and the discard the game asks for."""
    groups = tuple(tuple(group) for group in groups)
    cards = [card for group in groups for card in group]
    if discard is not None:
        cards.append(discard)
    reasons = list(_hand_problems(rules, cards, buys))
    reasons += rules.game_object.arrangement_problems(rules, groups, discard)
    return Verdict(not reasons, groups, discard, tuple(reasons))


def check_groups(rules: Rules, groups: Sequence[Sequence[Card]]) -> Verdict:
    """Judge only the groups shown, not the whole hand: what can be checked when
    groups were laid on the table turn by turn (Continental's relaxed laying)."""
    groups = tuple(tuple(group) for group in groups)
    cards = [card for group in groups for card in group]
    reasons = list(_pack_problems(rules.pack, cards))
    for number, group in enumerate(groups, start=1):
        reasons += rules.game_object.group_problems(rules, number, group)
    return Verdict(not reasons, groups, None, tuple(reasons))


# -- the hand as a whole --------------------------------------------------------


def _hand_problems(rules: Rules, cards: Sequence[Card], buys: int) -> tuple[Reason, ...]:
    """A count of cards the rules make impossible, or more copies than the pack."""
    reasons = []
    count_problem = _count_problem(rules, len(cards), buys)
    if count_problem is not None:
        reasons.append(count_problem)
    reasons += _pack_problems(rules.pack, cards)
    return tuple(reasons)


def _count_problem(rules: Rules, count: int, buys: int) -> Reason | None:
    # The going-out hand holds the dealt cards, the card drawn and 3 per buy
    # (RULES D-7). A hand size left to the table is read from the count.
    if rules.hand_size is not None:
        needed = rules.going_out_size(buys)
        return None if count == needed else wrong_card_count(count, needed)
    low, high = MIN_HAND + 1 + 3 * buys, MAX_HAND + 1 + 3 * buys
    return None if low <= count <= high else wrong_card_count_range(count, low, high)


def _pack_problems(pack: Pack, cards: Sequence[Card]) -> list[Reason]:
    if not _may_exceed(pack, cards):
        return []
    return [
        card_not_in_pack(card, count, pack.copies(card))
        for card, count in sorted(Counter(cards).items())
        if count > pack.copies(card)
    ]


def _may_exceed(pack: Pack, cards: Sequence[Card]) -> bool:
    """A quick look first: only a rank held more often than the pack has decks
    can hold one card too often."""
    suits_by_rank: list[list[str]] = [[] for _ in range(14)]
    for card in cards:
        suits_by_rank[card.rank].append(card.suit)
    if len(suits_by_rank[0]) > pack.jokers:
        return True
    return any(
        len(suits) > pack.decks and max(map(suits.count, set(suits))) > pack.decks
        for suits in suits_by_rank[1:]
    )


# -- Continental: groups only ---------------------------------------------------


def groups_and_discard_problems(
    groups: tuple[tuple[Card, ...], ...], discard: Card | None
) -> list[Reason]:
    """Going out with groups: every group valid, 2 or more of them, one discard (RULES D-4)."""
    reasons = [] if discard is not None else [missing_discard()]
    for number, group in enumerate(groups, start=1):
        reasons += group_problems(number, group)
    if len(groups) < 2:
        reasons.append(too_few_groups(len(groups)))
    return reasons


def group_problems(number: int, group: tuple[Card, ...]) -> list[Reason]:
    """A group: 3 or more cards of one rank, at least one of them natural (RULES D-3)."""
    naturals = [card for card in group if not card.is_joker]
    reasons = []
    if group and not naturals:
        reasons.append(no_natural_card(number, group))
    ranks = sorted({card.rank for card in naturals})
    if len(ranks) > 1:
        is_run = _looks_like_run(naturals, len(group) - len(naturals))
        reasons.append(
            run_not_allowed(number, group) if is_run else mixed_ranks(number, group, ranks)
        )
    if len(group) < 3:
        reasons.append(group_too_small(number, group))
    return reasons


def _looks_like_run(naturals: list[Card], jokers: int) -> bool:
    """Whether a mixed group is what Rummy would call a run, to say so."""
    if len({card.suit for card in naturals}) != 1:
        return False
    return _run_problem(0, (), naturals, jokers, ace_high=True) is None


# -- Standard Rummy: sets and runs ----------------------------------------------


def set_or_run_problems(number: int, group: tuple[Card, ...], *, ace_high: bool) -> list[Reason]:
    """A meld's problems as a set or a run, jokers wild (RULES D-13, D-14)."""
    naturals = [card for card in group if not card.is_joker]
    jokers = len(group) - len(naturals)
    if not naturals:
        reasons = [no_natural_card(number, group)] if group else []
        return reasons + ([group_too_small(number, group)] if len(group) < 3 else [])
    ranks = {card.rank for card in naturals}
    suits = {card.suit for card in naturals}
    if len(naturals) == 1:
        problem = run_too_long(number, group) if len(group) > LONGEST_RUN else None
    elif len(ranks) == 1:
        problem = _set_problem(number, group, naturals)
    elif len(suits) == 1:
        problem = _run_problem(number, group, naturals, jokers, ace_high)
    else:
        problem = neither_set_nor_run(number, group)
    reasons = [problem] if problem is not None else []
    if len(group) < 3:
        reasons.append(group_too_small(number, group))
    return reasons


def _set_problem(number: int, group: tuple[Card, ...], naturals: list[Card]) -> Reason | None:
    if len(group) > 4:
        return set_too_large(number, group)  # RULES D-14
    repeated = [card for card, count in sorted(Counter(naturals).items()) if count > 1]
    if repeated:
        return duplicate_in_set(number, group, repeated[0])  # RULES D-13
    return None


def _gaps(positions: list[int]) -> int:
    return positions[-1] - positions[0] + 1 - len(positions)


def _run_problem(
    number: int,
    group: tuple[Card, ...],
    naturals: list[Card],
    jokers: int,
    ace_high: bool,
) -> Reason | None:
    """A run: distinct consecutive ranks of one suit, jokers filling the gaps.

    The ace is low (position 1) or, when aces are high, position 14; never
    both in one run, so a run holds at most 13 cards and never turns the
    corner (K-A-2).
    """
    ranks = sorted(card.rank for card in naturals)
    for low, high in pairwise(ranks):
        if low == high:
            return run_repeats_rank(number, group, low)
    if len(naturals) + jokers > LONGEST_RUN:
        return run_too_long(number, group)
    ace_low_gaps = _gaps(ranks)
    if ace_low_gaps <= jokers:
        return None
    high_ace = sorted(rank if rank != 1 else 14 for rank in ranks) if ranks[0] == 1 else None
    if high_ace is not None and _gaps(high_ace) <= jokers:
        return None if ace_high else ace_not_high(number, group, high_ace)
    corner = _corner_positions(ranks, jokers)
    if corner is not None:
        return run_turns_corner(number, group, corner)
    return run_has_gaps(number, group, ranks[0], ranks[-1], ace_low_gaps)


def _corner_positions(ranks: list[int], jokers: int) -> list[int] | None:
    """The positions of a run that only works by wrapping past the ace (K-A-2)."""
    for turn in range(2, 13):
        wrapped = sorted(rank + 13 if rank <= turn else rank for rank in ranks)
        if wrapped[0] <= 13 < wrapped[-1] and _gaps(wrapped) <= jokers:
            return wrapped
    return None
