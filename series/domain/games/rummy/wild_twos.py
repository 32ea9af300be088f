"""Standard Rummy's "twos are wild" house rule (RULES §3, D-14 extended).

With the option on, every 2 may stand for any card, as a joker does, or as
itself. A meld still holds one natural card: a card that is not wild, a 2
standing as itself included. A 2 left in hand still costs 2 points.

A reading of a hand says which of its 2s stand wild. The solver and the
checker try every reading, each wild 2 taken as a joker, and keep the best;
the wild 2s then go back in place of the jokers they were read as. A hand
holds each 2 at most once a deck, so two decks give at most 3⁴ = 81
readings, and far fewer for a usual hand.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator, Sequence
from itertools import islice, product

from series.domain.cards import JOKER, Card, Pack
from series.domain.games.rummy.search import best_melds
from series.domain.games.rummy.solver import solve_rummy
from series.domain.meld_reasons import Reason, Verdict, cannot_go_out
from series.domain.melds import set_or_run_problems

TWO = 2


def readings(cards: Sequence[Card]) -> Iterator[tuple[tuple[Card, ...], tuple[Card, ...]]]:
    """Each reading of ``cards``: the cards with the wild 2s as jokers, and the
    wild 2s. The first reading has every 2 standing as itself."""
    twos = Counter(card for card in cards if card.rank == TWO)
    others = tuple(card for card in cards if card.rank != TWO)
    kinds = sorted(twos)
    for wild_counts in product(*(range(twos[kind] + 1) for kind in kinds)):
        wild = tuple(k for k, n in zip(kinds, wild_counts, strict=True) for _ in range(n))
        natural = tuple(
            k for k, n in zip(kinds, wild_counts, strict=True) for _ in range(twos[k] - n)
        )
        yield (*others, *natural, *[JOKER] * len(wild)), wild


def meld_problems(number: int, group: tuple[Card, ...], *, ace_high: bool) -> list[Reason]:
    """A meld's problems with twos wild: none when some reading of its 2s melds.
    A meld that melds in no reading is told what is wrong with its 2s as themselves."""
    problems = set_or_run_problems(number, group, ace_high=ace_high)
    if problems:
        for reading, _ in islice(readings(group), 1, None):
            if not set_or_run_problems(number, reading, ace_high=ace_high):
                return []
    return problems


def restore(cards: Sequence[Card], wild: Sequence[Card], taken: list[Card]) -> tuple[Card, ...]:
    """``cards`` with the jokers that stood for wild 2s given back as those 2s.

    ``taken`` lists the wild 2s already given back elsewhere in the hand."""
    restored = []
    for card in cards:
        if card.is_joker and len(taken) < len(wild):
            card = wild[len(taken)]
            taken.append(card)
        restored.append(card)
    return tuple(restored)


def solve_rummy_twos_wild(pack: Pack, cards: Sequence[Card], *, ace_high: bool) -> Verdict:
    """Solve a Rummy hand whose 2s are wild: the reading that melds the most
    cards, shown with the hand's own cards."""
    best_reading, most = None, -1
    for reading in readings(cards):
        melded = best_melds(reading[0], ace_high).melded
        if melded > most:
            best_reading, most = reading, melded
            if melded >= len(cards) - 1:
                break  # goes out: nothing melds more that matters
    assert best_reading is not None
    hand, wild = best_reading
    # The wild 2s count as jokers of the pack for the "1 card short" hint.
    wider = Pack(decks=pack.decks, jokers=pack.jokers + len(wild))
    verdict = solve_rummy(wider, hand, ace_high=ace_high)
    taken: list[Card] = []
    groups = tuple(restore(group, wild, taken) for group in verdict.groups)
    leftover = restore(verdict.leftover, wild, taken)
    discard = verdict.discard
    if discard is not None:
        discard = restore((discard,), wild, taken)[0]
    reasons = tuple(_restored_reason(reason, leftover) for reason in verdict.reasons)
    return Verdict(verdict.valid, groups, discard, reasons, leftover)


def _restored_reason(reason: Reason, leftover: tuple[Card, ...]) -> Reason:
    return cannot_go_out(leftover) if reason.code == "cannot_go_out" else reason
