"""The facts a championship is made of (RULES D-23, D-24).

Like a night's events they name players and nights by id only, and record what
was decided: the cut keeps every player's standing line and why they are in or
out, the close keeps the final ranking, so a later change of a rule or of a
night never changes a championship already decided. Points are exact
fractions written as text ("15/2").
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from ..registry import events_of, stream_of

championship_event = events_of("championship")


@championship_event
@dataclass(frozen=True, slots=True)
class ChampionshipOpened:
    club: int
    name: str
    rules: Mapping[str, Any]  # {"preset", "options"}: what its nights play
    scoring: Mapping[str, Any]  # {"method", "points_table"?}: how its nights rank
    qualifying_nights: int
    best: int | None  # how many of a player's nights count; None: all
    final_size: int  # K
    carry_over: str  # none, half or all


@championship_event
@dataclass(frozen=True, slots=True)
class ChampionshipNightAdded:
    night: str


@championship_event
@dataclass(frozen=True, slots=True)
class ChampionshipNightWithdrawn:
    night: str
    reason: str


@dataclass(frozen=True, slots=True)
class CutNight:
    """What one qualifying night gave a player, and whether it counted (best N)."""

    night: str
    points: str
    counted: bool


@dataclass(frozen=True, slots=True)
class CutLine:
    """A player's standing at the cut (RULES D-23) and the decision (D-24)."""

    player: int
    place: int
    points: str
    per_deal: str | None
    nights: tuple[CutNight, ...]
    qualified: bool
    reason: str  # series.domain.championships.cut.CUT_REASONS


@championship_event
@dataclass(frozen=True, slots=True)
class CutMade:
    final_size: int
    lines: tuple[CutLine, ...]


@championship_event
@dataclass(frozen=True, slots=True)
class FinalNightOpened:
    night: str


@dataclass(frozen=True, slots=True)
class RankedLine:
    """A player's line of the final ranking (RULES D-24)."""

    player: int
    place: int
    standing: str  # played, absent or out
    carry: str | None
    final: str | None
    final_place: int | None
    total: str | None


@championship_event
@dataclass(frozen=True, slots=True)
class ChampionshipClosed:
    lines: tuple[RankedLine, ...]


ChampionshipEvent = (
    ChampionshipOpened
    | ChampionshipNightAdded
    | ChampionshipNightWithdrawn
    | CutMade
    | FinalNightOpened
    | ChampionshipClosed
)


def is_championship_event(event: object) -> bool:
    return stream_of(event) == "championship"
