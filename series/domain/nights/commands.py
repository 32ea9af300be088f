"""The commands a club night takes (RULES §5, D-15 … D-19): one that records a
single event is registered as the one recording it. The planning commands are
the planning's (``planning.py``).

The night's ``decide`` turns a command into events (``night.py``);
``registry.command_for`` goes the other way, so that a restored log is
validated by deciding each event again.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field

from ..registry import records
from . import draws
from .events import (
    NightOpened,
    NightPoints,
    NightReopened,
    PlayerCheckedOut,
    PlayerMoved,
    PlayersCheckedIn,
    PlayersSwapped,
    RoundWithdrawn,
    TableStarted,
)
from .large_tables import THIRTEEN_CARDS
from .meetings import Pair
from .planning import PlanningCommand
from .results import Order


@records(NightOpened)
@dataclass(frozen=True, slots=True)
class OpenNight:
    club: int
    date: str
    rules: Mapping
    scoring: Mapping
    large_table: str = THIRTEEN_CARDS
    # The smallest and largest table the night will seat; None: the game's limits.
    min_table: int | None = None
    max_table: int | None = None


@dataclass(frozen=True, slots=True)
class OpenPlannedNight(OpenNight):
    """Open a night planned ahead, on the day: its stream is loaded, not new."""


@records(PlayersCheckedIn)
@dataclass(frozen=True, slots=True)
class CheckIn:
    """``players``: checked by the caller as active players of the night's club."""

    players: tuple[int, ...]


@records(PlayerCheckedOut)
@dataclass(frozen=True, slots=True)
class CheckOut:
    player: int


@dataclass(frozen=True, slots=True)
class DrawRound:
    """Draw the next round. ``met``: the season's meetings; ``standings``: the
    night's players best first; ``ratings``: by player. A round whose tables
    started is closed first (``CloseRound``); one drawn and not started is
    drawn again."""

    seed: int
    min_table: int
    max_table: int
    method: str = draws.DEFAULT
    met: Mapping[Pair, int] = field(default_factory=dict)
    standings: tuple[int, ...] = ()
    ratings: Mapping[int, float] = field(default_factory=dict)


@records(PlayerMoved)
@dataclass(frozen=True, slots=True)
class MovePlayer:
    player: int
    table: int


@records(PlayersSwapped)
@dataclass(frozen=True, slots=True)
class SwapPlayers:
    player: int
    other: int


@records(TableStarted)
@dataclass(frozen=True, slots=True)
class StartTable:
    table: int
    series: str


@dataclass(frozen=True, slots=True)
class EnterTableResult:
    """The director's result for Table ``table`` of round ``round`` (RULES D-18):
    ``order``, groups of level players best first; ``series_status``: the status
    of the table's series as the caller read it (only an abandoned one takes a
    result). Entered again, the later result replaces the earlier."""

    round: int
    table: int
    order: Order
    series_status: str | None = None


@dataclass(frozen=True, slots=True)
class CloseRound:
    ended: frozenset[int] = frozenset()  # the tables whose series ended


@records(RoundWithdrawn)
@dataclass(frozen=True, slots=True)
class WithdrawRound:
    """Take back round ``round``, drawn and none of its tables started."""

    round: int


@dataclass(frozen=True, slots=True)
class CloseNight:
    """``playing``: the tables of the current round whose series still plays;
    ``disputed``: (round, table, deal) of each disputed deal of the night's tables;
    ``points``: the night's ranking as it stands, recorded in the event."""

    points: tuple[NightPoints, ...]
    playing: tuple[int, ...] = ()
    disputed: tuple[tuple[int, int, int], ...] = ()


REASON_LENGTH = 500


@records(NightReopened)
@dataclass(frozen=True, slots=True)
class ReopenNight:
    """Open a closed night again to change its result (RULES D-22), saying why."""

    reason: str


NightCommand = (
    OpenNight
    | CheckIn
    | CheckOut
    | DrawRound
    | MovePlayer
    | SwapPlayers
    | StartTable
    | EnterTableResult
    | CloseRound
    | WithdrawRound
    | CloseNight
    | ReopenNight
    | PlanningCommand
)
