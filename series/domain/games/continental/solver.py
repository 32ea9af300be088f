"""The Continental solver: groups only, so only the count of each rank matters.

Suits never matter in a Continental group (RULES §2), so a hand is a count
per rank plus a count of jokers. A rank with 3 or more naturals melds alone;
a rank with 1 or 2 needs 2 or 1 jokers; spare jokers join any group (RULES
D-3). That makes "can these cards meld?" a sum, and the only real choice is
the discard (RULES D-4, D-6).

Ranks are interchangeable too, so the plan is computed on the sorted counts
(the hand's *profile*) and cached: a few hundred profiles cover every
16-card hand, and a cached plan is mapped back to the hand's ranks.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache
from operator import attrgetter
from typing import NamedTuple

from series.domain.cards import Card, Pack
from series.domain.meld_reasons import (
    Reason,
    Verdict,
    cannot_go_out,
    one_card_short,
    too_few_groups,
)

RANKS = range(1, 14)
JOKER_SLOT = 13  # the profile's positions 0 to 12 are ranks; 13 stands for the jokers


class Group(NamedTuple):
    """A group in profile terms: the position of its rank, naturals and jokers."""

    position: int
    naturals: int
    jokers: int


class Arrangement(NamedTuple):
    groups: tuple[Group, ...]
    leftover: tuple[tuple[int, int], ...]  # (position, naturals left unmelded)
    leftover_jokers: int

    @property
    def unmelded(self) -> int:
        return sum(count for _, count in self.leftover) + self.leftover_jokers

    @property
    def enough_groups(self) -> bool:
        return len(self.groups) >= 2


class Plan(NamedTuple):
    """What to do with a profile: the discard, the groups, and the hint."""

    discard: int  # a position, or JOKER_SLOT
    arrangement: Arrangement
    short_positions: tuple[int, ...]  # ranks one of which would let the hand go out
    short_joker: bool  # whether a joker would

    @property
    def valid(self) -> bool:
        return self.arrangement.unmelded == 0 and self.arrangement.enough_groups


def solve_continental(pack: Pack, cards: Sequence[Card]) -> Verdict:
    """Solve a hand whose count and pack limits are already checked."""
    piles: list[list[Card]] = [[] for _ in range(14)]
    for card in sorted(cards, key=_rank_and_suit):
        piles[card.rank].append(card)
    # Equal counts are ordered by rank and each pile by suit, so the answer
    # is the same whatever the order of the cards.
    order = sorted(RANKS, key=lambda rank: (len(piles[rank]), rank))
    profile = tuple([len(piles[rank]) for rank in order])
    plan = continental_plan(profile, len(piles[0]), 4 * pack.decks, pack.jokers)
    return _verdict(plan, order, piles)


_rank_and_suit = attrgetter("rank", "suit")


def _verdict(plan: Plan, order: list[int], piles: list[list[Card]]) -> Verdict:
    """Deal the hand's actual cards into the plan's groups."""
    jokers = piles[0]
    discard = jokers.pop() if plan.discard == JOKER_SLOT else piles[order[plan.discard]].pop()
    groups = []
    for group in sorted(plan.arrangement.groups, key=lambda group: order[group.position]):
        pile = piles[order[group.position]]
        naturals = pile[: group.naturals]
        del pile[: group.naturals]
        groups.append((*naturals, *[jokers.pop() for _ in range(group.jokers)]))
    leftover_ranks = sorted(order[position] for position, _ in plan.arrangement.leftover)
    leftover = [card for rank in leftover_ranks for card in piles[rank]] + jokers
    return Verdict(
        plan.valid, tuple(groups), discard, _reasons(plan, order, leftover), tuple(leftover)
    )


def _reasons(plan: Plan, order: list[int], leftover: list[Card]) -> tuple[Reason, ...]:
    if plan.valid:
        return ()
    reasons = []
    if leftover:
        reasons.append(cannot_go_out(leftover))
    if not plan.arrangement.enough_groups:
        reasons.append(too_few_groups(len(plan.arrangement.groups)))
    if plan.short_positions or plan.short_joker:
        ranks = sorted(order[position] for position in plan.short_positions)
        reasons.append(one_card_short(ranks, (), plan.short_joker))
    return tuple(reasons)


# -- plans, in profile terms ----------------------------------------------------


@lru_cache(maxsize=1 << 15)
def continental_plan(
    profile: tuple[int, ...], jokers: int, per_rank: int, pack_jokers: int
) -> Plan:
    """The best discard and arrangement for a profile, and the hint when short.

    ``per_rank`` and ``pack_jokers`` are how many of a rank and of jokers the
    pack holds; the hint only proposes cards that are still in the pack.
    """
    counts = list(profile)
    best: tuple[tuple[int, bool, int], int, Arrangement] | None = None
    for discard in _discard_slots(counts, jokers):
        arrangement = _after_discard(counts, jokers, discard)
        # The fewest cards left out, then 2 groups, then the fewest jokers
        # laid: natural groups are the easiest for the table to check.
        laid_jokers = sum(group.jokers for group in arrangement.groups)
        score = (arrangement.unmelded, not arrangement.enough_groups, laid_jokers)
        if best is None or score < best[0]:
            best = (score, discard, arrangement)
    assert best is not None  # a hand always has a card to discard
    _, discard, arrangement = best
    if arrangement.unmelded == 0 and arrangement.enough_groups:
        return Plan(discard, arrangement, (), False)
    if arrangement.unmelded > 3:
        # A hand one swap from going out melds all but at most 3 cards: the
        # swapped-in card's broken group (2) and the card it replaced (1).
        return Plan(discard, arrangement, (), False)
    positions, joker = _one_card_short(counts, jokers, per_rank, pack_jokers)
    return Plan(discard, arrangement, positions, joker)


def _discard_slots(counts: list[int], jokers: int) -> list[int]:
    """Discards worth trying: one rank per count (equal counts are alike), then a joker.

    RULES D-6: the discard may be any card, a joker included.
    """
    seen: set[int] = set()
    slots = []
    for position, count in enumerate(counts):
        if count and count not in seen:
            seen.add(count)
            slots.append(position)
    if jokers:
        slots.append(JOKER_SLOT)
    return slots


def _after_discard(counts: list[int], jokers: int, discard: int) -> Arrangement:
    if discard == JOKER_SLOT:
        return arrange(counts, jokers - 1)
    return arrange(_changed(counts, discard, -1), jokers)


def _changed(counts: list[int], position: int, by: int) -> list[int]:
    changed = list(counts)
    changed[position] += by
    return changed


def arrange(counts: Sequence[int], jokers: int) -> Arrangement:
    """Meld as many cards as possible into groups.

    Ranks with 3 or more naturals meld alone. Jokers go first to pairs (one
    joker melds two naturals), then to single cards (two jokers meld one);
    that order melds the most cards. Spare jokers join a group (RULES D-3),
    and a lone rank is split in two when it can be (RULES D-5).
    """
    groups = [Group(position, count, 0) for position, count in enumerate(counts) if count >= 3]
    leftover = []
    spare = jokers
    for size in (2, 1):
        for position, count in enumerate(counts):
            if count != size:
                continue
            if spare >= 3 - size:
                groups.append(Group(position, size, 3 - size))
                spare -= 3 - size
            else:
                leftover.append((position, size))
    if groups and spare:
        first = groups[0]
        groups[0] = first._replace(jokers=first.jokers + spare)
        spare = 0
    if len(groups) == 1:
        groups = _split(groups[0])
    return Arrangement(tuple(groups), tuple(leftover), spare)


def _split(group: Group) -> list[Group]:
    """Two groups of one rank when the cards allow (RULES D-5), else the group."""
    if group.naturals < 2 or group.naturals + group.jokers < 6:
        return [group]
    first = group.naturals // 2
    first_jokers = max(0, 3 - first)
    return [
        Group(group.position, first, first_jokers),
        Group(group.position, group.naturals - first, group.jokers - first_jokers),
    ]


# -- "1 card short" --------------------------------------------------------------


def _one_card_short(
    counts: list[int], jokers: int, per_rank: int, pack_jokers: int
) -> tuple[tuple[int, ...], bool]:
    """The ranks (positions) and whether a joker would let the hand go out if
    drawn instead of one of the hand's cards."""
    positions = []
    by_count: dict[int, bool] = {}  # ranks with equal counts are alike
    for position, count in enumerate(counts):
        if count not in by_count:
            by_count[count] = count < per_rank and _swap_goes_out(counts, jokers, position)
        if by_count[count]:
            positions.append(position)
    joker = jokers < pack_jokers and _swap_goes_out(counts, jokers, JOKER_SLOT)
    return tuple(positions), joker


def _swap_goes_out(counts: list[int], jokers: int, drawn: int) -> bool:
    """Whether some card of the hand, swapped for ``drawn``, lets it go out."""
    if drawn == JOKER_SLOT:
        swapped = [
            (_changed(counts, thrown, -1), jokers + 1)
            for thrown, count in enumerate(counts)
            if count
        ]
    else:
        more = _changed(counts, drawn, +1)
        swapped = [
            (_changed(more, thrown, -1), jokers)
            for thrown, count in enumerate(counts)
            if count and thrown != drawn
        ]
        if jokers:
            swapped.append((more, jokers - 1))
    return any(_goes_out(hand, hand_jokers) for hand, hand_jokers in swapped)


def _goes_out(counts: list[int], jokers: int) -> bool:
    """Whether the cards go out with some discard (RULES D-4, D-6)."""
    if jokers and _melds_fully(counts, jokers - 1):
        return True
    return any(
        _melds_fully(_changed(counts, discard, -1), jokers) for discard in _discard_slots(counts, 0)
    )


def _melds_fully(counts: list[int], jokers: int) -> bool:
    """Whether every card melds into 2 or more groups; the sum ``arrange`` makes."""
    needed = present = last = 0
    for count in counts:
        if count:
            present += 1
            last = count
            if count < 3:
                needed += 3 - count
    if needed > jokers or not present:
        return False
    return present >= 2 or (last >= 2 and last + jokers >= 6)
