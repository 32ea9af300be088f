"""A person's confirmation of their player in one club, as a stream of facts (RULES D-25).

A club's admin links a player to a member's account; the person confirms
that the player is them, for the lists across clubs, and may withdraw it. A
person is one player of a club: their stream in each club (one per account and
club) holds the player they confirmed there, if any. Whether the player is
still linked to their account is the roster's, read when a list is counted.

Each fact is asked for as itself: ``decide(state, PersonLinkConfirmed(...))``.
"""

from __future__ import annotations

import uuid
from collections.abc import Iterable
from dataclasses import dataclass, replace
from functools import reduce

from ..errors import DomainError, _
from ..registry import events_of, records, stream_of

person_event = events_of("person")

PERSON_NAMESPACE = uuid.UUID("9a4b7c1e-3f2d-5a8b-a6c5-2e1f0d9c8b7a")


def person_link_stream(user: int, club: int) -> uuid.UUID:
    """The id of account ``user``'s confirmations in club ``club``."""
    return uuid.uuid5(PERSON_NAMESPACE, f"person:{user}:club:{club}")


def is_person_event(event: object) -> bool:
    return stream_of(event) == "person"


@person_event
@dataclass(frozen=True, slots=True)
class PersonLinkConfirmed:
    """Account ``user`` confirmed that ``player`` of ``club`` is them."""

    user: int
    club: int
    player: int


@person_event
@dataclass(frozen=True, slots=True)
class PersonLinkWithdrawn:
    """Account ``user`` took back their confirmation of ``player``."""

    user: int
    club: int
    player: int


PersonLinkEvent = PersonLinkConfirmed | PersonLinkWithdrawn

for fact in (PersonLinkConfirmed, PersonLinkWithdrawn):
    records(fact)(fact)


@dataclass(frozen=True, slots=True)
class PersonLinkState:
    user: int = 0
    club: int = 0
    version: int = 0
    player: int | None = None  # the player confirmed in the club, if any


def apply(state: PersonLinkState, event: PersonLinkEvent) -> PersonLinkState:
    moved = replace(state, user=event.user, club=event.club, version=state.version + 1)
    match event:
        case PersonLinkConfirmed():
            return replace(moved, player=event.player)
        case PersonLinkWithdrawn():
            return replace(moved, player=None)
    raise TypeError(f"not a person's event: {event!r}")


def fold(
    events: Iterable[PersonLinkEvent], state: PersonLinkState | None = None
) -> PersonLinkState:
    return reduce(apply, events, state or PersonLinkState())


def decide(state: PersonLinkState, command: PersonLinkEvent) -> list[PersonLinkEvent]:
    """The facts ``command`` records, or a DomainError naming the fix. Whether the
    player is linked to the account, the caller checks (the roster knows)."""
    match command:
        case PersonLinkConfirmed():
            if state.player is not None:
                raise DomainError(
                    _(
                        "You confirmed {other} of {club} already: a person is one player of a "
                        "club. Withdraw that confirmation first."
                    ),
                    code="club_confirmed_already",
                    field="player",
                    other=state.player,
                    club=command.club,
                )
            return [command]
        case PersonLinkWithdrawn():
            if state.player != command.player:
                raise DomainError(
                    _("You have not confirmed player {player}."),
                    code="not_confirmed",
                    field="player",
                    player=command.player,
                )
            return [command]
    raise TypeError(f"not a person's command: {command!r}")
