"""Events: the facts a series and a club's roster are made of.

Events are frozen and named in the past tense. They name players by id only,
never by name, so a player's personal data can be erased without rewriting
history. Each is registered (``series.domain.registry``), which gives its
stored form: ``to_payload`` / ``from_payload`` give the JSON stored in the
log, and ``from_payload`` upcasts payloads written by older schema versions.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, replace
from typing import Any

from series.domain.cards import Card
from series.domain.registry import (  # noqa: F401 (the stored form is the events' API too)
    SCHEMA_VERSION,
    as_stored,
    events_of,
    from_payload,
    from_stored,
    stored,
    to_payload,
    upcaster,
)
from series.domain.rules import Rules

series_event = events_of("series")
roster_event = events_of("roster")


@dataclass(frozen=True, slots=True)
class Hand:
    """What a player held when the deal ended: the cards, or just their points."""

    player: int
    cards: tuple[Card, ...] | None = stored(default=None, omitted_when_default=True)
    points: int | None = stored(default=None, written=lambda hand: hand.cards is None)


@dataclass(frozen=True, slots=True)
class GoingOut:
    """The winner's groups (or melds) and discard, as claimed at the table."""

    groups: tuple[tuple[Card, ...], ...]
    discard: Card | None = None


def _buys_by_player(buys: Mapping[int, int]) -> dict[str, int]:
    return {str(player): n for player, n in sorted(buys.items())}


@dataclass(frozen=True, slots=True)
class DealEntry:
    """What a scorer records for one deal.

    ``went_out`` is None only in standard Rummy when the stock ran out with
    nobody going out. ``buys`` maps player ids to the discards they bought.
    """

    went_out: int | None
    hands: tuple[Hand, ...]
    going_out: GoingOut | None = stored(default=None, omitted_when_default=True)
    buys: Mapping[int, int] = stored(
        default_factory=dict, omitted_when_default=True, encode=_buys_by_player
    )
    rummy: bool = stored(default=False, omitted_when_default=True)

    def buys_of(self, player: int) -> int:
        return self.buys.get(player, 0)


def _known_rules(rules: Mapping[str, Any]) -> dict[str, Any]:
    """A series' rules as read: options added since the event was written read
    as their defaults."""
    return Rules.from_dict(rules).as_dict()


@series_event
@dataclass(frozen=True, slots=True)
class SeriesStarted:
    club: int
    players: tuple[int, ...]
    first_dealer: int
    rules: Mapping[str, Any] = stored(decode=_known_rules)


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
# later change to a rule never changes a past total. Events written before
# schema version 2 have neither (``None``, the upcasters below); ``series.decided``
# works them out once, when they are folded, from the series' state then.
# The entry's fields sit in the deal's own payload; a confirmation is written
# only when asked, so an event without it (and every event from before it was
# recorded) needs none.


@series_event
@dataclass(frozen=True, slots=True)
class DealRecorded:
    number: int
    dealer: int
    tiebreak: bool
    entry: DealEntry = stored(flat=True)
    scores: Mapping[int, int] | None = stored(default=None, omitted_when_default=True)
    outcome: Outcome | None = stored(default=None, omitted_when_default=True)
    # Whether the club asked for a second member's confirmation when the deal was
    # recorded: a setting applies from when it is set, so the event keeps it.
    needs_confirmation: bool = stored(default=False, omitted_when_default=True)


@series_event(order=("number", "reason", "entry", "scores", "outcome", "needs_confirmation"))
@dataclass(frozen=True, slots=True)
class DealCorrected:
    number: int
    entry: DealEntry = stored(flat=True)
    reason: str
    # the corrected deal's scores, and the series' outcome after the correction
    scores: Mapping[int, int] | None = stored(default=None, omitted_when_default=True)
    outcome: Outcome | None = stored(default=None, omitted_when_default=True)
    needs_confirmation: bool = stored(default=False, omitted_when_default=True)


@series_event
@dataclass(frozen=True, slots=True)
class DealVoided:
    number: int
    reason: str
    # the series' outcome after the void
    outcome: Outcome | None = stored(default=None, omitted_when_default=True)


@upcaster("DealRecorded", 1)
@upcaster("DealCorrected", 1)
def _deal_not_decided(payload: dict[str, Any]) -> dict[str, Any]:
    """Version 1 recorded a deal's entry only: its scores and the outcome after
    it are not in the event, and the fold decides them (``series.decided``)."""
    return payload | {"scores": None, "outcome": None}


@upcaster("DealVoided", 1)
def _void_not_decided(payload: dict[str, Any]) -> dict[str, Any]:
    """Version 1 recorded a void without the outcome after it: the fold decides it."""
    return payload | {"outcome": None}


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
    rules: Mapping[str, Any] = stored(decode=_known_rules)


@series_event
@dataclass(frozen=True, slots=True)
class DealConfirmed:
    """A member other than the one who recorded the deal says it is right;
    ``player`` is the seated player they are, when they confirmed as one."""

    number: int
    user: int
    player: int | None = None


@series_event(order=("number", "user", "player", "reason"))
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
