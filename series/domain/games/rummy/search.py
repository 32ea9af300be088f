"""The search behind the standard Rummy solver: sets and runs, jokers wild.

The search always places the lowest card still in hand: it is left unmelded,
or it is the lowest natural card of a set or a run. A meld is a choice of
natural cards plus a number of jokers, so what remains of the hand is a
count per distinct card (packed into one integer, 4 bits each) plus a count
of jokers, and the result for each such state is remembered.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import NamedTuple

from series.domain.cards import JOKER, Card
from series.domain.melds import LONGEST_RUN

FIELD = 4  # bits per distinct card in a state: a count up to 7 and a guard bit
LARGEST_SET = 4  # RULES D-14: jokers included
DRAWN = -1  # the index standing for a card drawn into the hand

# A meld as the search uses it: the members as a state to subtract, how many
# natural cards, the fewest jokers it takes and how many more it could, and
# the members' indexes among the hand's distinct cards.
Meld = tuple[int, int, int, int, tuple[int, ...]]


class Outcome(NamedTuple):
    melded: int
    groups: tuple[tuple[Card, ...], ...]
    unmelded: tuple[Card, ...]


def best_melds(cards: Sequence[Card], ace_high: bool) -> Outcome:
    """The arrangement that melds the most cards; ties go to the first found."""
    return MeldSearch(cards, ace_high).best()


class MeldSearch:
    """One memoised search over the distinct natural cards of a hand.

    ``extra_jokers`` widens the melds considered so that the same search can
    also answer for the hand with more jokers (the "1 card short" hint).
    """

    def __init__(self, cards: Sequence[Card], ace_high: bool, *, extra_jokers: int = 0) -> None:
        naturals = [card for card in cards if card.rank]
        self.naturals = len(naturals)
        self.jokers = len(cards) - len(naturals)
        self.ace_high = ace_high
        self.kinds = sorted(set(naturals), key=lambda card: (card.rank, card.suit))
        index = {card: i for i, card in enumerate(self.kinds)}
        self.state = sum(1 << (FIELD * index[card]) for card in naturals)
        self.guard = sum(8 << (FIELD * i) for i in range(len(self.kinds)))
        self.melds = _Melds(self.kinds, self.jokers + extra_jokers, ace_high).all()
        self.memo: dict[int, tuple[int, Meld | None]] = {}
        self.fit_memo: dict[int, bool] = {}
        self.of_rank: dict[int, list[int]] = {}
        self.of_suit: dict[str, list[int]] = {}
        for i, card in enumerate(self.kinds):
            self.of_rank.setdefault(card.rank, []).append(i)
            self.of_suit.setdefault(card.suit, []).append(i)

    # -- the most cards melded ------------------------------------------------------
    #
    # A meld takes its fewest jokers at once; the jokers it could take beyond
    # them add to the ``room`` carried along (capped at the jokers left), and
    # when no natural card is left, that room takes what jokers it can. This
    # gives the same answers as trying every number of jokers in every meld,
    # with far fewer states.

    def best(self) -> Outcome:
        melded = self._best(self.state, self.jokers, 0, self.naturals)
        return self._outcome(melded)

    def _best(self, state: int, jokers: int, room: int, cards_left: int) -> int:
        """The most cards that can be melded from ``state`` and ``jokers``."""
        if not state:
            return min(jokers, room)
        key = (state << 4 | jokers) << 4 | room
        known = self.memo.get(key)
        if known is not None:
            return known[0]
        lowest = ((state & -state).bit_length() - 1) // FIELD
        ceiling = cards_left + jokers
        guard = self.guard
        best, choice = -1, None
        for meld in self.melds[lowest]:
            removal, size, fewest, extra, _ = meld
            rest = (state | guard) - removal
            if fewest > jokers or rest & guard != guard:
                continue  # too few jokers, or a member is no longer in hand
            rest -= guard
            left = jokers - fewest
            melded = (
                size + fewest + self._best(rest, left, min(room + extra, left), cards_left - size)
            )
            if melded > best:
                best, choice = melded, meld
                if best == ceiling:
                    break
        if best < ceiling - 1:  # leaving the card out could still do better
            left_out = self._best(state - (1 << (FIELD * lowest)), jokers, room, cards_left - 1)
            if left_out > best:
                best, choice = left_out, None
        self.memo[key] = (best, choice)
        return best

    def _outcome(self, melded: int) -> Outcome:
        """Follow the remembered choices to the cards of each meld."""
        state, jokers, room = self.state, self.jokers, 0
        chosen: list[Meld] = []
        unmelded = []
        while state:
            lowest = ((state & -state).bit_length() - 1) // FIELD
            _, meld = self.memo[(state << 4 | jokers) << 4 | room]
            if meld is None:
                unmelded.append(self.kinds[lowest])
                state -= 1 << (FIELD * lowest)
                continue
            chosen.append(meld)
            state -= meld[0]
            jokers -= meld[2]
            room = min(room + meld[3], jokers)
        groups = []
        for _, _, fewest, extra, members in chosen:
            more = min(extra, jokers)
            jokers -= more
            groups.append(self._layout([self.kinds[i] for i in members], fewest + more))
        unmelded += [JOKER] * jokers
        return Outcome(melded, tuple(groups), tuple(unmelded))

    def _layout(self, naturals: list[Card], jokers: int) -> tuple[Card, ...]:
        """A meld as a player lays it: a set by suit, a run in order with its jokers."""
        if len({card.rank for card in naturals}) == 1:
            return (*naturals, *[JOKER] * jokers)
        positions = sorted(card.rank for card in naturals)
        if _gaps(positions) > jokers:  # it only works with the ace on top
            positions = sorted(14 if rank == 1 else rank for rank in positions)
        ace = 14 if positions[-1] == 14 else 1
        at = {(ace if card.rank == 1 else card.rank): card for card in naturals}
        spare = jokers - _gaps(positions)
        top = min(positions[-1] + spare, 14 if self.ace_high else 13)
        low = top - (len(naturals) + jokers) + 1
        return tuple(at.get(position, JOKER) for position in range(low, top + 1))

    # -- whether the cards meld, all but a few ---------------------------------------

    def goes_out_after_swap(self, drawn: Card) -> bool:
        """For a hand that does not go out: whether keeping ``drawn`` instead
        of one of its cards would.

        The drawn card must then be melded (else the hand went out already),
        so each meld it can join is taken out first, and what is left of the
        hand must meld but for the card swapped away and the discard. Every
        state searched is part of the hand, so the memory is shared by all
        the cards asked about.
        """
        if drawn.is_joker:
            return self._fits_but_one_swapped(self.state, self.jokers + 1, 0)
        guard = self.guard
        same_rank = [i for i in self.of_rank.get(drawn.rank, ()) if self.kinds[i] != drawn]
        same_suit = [(self.kinds[i].rank, i) for i in self.of_suit.get(drawn.suit, ())]
        melds = _melds_through(drawn, same_rank, same_suit, self.jokers, self.ace_high)
        for members, fewest, most in melds:
            rest = (self.state | guard) - sum(1 << (FIELD * i) for i in members)
            if fewest > min(most, self.jokers) or rest & guard != guard:
                continue
            left = self.jokers - fewest
            if self._fits_but_one_swapped(rest - guard, left, min(most - fewest, left)):
                return True
        return False

    def _fits_but_one_swapped(self, state: int, jokers: int, room: int) -> bool:
        """Whether, less one card swapped away, all but one card (the discard) meld."""
        if not self._fits(state, jokers, room, 2):
            return False
        if not self._fits(state, jokers, room, 0):
            return True  # a card is left out: it is the one swapped away
        if jokers and self._fits(state, jokers - 1, min(room, jokers - 1), 1):
            return True
        return any(
            self._fits(state - (1 << (FIELD * i)), jokers, room, 1)
            for i in range(len(self.kinds))
            if (state >> (FIELD * i)) & 7
        )

    def _fits(self, state: int, jokers: int, room: int, spare: int) -> bool:
        """Whether all but ``spare`` cards meld; far cheaper than ``_best``."""
        if not state:
            return jokers <= spare + room
        key = ((state << 4 | jokers) << 4 | room) << 3 | spare
        known = self.fit_memo.get(key)
        if known is not None:
            return known
        lowest = ((state & -state).bit_length() - 1) // FIELD
        guard = self.guard
        fits = False
        for removal, _, fewest, extra, _ in self.melds[lowest]:
            rest = (state | guard) - removal
            if fewest > jokers or rest & guard != guard:
                continue
            left = jokers - fewest
            if self._fits(rest - guard, left, min(room + extra, left), spare):
                fits = True
                break
        if not fits and spare:
            fits = self._fits(state - (1 << (FIELD * lowest)), jokers, room, spare - 1)
        self.fit_memo[key] = fits
        return fits


def _gaps(positions: list[int]) -> int:
    return positions[-1] - positions[0] + 1 - len(positions)


class _Melds:
    """Every meld each distinct card can lead (be the lowest natural card of)."""

    def __init__(self, kinds: list[Card], jokers: int, ace_high: bool) -> None:
        self.kinds = kinds
        self.jokers = jokers
        self.ace_high = ace_high
        self.suit_ranks: dict[str, set[int]] = {}
        for card in kinds:
            self.suit_ranks.setdefault(card.suit, set()).add(card.rank)

    def all(self) -> list[list[Meld]]:
        return [self._led_by(i) if self._may_lead(i) else [] for i in range(len(self.kinds))]

    def _may_lead(self, lowest: int) -> bool:
        """A quick look for a partner: most cards of a random hand have none."""
        if self.jokers >= 2:
            return True  # the card and two jokers
        card = self.kinds[lowest]
        same_rank = 0
        for other in self.kinds[lowest + 1 : lowest + 4]:
            same_rank += other.rank == card.rank
        if same_rank + self.jokers >= 2:
            return True
        ranks = self.suit_ranks[card.suit]
        run_partners = [(card.rank + 1, card.rank + 2)]
        if self.ace_high and card.rank == 1:
            run_partners.append((13, 12))
        for first, second in run_partners:
            if (first in ranks and second in ranks) or (
                self.jokers and (first in ranks or second in ranks)
            ):
                return True
        return False

    def _led_by(self, lowest: int) -> list[Meld]:
        ranges: dict[tuple[int, ...], tuple[int, int]] = {}
        for members, fewest, most in self._sets(lowest) + self._runs(lowest):
            most = min(most, self.jokers)
            if fewest > most:
                continue
            if members in ranges:  # a lone card with jokers is both a set and a run
                low, high = ranges[members]
                fewest, most = min(low, fewest), max(high, most)
            ranges[members] = (fewest, most)
        melds = [
            (sum(1 << (FIELD * i) for i in members), len(members), fewest, most - fewest, members)
            for members, (fewest, most) in ranges.items()
        ]
        melds.sort(key=lambda meld: -meld[1])  # the largest first: found sooner
        return melds

    def _sets(self, lowest: int) -> list[tuple[tuple[int, ...], int, int]]:
        """Sets: one card of each suit at most (RULES D-13), 3 or 4 cards (D-14)."""
        kinds = self.kinds
        rank = kinds[lowest].rank
        nearby = range(lowest + 1, min(lowest + 4, len(kinds)))  # sorted: same rank is next
        others = [i for i in nearby if kinds[i].rank == rank]
        found = []
        for mask in range(1 << len(others)):
            members = (lowest, *(others[b] for b in range(len(others)) if mask >> b & 1))
            found.append((members, max(0, 3 - len(members)), LARGEST_SET - len(members)))
        return found

    def _runs(self, lowest: int) -> list[tuple[tuple[int, ...], int, int]]:
        """Runs of one suit, jokers filling gaps; with aces high also up to the ace."""
        card = self.kinds[lowest]
        above = [
            (other.rank, i)
            for i, other in enumerate(self.kinds[lowest + 1 :], start=lowest + 1)
            if other.suit == card.suit
        ]
        found: list[tuple[tuple[int, ...], int, int]] = []
        self._extend(found, (lowest,), card.rank, 0, above)
        if self.ace_high and card.rank == 1:
            # The ace on top (Q-K-A): walk down from it, as if the ranks were mirrored.
            mirrored = sorted((15 - rank, i) for rank, i in above)
            ace_on_top: list[tuple[tuple[int, ...], int, int]] = []
            self._extend(ace_on_top, (lowest,), 1, 0, mirrored)
            found += [run for run in ace_on_top if len(run[0]) > 1]
        return found

    def _extend(
        self,
        found: list[tuple[tuple[int, ...], int, int]],
        members: tuple[int, ...],
        last: int,
        gaps: int,
        above: list[tuple[int, int]],
    ) -> None:
        """Add the run of ``members`` and every longer run going on past ``last``."""
        size = len(members)
        found.append((tuple(sorted(members)), max(gaps, 3 - size), LONGEST_RUN - size))
        for position, i in above:
            if position <= last:
                continue
            more_gaps = gaps + position - last - 1
            if more_gaps > self.jokers:
                break
            self._extend(found, (*members, i), position, more_gaps, above)


def _melds_through(
    drawn: Card,
    same_rank: list[int],
    same_suit: list[tuple[int, int]],
    jokers: int,
    ace_high: bool,
) -> list[tuple[tuple[int, ...], int, int]]:
    """Every meld holding ``drawn`` beside cards of the hand: the indexes of
    those cards, and the fewest and most jokers it takes. ``same_rank`` are
    the hand's other cards of its rank, ``same_suit`` (rank, index) those of
    its suit."""
    found = []
    for mask in range(1 << len(same_rank)):
        members = tuple(same_rank[b] for b in range(len(same_rank)) if mask >> b & 1)
        size = len(members) + 1
        # A lone card with jokers is a run as well as a set.
        most = LARGEST_SET - size if members else LONGEST_RUN - size
        found.append((members, max(0, 3 - size), most))
    # Runs by position; with aces high an ace also stands at 14.
    line = [(rank, i) for rank, i in same_suit if rank != drawn.rank] + [(drawn.rank, DRAWN)]
    if ace_high:
        line += [(14, i) for rank, i in line if rank == 1]
    line.sort()
    runs: list[tuple[tuple[int, ...], int, int]] = []
    for start in range(len(line)):
        _runs_through(runs, line, start, (line[start][1],), line[start][0], 0, jokers)
    found += [(tuple(i for i in members if i != DRAWN), low, high) for members, low, high in runs]
    return found


def _runs_through(
    found: list[tuple[tuple[int, ...], int, int]],
    line: list[tuple[int, int]],
    at: int,
    members: tuple[int, ...],
    last: int,
    gaps: int,
    jokers: int,
) -> None:
    """Runs along ``line`` going on from its card ``at`` that hold the drawn card."""
    size = len(members)
    if DRAWN in members and size > 1 and len(set(members)) == size:
        found.append((members, max(gaps, 3 - size), LONGEST_RUN - size))
    for following in range(at + 1, len(line)):
        position, i = line[following]
        more_gaps = gaps + position - last - 1
        if more_gaps > jokers:
            break
        _runs_through(found, line, following, (*members, i), position, more_gaps, jokers)
