"""A simulated Continental Rummy table: a real shuffled pack, simple bots.

The demo club's history is played here, deal by deal: the dealer deals, each
bot draws (the discard when it matches a rank it holds, else the stock) and
discards its least useful card, until one can go out, which the meld solver
decides. The result is what a scorer would record at a real table.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass

from series.domain.cards import Card
from series.domain.melds import solve
from series.domain.rules import Rules

MAX_TURNS = 2000  # a safety net: a deal this long is dealt again


@dataclass(frozen=True, slots=True)
class PlayedDeal:
    went_out: int
    groups: tuple[tuple[Card, ...], ...]
    discard: Card
    hands: dict[int, tuple[Card, ...]]  # what the others still hold
    turns: int


def play_deal(rules: Rules, players: Sequence[int], dealer: int, rng: random.Random) -> PlayedDeal:
    """Deal and play one deal among ``players`` (seat order) until someone goes out."""
    while True:
        played = _play_once(rules, list(players), dealer, rng)
        if played is not None:
            return played


def _play_once(rules: Rules, players: list[int], dealer: int, rng: random.Random):
    pack = rules.pack.cards()
    rng.shuffle(pack)
    size = rules.hand_size
    hands = {p: pack[i * size : (i + 1) * size] for i, p in enumerate(players)}
    stock = pack[len(players) * size :]
    discards = [stock.pop()]
    seat = (players.index(dealer) + 1) % len(players)  # left of the dealer plays first
    for turn in range(1, MAX_TURNS + 1):
        player = players[seat]
        hand = hands[player]
        if _wants(hand, discards[-1]):
            hand.append(discards.pop())
        else:
            if not stock:
                stock, discards = _reshuffle(discards, rng)
            hand.append(stock.pop())
        verdict = solve(rules, hand)
        if verdict.valid:
            others = {p: tuple(cards) for p, cards in hands.items() if p != player}
            return PlayedDeal(player, verdict.groups, verdict.discard, others, turn)
        card = _least_useful(hand)
        hand.remove(card)
        discards.append(card)
        seat = (seat + 1) % len(players)
    return None


def _wants(hand: list[Card], card: Card) -> bool:
    return card.is_joker or any(held.rank == card.rank for held in hand)


def _least_useful(hand: list[Card]) -> Card:
    """A lone card before a pair before a group; the most points first; never a joker."""
    counts = Counter(card.rank for card in hand if not card.is_joker)
    candidates = [card for card in hand if not card.is_joker] or hand
    return max(candidates, key=lambda card: (-counts[card.rank], card.penalty, card))


def _reshuffle(discards: list[Card], rng: random.Random) -> tuple[list[Card], list[Card]]:
    """The stock ran out: the discards but the top one become the new stock."""
    top, rest = discards[-1], discards[:-1]
    rng.shuffle(rest)
    return rest, [top]
