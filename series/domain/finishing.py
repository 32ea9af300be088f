"""A series' players in the order they finish, read from the fold's state.

The night's ranking (``domain/nights``) places each table by this order, so it
never decides a game's rules again: the winner is the one the series decided
(after any tiebreak deal, RULES D-8), eliminated players come after those who
stayed in (standard Rummy, RULES §3), and totals decide the rest in the
game's direction (the lowest total leads unless the highest wins).
"""

from __future__ import annotations

from itertools import groupby

from .series import SeriesState


def finishing_order(state: SeriesState) -> tuple[tuple[int, ...], ...]:
    """The players best first, as groups of players level with each other.

    A finished series puts its winner alone first; a series still playing (or
    abandoned) is ordered as if it ended now, so leaders on the same total share
    the first group. Players not eliminated come before eliminated ones; among
    the eliminated, the later out is ahead (the last deal each played); then the
    total decides. Each group keeps the seat order.
    """
    if state.setup is None:
        return ()
    seats = state.setup.players
    totals = state.totals
    sign = -1 if state.setup.rules.higher_wins else 1
    eliminated = set(state.eliminated)
    last_deal = {player: 0 for player in seats}
    for deal in state.deals:
        for player in deal.players:
            last_deal[player] = deal.number
    winner = state.winner

    def key(player: int) -> tuple[int, int, int, int]:
        out = player in eliminated
        return (
            0 if player == winner else 1,
            1 if out else 0,
            -last_deal[player] if out else 0,
            sign * totals[player],
        )

    ordered = sorted(seats, key=key)  # stable: seat order within a group
    return tuple(tuple(group) for _, group in groupby(ordered, key=key))
