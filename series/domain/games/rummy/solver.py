"""The standard Rummy solver: a "Rummy" melds the whole hand, with or
without one final discard (RULES §3).

The search (``search``) finds the arrangement melding the most cards;
the hand goes out when at most one card, the discard, is left. A hand that
does not go out is told which single card would have made it.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

from series.domain.cards import JOKER, SUITS, Card, Pack
from series.domain.games.rummy.search import MeldSearch, best_melds
from series.domain.meld_reasons import Reason, Verdict, cannot_go_out, one_card_short


def solve_rummy(pack: Pack, cards: Sequence[Card], *, ace_high: bool) -> Verdict:
    """Solve a hand whose count and pack limits are already checked."""
    outcome = best_melds(cards, ace_high)
    unmelded = list(outcome.unmelded)
    discard = _discard(unmelded)
    if discard is not None:
        unmelded.remove(discard)
    if not unmelded:
        return Verdict(True, outcome.groups, discard, ())
    reasons: list[Reason] = [cannot_go_out(unmelded)]
    if len(unmelded) <= 5:
        # Taking the swapped-in card out of the run it completes leaves at
        # most 4 cards (2-x-2), and the card it replaced is a fifth.
        short = _one_card_short(pack, cards, ace_high)
        if short is not None:
            reasons.append(short)
    return Verdict(False, outcome.groups, discard, tuple(reasons), tuple(unmelded))


def _discard(unmelded: list[Card]) -> Card | None:
    """The card to throw: the costliest natural left over, else a joker."""
    if not unmelded:
        return None
    return max(unmelded, key=lambda card: (not card.is_joker, card.penalty, card.rank, card.suit))


def _one_card_short(pack: Pack, cards: Sequence[Card], ace_high: bool) -> Reason | None:
    """Cards that, drawn instead of one of the hand's cards, would make a Rummy.

    The drawn card melds beside a natural card of the hand: in a set of its
    rank, or in a run of its suit no further away than the hand's jokers can
    bridge. Each such card is confirmed by the search. (A drawn card melded
    with jokers alone is not looked for.)
    """
    held = Counter(cards)
    held_jokers = held[JOKER]
    with_drawn_joker = held_jokers + 1
    lone = _lone_cards(held, with_drawn_joker, ace_high)
    if held_jokers < 2 and lone > 2 + with_drawn_joker // 2:
        return None  # even a joker drawn would leave too many cards alone
    search = MeldSearch(cards, ace_high, extra_jokers=1)
    joker_would_do = search.goes_out_after_swap(JOKER)
    # A natural that completes a meld could be replaced by a joker, unless it
    # would be the meld's only natural, which needs 2 jokers in hand.
    if held_jokers < 2 and not joker_would_do:
        return None
    candidates = {
        candidate
        for card in held
        if not card.is_joker
        for candidate in _neighbours(card, held_jokers + 1)
        if held[candidate] < pack.decks
    }
    working = [
        card
        for card in sorted(candidates, key=lambda card: (card.rank, card.suit))
        if search.goes_out_after_swap(card)
    ]
    joker = joker_would_do and held_jokers < pack.jokers
    if not working and not joker:
        return None
    return one_card_short((), working, joker)


def _lone_cards(held: Counter[Card], jokers: int, ace_high: bool) -> int:
    """How many natural cards share no meld with another natural card, even with
    ``jokers`` bridging a run. Each needs two jokers of its own; the card
    swapped away and the discard may take two more. So this tells quickly
    that a hand is more than one card short.
    """
    suits_of_rank: dict[int, set[str]] = {}
    ranks_of_suit: dict[str, set[int]] = {}
    for card in held:
        if not card.is_joker:
            suits_of_rank.setdefault(card.rank, set()).add(card.suit)
            ranks_of_suit.setdefault(card.suit, set()).add(card.rank)
    lone = 0
    for card, count in held.items():
        if card.is_joker or len(suits_of_rank[card.rank]) > 1:
            continue
        reach = range(card.rank - jokers - 1, card.rank + jokers + 2)
        positions = {(position - 1) % 13 + 1 for position in reach} - {card.rank}
        if card.rank == 1 and ace_high:
            positions |= set(range(12 - jokers, 14))
        if card.rank >= 12 - jokers and ace_high:
            positions.add(1)
        if not positions & ranks_of_suit[card.suit]:
            lone += count
    return lone


def _neighbours(card: Card, reach: int) -> list[Card]:
    """Cards that can share a meld with ``card``: its rank, or its suit within ``reach``."""
    same_rank = [Card(card.rank, suit) for suit in SUITS]
    # Positions past the king stand for the ace on top of a run.
    positions = range(card.rank - reach, card.rank + reach + 1)
    same_suit = {Card((position - 1) % 13 + 1, card.suit) for position in positions}
    if card.rank == 1:
        same_suit |= {Card(rank, card.suit) for rank in range(14 - reach, 14)}
    return same_rank + sorted(same_suit - {card}, key=lambda other: other.rank)
