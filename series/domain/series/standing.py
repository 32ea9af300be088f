"""A series' standing at a glance: its places, totals and the deals each player
played, as one small value.

The score sheet keeps it beside the series' snapshot, written in the same
transaction as each event, so that a reader of many series at once (a night's
page, its API and the big screen read every table of the night on each poll)
reads a few numbers per table instead of decoding each table's whole state: the
cost of those pages stays the same however many deals the tables have played.
It is computed from the state, never kept up by hand (``standing_of``), and a
rebuild writes it again from the log; its JSON is the score sheet's
(``series.sheets.standing``).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field

from series.domain.series import ABANDONED, IN_PROGRESS, TIEBREAK, SeriesState

from .finishing import Order, series_order


@dataclass(frozen=True, slots=True)
class Standing:
    """What a reader of many series needs of one."""

    status: str
    players: tuple[int, ...] = ()  # in seat order
    totals: Mapping[int, int] = field(default_factory=dict)
    deals: Mapping[int, int] = field(default_factory=dict)  # deals each player played
    order: Order = ()  # the order of places as the series stands (RULES D-21)
    dealt: int = 0  # deals recorded, voided ones included: the last deal's number
    winner: int | None = None
    leaders: tuple[int, ...] = ()  # the winner, or those level on the best total
    tiebreak_players: tuple[int, ...] = ()
    disputed: tuple[int, ...] = ()  # the numbers of its disputed deals

    @property
    def abandoned(self) -> bool:
        return self.status == ABANDONED

    @property
    def is_open(self) -> bool:
        return self.status in (IN_PROGRESS, TIEBREAK)


def standing_of(state: SeriesState) -> Standing:
    """The series' standing as its state stands."""
    if state.setup is None:
        return Standing(state.status)
    deals = dict.fromkeys(state.setup.players, 0)
    for deal in state.deals:
        for player in deal.players:
            deals[player] += 1
    return Standing(
        status=state.status,
        players=tuple(state.setup.players),
        totals=dict(state.totals),
        deals=deals,
        order=series_order(state),
        dealt=len(state.deals),
        winner=state.winner,
        leaders=_leaders(state),
        tiebreak_players=tuple(state.tiebreak_players),
        disputed=state.disputed,
    )


def _leaders(state: SeriesState) -> tuple[int, ...]:
    """The winner, or while the series plays everyone level on the best total
    in the game's direction; nobody before the first deal."""
    if not state.deals:
        return ()
    if state.winner is not None:
        return (state.winner,)
    totals = state.totals
    best = (max if state.setup.rules.higher_wins else min)(
        totals.get(p, 0) for p in state.setup.players
    )
    return tuple(p for p in state.setup.players if totals.get(p, 0) == best)
