"""A club's membership of a federation, as a stream of facts (RULES D-25).

A club asks to join (pending) or joins at once (by the federation's link, or
when the club's admin also runs the federation); a federation admin accepts a
pending club; either side ends the membership, and the club may ask again.
While a club is a member, its closed nights count in the federation's list,
those before it joined too; once it leaves, they no longer do. A private
club's players are listed under initials unless it agreed otherwise
(``names_shown``) when it joined.

Each fact is asked for as itself: ``decide(state, ClubJoined(...))`` checks
that it may be recorded and records it.
"""

from __future__ import annotations

import uuid
from collections.abc import Iterable
from dataclasses import dataclass, replace
from functools import reduce

from ..errors import DomainError, _
from ..registry import events_of, records, stream_of

federation_event = events_of("federation")

NONE, PENDING, ACTIVE, ENDED = "none", "pending", "active", "ended"
FEDERATION_NAMESPACE = uuid.UUID("2c1f8e4b-7d3a-5e9c-8b1a-0f6e4d2c3b5a")


def membership_stream(federation: int, club: int) -> uuid.UUID:
    """The id of club ``club``'s membership stream of federation ``federation``."""
    return uuid.uuid5(FEDERATION_NAMESPACE, f"federation:{federation}:club:{club}")


def is_federation_event(event: object) -> bool:
    return stream_of(event) == "federation"


@federation_event
@dataclass(frozen=True, slots=True)
class ClubJoinAsked:
    """The club's admin asked to join; a federation admin accepts it."""

    federation: int
    club: int
    names_shown: bool = False


@federation_event
@dataclass(frozen=True, slots=True)
class ClubJoined:
    """The club joined at once: by the federation's link, or asked by an admin of both."""

    federation: int
    club: int
    names_shown: bool = False
    by_link: bool = False


@federation_event
@dataclass(frozen=True, slots=True)
class ClubJoinAccepted:
    federation: int
    club: int


@federation_event
@dataclass(frozen=True, slots=True)
class ClubMembershipEnded:
    federation: int
    club: int
    by: str  # "club" or "federation"


MembershipEvent = ClubJoinAsked | ClubJoined | ClubJoinAccepted | ClubMembershipEnded

for fact in (ClubJoinAsked, ClubJoined, ClubJoinAccepted, ClubMembershipEnded):
    records(fact)(fact)


@dataclass(frozen=True, slots=True)
class MembershipState:
    federation: int = 0
    club: int = 0
    version: int = 0
    status: str = NONE
    names_shown: bool = False


def apply(state: MembershipState, event: MembershipEvent) -> MembershipState:
    moved = replace(state, federation=event.federation, club=event.club, version=state.version + 1)
    match event:
        case ClubJoinAsked():
            return replace(moved, status=PENDING, names_shown=event.names_shown)
        case ClubJoined():
            return replace(moved, status=ACTIVE, names_shown=event.names_shown)
        case ClubJoinAccepted():
            return replace(moved, status=ACTIVE)
        case ClubMembershipEnded():
            return replace(moved, status=ENDED)
    raise TypeError(f"not a federation event: {event!r}")


def fold(
    events: Iterable[MembershipEvent], state: MembershipState | None = None
) -> MembershipState:
    return reduce(apply, events, state or MembershipState())


def decide(state: MembershipState, command: MembershipEvent) -> list[MembershipEvent]:
    """The facts ``command`` records, or a DomainError naming the fix."""
    match command:
        case ClubJoinAsked() | ClubJoined():
            if state.status in (PENDING, ACTIVE):
                raise DomainError(
                    _("This club is a member of the federation already.")
                    if state.status == ACTIVE
                    else _("This club has asked to join already: the federation's admins answer."),
                    code="club_joined_already",
                    field="club",
                )
            return [command]
        case ClubJoinAccepted():
            if state.status != PENDING:
                raise DomainError(
                    _("Only a club that asked to join and waits can be accepted."),
                    code="nothing_to_accept",
                    field="club",
                )
            return [command]
        case ClubMembershipEnded():
            if state.status not in (PENDING, ACTIVE):
                raise DomainError(
                    _("This club is not a member of the federation."),
                    code="not_a_member_club",
                    field="club",
                )
            return [command]
    raise TypeError(f"not a federation command: {command!r}")
