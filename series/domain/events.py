"""Events: the facts a series and a club's roster are made of.

Events are frozen and named in the past tense. They name players by id only,
never by name, so a player's personal data can be erased without rewriting
history. Each is registered with its stream (``series.domain.registry``);
its stored form is the event store's (``series.eventstore.mapper``).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from typing import Any

from series.domain.cards import Card
from series.domain.registry import events_of

series_event = events_of("series")
roster_event = events_of("roster")


@dataclass(frozen=True, slots=True)
class Hand:
    """What a player held when the deal ended: the cards, or just their points."""

    player: int
    cards: tuple[Card, ...] | None = None
    points: int | None = None


@dataclass(frozen=True, slots=True)
class GoingOut:
    """The winner's groups (or melds) and discard, as claimed at the table."""

    groups: tuple[tuple[Card, ...], ...]
    discard: Card | None = None


@dataclass(frozen=True, slots=True)
class DealEntry:
    """What a scorer records for one deal.

    ``went_out`` is None only in standard Rummy when the stock ran out with
    nobody going out. ``buys`` maps player ids to the discards they bought.
    """

    went_out: int | None
    hands: tuple[Hand, ...]
    going_out: GoingOut | None = None
    buys: Mapping[int, int] = field(default_factory=dict)
    rummy: bool = False

    def buys_of(self, player: int) -> int:
        return self.buys.get(player, 0)


@series_event
@dataclass(frozen=True, slots=True)
class SeriesStarted:
    club: int
    players: tuple[int, ...]
    first_dealer: int
    rules: Mapping[str, Any]


@dataclass(frozen=True, slots=True)
class Outcome:
    """Where a series stands after a deal, as decided then.

    ``contenders`` play the next deal: everyone, the tied players of a
    tiebreak, or the players not yet eliminated.
    """

    finished: bool
    tiebreak: bool
    contenders: tuple[int, ...]
    eliminated: tuple[int, ...] = ()
    winner: int | None = None


# A deal's events record what was decided: each player's score for the deal
# and where the series stands afterwards, so that folding trusts them and a
# later change to a rule never changes a past total. Events recorded before
# they did have neither (``None``); ``series.decided`` works them out once,
# when they are folded, from the series' state then. A confirmation is asked
# for a deal only when the club asked for it then.


@series_event
@dataclass(frozen=True, slots=True)
class DealRecorded:
    number: int
    dealer: int
    tiebreak: bool
    entry: DealEntry
    scores: Mapping[int, int] | None = None
    outcome: Outcome | None = None
    # Whether the club asked for a second member's confirmation when the deal was
    # recorded: a setting applies from when it is set, so the event keeps it.
    needs_confirmation: bool = False


@series_event
@dataclass(frozen=True, slots=True)
class DealCorrected:
    number: int
    entry: DealEntry
    reason: str
    # the corrected deal's scores, and the series' outcome after the correction
    scores: Mapping[int, int] | None = None
    outcome: Outcome | None = None
    needs_confirmation: bool = False


@series_event
@dataclass(frozen=True, slots=True)
class DealVoided:
    number: int
    reason: str
    # the series' outcome after the void
    outcome: Outcome | None = None


@series_event
@dataclass(frozen=True, slots=True)
class SeriesAbandoned:
    reason: str


@series_event
@dataclass(frozen=True, slots=True)
class PlayerSeated:
    """A late arrival sits down after the last seat before the series' first deal
    (RULES D-22), with the rules the table plays at its new size."""

    player: int
    rules: Mapping[str, Any]


@series_event
@dataclass(frozen=True, slots=True)
class DealConfirmed:
    """A member other than the one who recorded the deal says it is right;
    ``player`` is the seated player they are, when they confirmed as one."""

    number: int
    user: int
    player: int | None = None


@series_event
@dataclass(frozen=True, slots=True)
class DealDisputed:
    """A member says the deal is wrong: it waits for a correction."""

    number: int
    user: int
    reason: str
    player: int | None = None


# -- a club's roster (series.league): who is who over time ------------------------
# Names live in the Player table only; these events name player ids.


@roster_event
@dataclass(frozen=True, slots=True)
class GuestAdded:
    player: int


@roster_event
@dataclass(frozen=True, slots=True)
class PlayerRenamed:
    player: int


@roster_event
@dataclass(frozen=True, slots=True)
class PlayersMerged:
    """``source`` turned out to be the same person as ``target``."""

    source: int
    target: int


@roster_event
@dataclass(frozen=True, slots=True)
class PlayersUnmerged:
    source: int
    target: int


@roster_event
@dataclass(frozen=True, slots=True)
class PlayerRetired:
    """The player left the club: kept in history, no longer offered for new series."""

    player: int


@roster_event
@dataclass(frozen=True, slots=True)
class PlayerReturned:
    player: int


@roster_event
@dataclass(frozen=True, slots=True)
class PlayerLinked:
    """The player's member account changed (set or cleared); the account itself
    lives in the Player table, as the name does."""

    player: int


RosterEvent = (
    GuestAdded
    | PlayerRenamed
    | PlayersMerged
    | PlayersUnmerged
    | PlayerRetired
    | PlayerReturned
    | PlayerLinked
)

Confirmation = DealConfirmed | DealDisputed

Event = (
    SeriesStarted
    | DealRecorded
    | DealCorrected
    | DealVoided
    | SeriesAbandoned
    | PlayerSeated
    | Confirmation
    | RosterEvent
)


def without_members(event: Event) -> Event:
    """The event as readers outside the club see it: who confirmed or disputed a
    deal (their account, and the seated player they are) is for its members, as
    who recorded it is; that it was, and why, is for everyone."""
    if isinstance(event, DealConfirmed | DealDisputed):
        return replace(event, user=None, player=None)
    return event
