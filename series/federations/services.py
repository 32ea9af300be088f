"""A federation's writers: its creation, its join link, and its clubs' membership.

The federation, its admins and its links are reference rows; a club's
membership is a stream of facts through the one writer (``stream.py``). Each
writer checks who asks: the club's admin asks to join, a federation admin
accepts, either side ends (``Forbidden`` otherwise; the views answer 403).
"""

from __future__ import annotations

import hashlib
import secrets
from dataclasses import dataclass

from django.db import IntegrityError, transaction
from django.utils import timezone
from django.utils.text import slugify

from series.clubs import selectors as club_selectors
from series.domain.errors import DomainError, _
from series.domain.federations.membership import (
    ACTIVE,
    ClubJoinAccepted,
    ClubJoinAsked,
    ClubJoined,
    ClubMembershipEnded,
    MembershipState,
)
from series.eventstore import writer
from series.eventstore.retry import transient_retry
from series.eventstore.writer import Recording
from series.federations.stream import MembershipStream
from series.models import Club, Federation, FederationAdmin, FederationLink, Membership


class Forbidden(Exception):
    """The user may not do this to the federation or the club."""


def _hash(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


def is_admin(federation: Federation, user) -> bool:
    return (
        bool(user.is_authenticated)
        and FederationAdmin.objects.filter(federation=federation, user=user).exists()
    )


def administers_club(club: Club, user) -> bool:
    return club_selectors.club_role(user=user, club=club) == Membership.Role.ADMIN


@dataclass(frozen=True, slots=True)
class NewFederation:
    federation: Federation
    token: str  # its first join link, shown once


@transaction.atomic
def federation_create(*, user, name: str, slug: str = "", public: bool = True) -> NewFederation:
    """Any signed-in user makes a federation and is its first admin."""
    name = " ".join(name.split())
    if not name:
        raise DomainError(_("Give the federation a name."), code="name_required", field="name")
    slug = slugify(slug or name)[:60]
    if not slug:
        raise DomainError(
            _("Give the federation a short name of letters or digits."),
            code="slug_required",
            field="slug",
        )
    try:
        with transaction.atomic():
            federation = Federation.objects.create(
                slug=slug, name=name[:100], public=public, created_by=user
            )
    except IntegrityError:
        raise DomainError(
            _("The short name {slug} is taken: choose another."),
            code="slug_taken",
            field="slug",
            slug=slug,
        ) from None
    FederationAdmin.objects.create(federation=federation, user=user)
    return NewFederation(federation, _new_link(federation))


def _new_link(federation: Federation) -> str:
    token = secrets.token_urlsafe(24)
    FederationLink.objects.create(federation=federation, token_hash=_hash(token))
    return token


@transaction.atomic
def link_renew(*, federation: Federation, user) -> str:
    """A new join link; the unused ones stop working."""
    if not is_admin(federation, user):
        raise Forbidden
    FederationLink.objects.filter(
        federation=federation, used_at__isnull=True, renewed_at__isnull=True
    ).update(renewed_at=timezone.now())
    return _new_link(federation)


def link_known(federation: Federation, token: str) -> bool:
    """``token`` is one of the federation's join links (used, renewed or live)."""
    return FederationLink.objects.filter(federation=federation, token_hash=_hash(token)).exists()


def _use_link(federation: Federation, token: str, club: Club) -> None:
    """Spend the link ``token`` for ``club``, or refuse it (nothing changes)."""
    link = (
        FederationLink.objects.select_for_update()
        .filter(federation=federation, token_hash=_hash(token))
        .first()
    )
    if link is None:
        raise DomainError(
            _("This link is not one of the federation's: ask its admins for the link."),
            code="token_unknown",
            field="token",
        )
    if link.used_at is not None:
        raise DomainError(
            _("This link was used already: ask the federation's admins for a new one."),
            code="token_used",
            field="token",
        )
    if link.renewed_at is not None:
        raise DomainError(
            _("This link was renewed and no longer works: ask for the new one."),
            code="token_renewed",
            field="token",
        )
    link.used_at, link.used_by = timezone.now(), club
    link.save(update_fields=["used_at", "used_by"])


def _write(federation: Federation, club: Club, command, recording: Recording):
    kind = MembershipStream(federation.id, club.id)
    return writer.write(kind, kind.stream, command, recording=recording)


@transient_retry
def club_join(
    *,
    federation: Federation,
    club: Club,
    user,
    token: str | None = None,
    names_shown: bool = False,
    idempotency_key: str | None = None,
) -> MembershipState:
    """Club ``club`` joins: at once by the federation's link or when ``user`` runs the
    federation too, else it asks and waits (pending)."""
    if not administers_club(club, user):
        raise Forbidden
    recording = Recording(user.id, idempotency_key)
    with transaction.atomic():
        shown = names_shown and not club.public  # a public club's names are shown anyway
        if token or is_admin(federation, user):
            command = ClubJoined(federation.id, club.id, shown, by_link=bool(token))
        else:
            command = ClubJoinAsked(federation.id, club.id, shown)
        kind = MembershipStream(federation.id, club.id)
        first = writer.replayed(kind, kind.stream, command, recording)
        if first is not None:  # a retry: its link was spent by the first request
            return first.state
        if token:
            _use_link(federation, token, club)
        return _write(federation, club, command, recording).state


@transient_retry
def club_accept(
    *, federation: Federation, club: Club, user, idempotency_key: str | None = None
) -> MembershipState:
    if not is_admin(federation, user):
        raise Forbidden
    command = ClubJoinAccepted(federation.id, club.id)
    return _write(federation, club, command, Recording(user.id, idempotency_key)).state


@transient_retry
def membership_end(
    *, federation: Federation, club: Club, user, idempotency_key: str | None = None
) -> MembershipState:
    """Either side ends a club's membership (or withdraws its request)."""
    if is_admin(federation, user):
        by = "federation"
    elif administers_club(club, user):
        by = "club"
    else:
        raise Forbidden
    command = ClubMembershipEnded(federation.id, club.id, by)
    return _write(federation, club, command, Recording(user.id, idempotency_key)).state


def is_member(state: MembershipState) -> bool:
    return state.status == ACTIVE
