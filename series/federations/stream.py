"""A club's membership of a federation as a stream kind of the one writer.

The domain decides (``series.domain.federations.membership``); the projection
is the ``FederationMember`` row, written in the writer's transaction. The
ranking list follows the stream outside the request (``projection.py``).
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
from series.domain.registry import command_for
from series.eventstore import store, writer
from series.eventstore.writer import Change, Loaded, digest
from series.models import FederationMember


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
        writer.as_recorded(self, state, command_for(event), event)
        return fold([event], state)
