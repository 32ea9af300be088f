"""A brute-force reference for going out, and hands dealt from real packs.

The reference tries every way to split a hand into melds, so it is slow
but plainly right: the tests compare the solver with it, and the benchmark
measures how much faster the solver is. It shares no code with the solver
beyond the Card type.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from itertools import combinations, product

from series.domain.cards import Card, Pack
from series.domain.rules import CONTINENTAL, Rules

MeldTest = Callable[[Sequence[Card]], bool]


# -- what a meld is ------------------------------------------------------------------


def is_continental_group(cards: Sequence[Card]) -> bool:
    """3 or more cards, at least one natural, all naturals of one rank."""
    ranks = {card.rank for card in cards if not card.is_joker}
    return len(cards) >= 3 and len(ranks) == 1


def is_rummy_set(cards: Sequence[Card]) -> bool:
    """3 or 4 cards, naturals of one rank and all different."""
    naturals = [card for card in cards if not card.is_joker]
    return (
        3 <= len(cards) <= 4
        and len({card.rank for card in naturals}) == 1
        and len(set(naturals)) == len(naturals)
    )


def is_rummy_run(cards: Sequence[Card], ace_high: bool) -> bool:
    """3 to 13 cards of one suit that fill a window of consecutive positions.

    Position 1 is the ace; with aces high position 14 is the ace too. Every
    window is tried; a natural must sit on its own place in it, jokers take
    the others.
    """
    naturals = [card for card in cards if not card.is_joker]
    if not 3 <= len(cards) <= 13 or not naturals or len({c.suit for c in naturals}) != 1:
        return False
    top = 14 if ace_high else 13
    for low in range(1, top - len(cards) + 2):
        window = range(low, low + len(cards))
        places = [_place(card.rank, window) for card in naturals]
        if None not in places and len(set(places)) == len(places):
            return True
    return False


def _place(rank: int, window: range) -> int | None:
    for position in (rank, 14) if rank == 1 else (rank,):
        if position in window:
            return position
    return None


def meld_test(rules: Rules) -> MeldTest:
    if rules.game == CONTINENTAL:
        return is_continental_group

    def is_meld(cards: Sequence[Card]) -> bool:
        return is_rummy_set(cards) or is_rummy_run(cards, rules.option("ace_high"))

    if not rules.option("twos_wild"):
        return is_meld

    def is_meld_twos_wild(cards: Sequence[Card]) -> bool:
        """Some 2s standing wild (as jokers), the others as themselves."""
        twos = [i for i, card in enumerate(cards) if card.rank == 2]
        for wild in product((False, True), repeat=len(twos)):
            read = list(cards)
            for i, is_wild in zip(twos, wild, strict=True):
                if is_wild:
                    read[i] = Card(0)
            if is_meld(read):
                return True
        return False

    is_meld_twos_wild.wild_twos = True  # type: ignore[attr-defined]
    return is_meld_twos_wild


# -- every partition ----------------------------------------------------------------


def fewest_unmelded(cards: Sequence[Card], is_meld: MeldTest) -> int:
    """The fewest cards left out of melds, over every way to meld the hand."""
    return _fewest(tuple(sorted(cards, key=_jokers_last)), is_meld, {})


def most_groups(cards: Sequence[Card], is_meld: MeldTest) -> int:
    """The most melds when every card is melded; -1 when that cannot be done."""
    return _most(tuple(sorted(cards, key=_jokers_last)), is_meld, {})


def _jokers_last(card: Card) -> tuple[bool, int, str]:
    return card.is_joker, card.rank, card.suit


def _melds_with_first(cards: tuple[Card, ...], is_meld: MeldTest):
    """Each meld holding the first card, with the cards it leaves."""
    first, rest = cards[0], cards[1:]
    # Only cards of the first card's rank or suit, or wild cards, can meld with it.
    twos = getattr(is_meld, "wild_twos", False)
    related = [
        i
        for i, card in enumerate(rest)
        if card.is_joker
        or card.rank == first.rank
        or card.suit == first.suit
        or (twos and 2 in (card.rank, first.rank))
    ]
    for size in range(2, len(related) + 1):
        for chosen in combinations(related, size):
            if is_meld((first, *(rest[i] for i in chosen))):
                yield tuple(card for i, card in enumerate(rest) if i not in chosen)


def _fewest(cards: tuple[Card, ...], is_meld: MeldTest, memo: dict) -> int:
    if not cards:
        return 0
    if cards not in memo:
        best = 1 + _fewest(cards[1:], is_meld, memo)
        for rest in _melds_with_first(cards, is_meld):
            best = min(best, _fewest(rest, is_meld, memo))
        memo[cards] = best
    return memo[cards]


def _most(cards: tuple[Card, ...], is_meld: MeldTest, memo: dict) -> int:
    if not cards:
        return 0
    if cards not in memo:
        best = -1
        for rest in _melds_with_first(cards, is_meld):
            groups = _most(rest, is_meld, memo)
            if groups >= 0:
                best = max(best, groups + 1)
        memo[cards] = best
    return memo[cards]


def _without_one(cards: Sequence[Card]):
    """The hand less each distinct card in turn (the possible discards)."""
    for card in sorted(set(cards), key=_jokers_last):
        rest = list(cards)
        rest.remove(card)
        yield rest


# -- going out --------------------------------------------------------------------


def reference_goes_out(rules: Rules, cards: Sequence[Card]) -> bool:
    """Continental: 2 or more groups and exactly one discard. Rummy: all melded,
    with or without one discard."""
    is_meld = meld_test(rules)
    if rules.game == CONTINENTAL:
        return any(most_groups(rest, is_meld) >= 2 for rest in _without_one(cards))
    return fewest_unmelded(cards, is_meld) <= 1


def reference_leftover(rules: Rules, cards: Sequence[Card]) -> int:
    """How many cards the closest arrangement leaves unmelded, besides the discard."""
    is_meld = meld_test(rules)
    if rules.game == CONTINENTAL:
        return min(fewest_unmelded(rest, is_meld) for rest in _without_one(cards))
    return max(0, fewest_unmelded(cards, is_meld) - 1)


# -- hands from real packs ----------------------------------------------------------


def deal(rng: random.Random, pack: Pack, count: int) -> list[Card]:
    """``count`` cards off the top of a freshly shuffled pack."""
    cards = pack.cards()
    rng.shuffle(cards)
    return cards[:count]


def going_out_hand(rng: random.Random, rules: Rules, size: int) -> list[Card]:
    """A hand of ``size`` cards that goes out, taken from a shuffled pack.

    Continental: groups of 3 to 5 cards and a discard. Rummy: sets and runs
    of 3 to 5 cards, then a discard when one card is left. About a third of
    the melds have a joker in place of a natural card, when the pack has one.
    """
    while True:
        pool = rules.pack.cards()
        rng.shuffle(pool)
        melded = size - 1 if rules.game == CONTINENTAL else size - rng.randint(0, 1)
        hand = []
        for meld_size in _meld_sizes(rng, melded):
            meld = _take_meld(rng, rules, pool, meld_size)
            if meld is None:
                break
            hand += meld
        else:
            return hand + pool[: size - len(hand)]


def _meld_sizes(rng: random.Random, total: int) -> list[int]:
    """Sizes of 3 to 5 that add up to ``total`` (at least 6: two melds)."""
    sizes = []
    while total > 5:
        size = rng.randint(3, min(5, total - 3))
        sizes.append(size)
        total -= size
    return [*sizes, total]


def _take_meld(rng: random.Random, rules: Rules, pool: list[Card], size: int) -> list[Card] | None:
    """Take one meld of ``size`` cards out of ``pool``, or None if the pool lacks it."""
    for _ in range(50):
        wanted = _meld_shape(rng, rules, size)
        if rng.random() < 0.35:
            wanted[rng.randrange(size)] = Card(0)
        if any(not card.is_joker for card in wanted) and _available(pool, wanted):
            for card in wanted:
                pool.remove(card)
            return wanted
    return None


def _meld_shape(rng: random.Random, rules: Rules, size: int) -> list[Card]:
    rank = rng.randint(1, 13)
    if rules.game == CONTINENTAL:
        return [Card(rank, rng.choice("CDHS")) for _ in range(size)]
    if size <= 4 and rng.random() < 0.5:
        return [Card(rank, suit) for suit in rng.sample("CDHS", size)]
    top = 14 if rules.option("ace_high") else 13
    low = rng.randint(1, top - size + 1)
    suit = rng.choice("CDHS")
    return [Card((position - 1) % 13 + 1, suit) for position in range(low, low + size)]


def _available(pool: list[Card], wanted: list[Card]) -> bool:
    return all(pool.count(card) >= wanted.count(card) for card in set(wanted))


def near_miss(rng: random.Random, rules: Rules, hand: list[Card]) -> list[Card]:
    """The hand with one card swapped for another card still in the pack."""
    pool = rules.pack.cards()
    for card in hand:
        pool.remove(card)
    changed = list(hand)
    changed[rng.randrange(len(changed))] = rng.choice(pool)
    return changed


def reference_check(
    rules: Rules, groups: Sequence[Sequence[Card]], discard: Card | None, size: int
) -> bool:
    """Whether a declared arrangement of a ``size``-card hand goes out."""
    is_meld = meld_test(rules)
    cards = [card for group in groups for card in group] + ([discard] if discard else [])
    if len(cards) != size or not all(is_meld(group) for group in groups):
        return False
    if rules.game == CONTINENTAL:
        return discard is not None and len(groups) >= 2
    return True
