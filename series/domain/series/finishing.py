"""A series' order of places: the one function the night, the league's placement
points and the ratings all read (RULES D-21), so they never disagree.

The winner the series decided is first, alone. A tiebreak deal only orders the
players who were tied for first (D-21, amending D-16): they come next, those
who went on to a later tiebreak deal ahead of those who dropped out of an
earlier one, then by their total after the last tiebreak deal each played
(players still level share). Every other player follows them, in order of
elimination (standard Rummy, RULES §3: players not out first, then the later
out ahead), then by their total after the regular deals, in the game's
direction (the lowest leads unless the highest wins). A tiebreak deal's
penalty still counts in totals and in the average per deal (D-17); it only
never places its loser below a player whose total was higher.

A series still playing (or abandoned) is ordered as if it ended now: leaders
on the same total share the first group.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from itertools import groupby
from typing import Protocol

from series.domain.series import SeriesState

Order = tuple[tuple[int, ...], ...]  # groups of level players, best first


class Played(Protocol):
    """A deal that counts (not void), as the order reads it: whether it was a
    tiebreak deal, and its players' penalties."""

    @property
    def tiebreak(self) -> bool: ...

    @property
    def scores(self) -> Mapping[int, int]: ...


def finishing_order(
    seats: Sequence[int],
    deals: Iterable[Played],
    *,
    winner: int | None,
    eliminated: Iterable[int] = (),
    higher_wins: bool = False,
) -> Order:
    """The players of ``seats`` best first, as groups of players level with each
    other (RULES D-21); each group keeps the seat order."""
    sign = -1 if higher_wins else 1
    out = set(eliminated)
    regular = dict.fromkeys(seats, 0)
    total = dict.fromkeys(seats, 0)
    tiebreaks = dict.fromkeys(seats, 0)  # the tiebreak deals each played
    last_deal = dict.fromkeys(seats, 0)  # the last regular deal each played
    for number, deal in enumerate(deals, start=1):
        for player, points in deal.scores.items():
            total[player] += points
            if deal.tiebreak:
                tiebreaks[player] += 1
            else:
                regular[player] += points
                last_deal[player] = number

    def key(player: int) -> tuple[int, ...]:
        if player == winner:
            return (0,)
        if tiebreaks[player]:
            return (1, -tiebreaks[player], sign * total[player])
        if player in out:
            return (3, -last_deal[player], sign * regular[player])
        return (2, 0, sign * regular[player])

    ordered = sorted(seats, key=key)  # stable: seat order within a group
    return tuple(tuple(group) for _, group in groupby(ordered, key=key))


def series_order(state: SeriesState) -> Order:
    """The order of places of a series as its state stands (``finishing_order``)."""
    if state.setup is None:
        return ()
    return finishing_order(
        state.setup.players,
        (deal for deal in state.deals if not deal.void),
        winner=state.winner,
        eliminated=state.eliminated,
        higher_wins=state.setup.rules.higher_wins,
    )


def places_from_order(order: Order) -> dict[int, int]:
    """Each player's place down ``order``: level players share the first place
    they cover and the next place skips (1, 2, 2, 4)."""
    places: dict[int, int] = {}
    for group in order:
        places.update(dict.fromkeys(group, len(places) + 1))
    return places
