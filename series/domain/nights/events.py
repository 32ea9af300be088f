"""The facts a club night is made of (RULES §5).

Like a series' events they name players by id only, and record what was
decided (the tables drawn and the rules each plays, the night's points), so
that folding trusts them and a later change of a rule never changes a night.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from ..registry import events_of, stream_of

night_event = events_of("night")


@dataclass(frozen=True, slots=True)
class NightTableDrawn:
    """One table as drawn (or as a move left it): seats in order, the first dealer,
    the rules it plays and the large-table preset applied (None: the night's rules)."""

    number: int
    seats: tuple[int, ...]
    first_dealer: int
    rules: Mapping[str, Any] = field(default_factory=dict)
    large_table: str | None = None


@dataclass(frozen=True, slots=True)
class RoundPointsRecorded:
    """A player's table in one round of a closed night: the place there and the
    points it gave (exact, as text); None for a table not played (RULES D-18)."""

    round: int
    table: int
    place: int | None
    points: str | None


@dataclass(frozen=True, slots=True)
class NightPoints:
    """One player's line of the night as recorded at its close; points are an exact
    fraction written as text ("20/3"), None for a player who played nothing.

    ``penalty`` and ``deals`` (what the average per deal is made of: the season's
    tiebreak pools them, RULES D-17) and ``per_round`` (why these points) are
    recorded since the season added points by the night's method (RULES D-27):
    a close recorded before reads them as None and ``()``, and the night's read
    model reads the penalty and deals once from its tables instead."""

    player: int
    place: int
    points: str | None
    per_deal: str | None
    rounds: int
    penalty: int | None = None
    deals: int | None = None
    per_round: tuple[RoundPointsRecorded, ...] = ()


@night_event
@dataclass(frozen=True, slots=True)
class NightOpened:
    club: int
    date: str  # ISO day, in the club's time zone
    rules: Mapping[str, Any]  # {"preset", "options"}
    scoring: Mapping[str, Any]  # {"method", "points_table"?}
    large_table: str
    # The smallest and largest table the night seats, declared when it opened.
    min_table: int
    max_table: int


@night_event
@dataclass(frozen=True, slots=True)
class PlayersCheckedIn:
    players: tuple[int, ...]


@night_event
@dataclass(frozen=True, slots=True)
class PlayerCheckedOut:
    player: int


@dataclass(frozen=True, slots=True)
class PlayerRating:
    """A player's rating as a draw balanced by rating read it."""

    player: int
    rating: float


@dataclass(frozen=True, slots=True)
class DrawSwap:
    """Two players a draw by standings swapped between their tables: each had met
    someone at the other's table fewer times this season."""

    player: int
    other: int


@night_event
@dataclass(frozen=True, slots=True)
class RoundDrawn:
    """A round's tables as drawn; ``ratings``: those a draw balanced by rating
    read, best first (players with none are not listed: they were seated last);
    ``swaps``: the players a draw by the night's standings swapped, in order, to
    keep repeat meetings low (recorded since; a draw before reads none)."""

    number: int
    seed: int
    method: str
    sizes: tuple[int, ...]
    tables: tuple[NightTableDrawn, ...]
    ratings: tuple[PlayerRating, ...] = ()
    swaps: tuple[DrawSwap, ...] = ()


@night_event
@dataclass(frozen=True, slots=True)
class PlayerMoved:
    """``player`` moved to table ``table``; ``tables``: the two tables as they are now."""

    round: int
    player: int
    table: int
    tables: tuple[NightTableDrawn, ...]


@night_event
@dataclass(frozen=True, slots=True)
class PlayersSwapped:
    round: int
    player: int
    other: int
    tables: tuple[NightTableDrawn, ...]


@night_event
@dataclass(frozen=True, slots=True)
class TableStarted:
    round: int
    table: int
    series: str  # the table's series id


@night_event
@dataclass(frozen=True, slots=True)
class TableResultEntered:
    """The director's result for a table whose series was abandoned (RULES D-18):
    ``order`` is groups of level players, best first, every seated player once."""

    round: int
    table: int
    order: tuple[tuple[int, ...], ...]


@night_event
@dataclass(frozen=True, slots=True)
class RoundClosed:
    round: int


@night_event
@dataclass(frozen=True, slots=True)
class RoundWithdrawn:
    """Round ``round``, drawn and none of its tables started, is taken back: the
    night stands as before its draw."""

    round: int


@night_event
@dataclass(frozen=True, slots=True)
class NightClosed:
    method: str
    points: tuple[NightPoints, ...]


@night_event
@dataclass(frozen=True, slots=True)
class NightReopened:
    """A closed night opened again to change its result (RULES D-22); the points of
    its last close stand for the league until it closes again."""

    reason: str


# -- a night planned ahead, and who is coming ------------------------------------


@night_event
@dataclass(frozen=True, slots=True)
class NightPlanned:
    """A night planned ahead for ``date`` (ISO day, the club's time zone), at
    ``time`` ("20:30", None: the day only) and ``venue`` (free text, "" when
    none); the director opens it on the day (``NightOpened``)."""

    club: int
    date: str
    time: str | None
    venue: str


@night_event
@dataclass(frozen=True, slots=True)
class NightMoved:
    """A planned night moved to another day, time or venue: what it is now."""

    date: str
    time: str | None
    venue: str


@night_event
@dataclass(frozen=True, slots=True)
class NightWithdrawn:
    """A planned night that will not take place, and why."""

    reason: str


@night_event
@dataclass(frozen=True, slots=True)
class PlayerAnswered:
    """A member's answer to "are you coming?" for their player (or a director's
    for them): the last answer counts."""

    player: int
    coming: bool


NightEvent = (
    NightOpened
    | PlayersCheckedIn
    | PlayerCheckedOut
    | RoundDrawn
    | PlayerMoved
    | PlayersSwapped
    | TableStarted
    | TableResultEntered
    | RoundClosed
    | RoundWithdrawn
    | NightClosed
    | NightReopened
    | NightPlanned
    | NightMoved
    | NightWithdrawn
    | PlayerAnswered
)


def is_night_event(event: object) -> bool:
    return stream_of(event) == "night"
