"""A club's membership of a federation, and a person's confirmation of their
player in a club, as stream kinds of the one writer.

The domain decides (``series.domain.federations.membership``,
``person_links``); the projections are the ``FederationMember`` row and the
``PersonLink`` row, written in the writer's transaction. The ranking list
follows the streams outside the request (``projection.py``).
"""

from __future__ import annotations

from dataclasses import dataclass
from uuid import UUID

from series.domain.errors import _
from series.domain.federations.membership import (
    MembershipState,
    decide,
    fold,
    membership_stream,
)
from series.domain.federations.person_links import (
    PersonLinkConfirmed,
    PersonLinkState,
    PersonLinkWithdrawn,
    person_link_stream,
)
from series.domain.federations.person_links import decide as decide_link
from series.domain.federations.person_links import fold as fold_links
from series.eventstore import store, writer
from series.eventstore.writer import Change, Loaded, digest
from series.models import FederationMember, PersonLink


@dataclass(frozen=True, slots=True)
class MembershipStream:
    """Club ``club_id``'s membership of federation ``federation_id`` (``writer.StreamKind``)."""

    federation_id: int
    club_id: int

    stale = _(
        "The club's membership of the federation is at version {current}, not {expected}: "
        "reload it and try again."
    )
    remembered = False

    @property
    def stream(self) -> UUID:
        return membership_stream(self.federation_id, self.club_id)

    def load(self, stream: UUID, *, up_to_version: int | None = None) -> Loaded[MembershipState]:
        events = store.load_stream(stream, up_to_version=up_to_version)
        since = events[0].recorded_at if events else None
        start = MembershipState(self.federation_id, self.club_id)
        return Loaded(fold((stored.event for stored in events), start), since)

    def version(self, state: MembershipState) -> int:
        return state.version

    def decide(self, state: MembershipState, command) -> list:
        return decide(state, command)

    def fold(self, events, state: MembershipState) -> MembershipState:
        return fold(events, state)

    def new_stream(self, command) -> None:
        return None

    def project(self, stream: UUID, change: Change[MembershipState]) -> None:
        after = change.after
        FederationMember.objects.update_or_create(
            federation_id=self.federation_id,
            club_id=self.club_id,
            defaults={
                "status": after.status,
                "names_shown": after.names_shown,
                "version": after.version,
                "updated_at": change.updated_at,
            },
        )

    def appended(self, stream: UUID, change: Change[MembershipState]) -> None:
        return None

    def in_append(self, stream: UUID, change: Change[MembershipState]) -> bool:
        return False

    def club_of(self, state: MembershipState) -> int:
        return self.club_id

    def fingerprint(self, stream: UUID, command) -> str:
        return digest(f"{stream}|{command!r}")

    def restore(self, state: MembershipState | None, event) -> MembershipState:
        state = state or MembershipState(self.federation_id, self.club_id)
        return writer.restored(self, state, event, fold=fold)


@dataclass(frozen=True, slots=True)
class PersonLinkStream:
    """Account ``user_id``'s confirmation of their player in club ``club_id``
    (``writer.StreamKind``): the club's log holds it, as it holds the player."""

    user_id: int
    club_id: int

    stale = _("Your players changed meanwhile: reload the page and try again.")
    remembered = False

    @property
    def stream(self) -> UUID:
        return person_link_stream(self.user_id, self.club_id)

    def load(self, stream: UUID, *, up_to_version: int | None = None) -> Loaded[PersonLinkState]:
        events = store.load_stream(stream, up_to_version=up_to_version)
        since = events[0].recorded_at if events else None
        start = PersonLinkState(self.user_id, self.club_id)
        return Loaded(fold_links((stored.event for stored in events), start), since)

    def version(self, state: PersonLinkState) -> int:
        return state.version

    def decide(self, state: PersonLinkState, command) -> list:
        return decide_link(state, command)

    def fold(self, events, state: PersonLinkState) -> PersonLinkState:
        return fold_links(events, state)

    def new_stream(self, command) -> None:
        return None

    def project(self, stream: UUID, change: Change[PersonLinkState]) -> None:
        for event in change.events:
            project_link(event, change.updated_at)

    def appended(self, stream: UUID, change: Change[PersonLinkState]) -> None:
        return None

    def in_append(self, stream: UUID, change: Change[PersonLinkState]) -> bool:
        return False

    def club_of(self, state: PersonLinkState) -> int:
        return self.club_id

    def fingerprint(self, stream: UUID, command) -> str:
        return digest(f"{stream}|{command!r}")

    def restore(self, state: PersonLinkState | None, event) -> PersonLinkState:
        state = state or PersonLinkState(self.user_id, self.club_id)
        return writer.restored(self, state, event, fold=fold_links)


def project_link(event: PersonLinkConfirmed | PersonLinkWithdrawn, at) -> None:
    """The ``PersonLink`` row of a confirmation (a player's row is the last account's
    to confirm it), or its removal."""
    match event:
        case PersonLinkConfirmed():
            PersonLink.objects.update_or_create(
                player_id=event.player, defaults={"user_id": event.user, "club_id": event.club}
            )
            PersonLink.objects.filter(player_id=event.player).update(confirmed_at=at)
        case PersonLinkWithdrawn():
            PersonLink.objects.filter(player_id=event.player, user_id=event.user).delete()
