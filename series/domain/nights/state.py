"""A club night as it stands: its tables, rounds and the state the fold of its
events builds (``night.apply``, ``planning.apply_planning`` for a night
planned ahead). The commands that read and extend it are in ``night``."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from uuid import UUID

from ..rules import rules_from
from .events import NightPoints
from .large_tables import THIRTEEN_CARDS
from .results import Order
from .scoring import DEFAULT as DEFAULT_SCORING


@dataclass(frozen=True, slots=True)
class NightTable:
    """A table of a round: its seats, first dealer and rules; ``series`` once started;
    ``result``: the director's result once entered for its abandoned series (RULES D-18)."""

    number: int
    seats: tuple[int, ...]
    first_dealer: int
    rules: Mapping = field(default_factory=dict)
    large_table: str | None = None
    series: UUID | None = None
    result: Order | None = None

    @property
    def started(self) -> bool:
        return self.series is not None


@dataclass(frozen=True, slots=True)
class NightRound:
    number: int
    seed: int
    method: str
    sizes: tuple[int, ...]
    tables: tuple[NightTable, ...]
    closed: bool = False
    ratings: Mapping[int, float] = field(default_factory=dict)  # a draw balanced by rating's
    swaps: tuple[tuple[int, int], ...] = ()  # a draw by standings': who it swapped, in order

    def table(self, number: int) -> NightTable | None:
        return next((table for table in self.tables if table.number == number), None)

    def table_of(self, player: int) -> NightTable | None:
        return next((table for table in self.tables if player in table.seats), None)


@dataclass(frozen=True, slots=True)
class NightState:
    version: int = 0
    club: int | None = None
    date: str = ""
    rules: Mapping = field(default_factory=dict)  # {"preset", "options"}
    scoring: Mapping = field(default_factory=dict)  # {"method", "points_table"?}
    large_table: str = THIRTEEN_CARDS
    min_table: int = 0  # the smallest and largest table the night seats (RULES D-15)
    max_table: int = 0
    present: tuple[int, ...] = ()  # in check-in order
    left: tuple[int, ...] = ()  # checked out, in order
    rounds: tuple[NightRound, ...] = ()
    closed: bool = False
    # Recorded at the last close: the night's result while it is reopened too (RULES D-22).
    points: tuple[NightPoints, ...] = ()
    closes: int = 0  # how often it closed: once it has, the league counts its last close
    # Planned ahead (``planning``): until it opens; its start time, venue and moves.
    planned: bool = False
    time: str | None = None
    venue: str = ""
    moves: int = 0  # a calendar's SEQUENCE: each move, and an opening on another day
    withdrawn: str | None = None  # why, once withdrawn
    answers: tuple[tuple[int, bool], ...] = ()  # (player, coming), the last answer each

    @property
    def current_round(self) -> NightRound | None:
        return self.rounds[-1] if self.rounds else None

    @property
    def method(self) -> str:
        return self.scoring.get("method", DEFAULT_SCORING)

    @property
    def game_rules(self):
        return rules_from(self.rules.get("preset", "continental"), self.rules.get("options"))
