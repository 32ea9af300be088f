"""Writers for a club's members and its invitation links.

An invitation's token is shown once, to the admin who makes it; the table
keeps only its SHA-256, so a copy of the database opens no door. Whoever
opens a valid link (signed in, or after signing in or up) may join the club
with the invitation's role.
"""

from __future__ import annotations

import hashlib
import secrets
from dataclasses import dataclass
from datetime import timedelta

from django.db import transaction
from django.db.models import F
from django.utils import timezone

from series.domain.errors import DomainError, NotFound, _
from series.eventstore.retry import transient_retry
from series.models import Club, Invitation, Membership

DEFAULT_DAYS = 7
MAX_DAYS = 90


def _hash(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


@transient_retry(idempotent=True)
def member_remove(*, club: Club, user) -> None:
    """Take ``user`` out of ``club``; the last admin stays."""
    with transaction.atomic():
        admins = Membership.objects.select_for_update().filter(club=club, role="admin")
        if list(admins.values_list("user_id", flat=True)) == [user.id]:
            raise DomainError(
                _("A club needs an admin: make someone else admin first."),
                code="last_admin",
                field="role",
            )
        Membership.objects.filter(club=club, user=user).delete()


@dataclass(frozen=True, slots=True)
class NewInvitation:
    invitation: Invitation
    token: str  # shown once; only its hash is stored


def _check_role(role: str) -> None:
    if role not in Membership.Role.values:
        raise DomainError(
            _("Role must be one of: {choices}."),
            code="invalid_role",
            field="role",
            choices=", ".join(Membership.Role.values),
        )


@transient_retry
def invitation_create(
    *, club: Club, role: str, created_by=None, days: int = DEFAULT_DAYS, multi_use: bool = False
) -> NewInvitation:
    """A new link that lets people join ``club`` as ``role`` for ``days`` days."""
    _check_role(role)
    if not 1 <= days <= MAX_DAYS:
        raise DomainError(
            _("An invitation lasts 1 to {high} days, not {days}."),
            code="invalid_days",
            field="days",
            high=MAX_DAYS,
            days=days,
        )
    token = secrets.token_urlsafe(24)
    invitation = Invitation.objects.create(
        club=club,
        role=role,
        token_hash=_hash(token),
        created_by=created_by,
        expires_at=timezone.now() + timedelta(days=days),
        max_uses=None if multi_use else 1,
    )
    return NewInvitation(invitation, token)


@transient_retry(idempotent=True)
def invitation_revoke(*, club: Club, invitation_id: int) -> Invitation:
    invitation = Invitation.objects.filter(club=club, id=invitation_id).first()
    if invitation is None:
        raise NotFound(_("This club has no such invitation."), code="invitation_not_found")
    if invitation.revoked_at is None:
        invitation.revoked_at = timezone.now()
        invitation.save(update_fields=["revoked_at"])
    return invitation


def refusal(invitation: Invitation | None) -> DomainError | None:
    """Why an invitation cannot be used now, in words a visitor understands."""
    if invitation is None:
        return DomainError(
            _("This invitation link is not valid. Ask the club for a new one."),
            code="invitation_unknown",
        )
    if invitation.revoked_at is not None:
        return DomainError(
            _("This invitation was withdrawn by the club. Ask for a new one."),
            code="invitation_revoked",
        )
    if invitation.expires_at <= timezone.now():
        return DomainError(
            _("This invitation has expired. Ask the club for a new one."), code="invitation_expired"
        )
    if invitation.max_uses is not None and invitation.uses >= invitation.max_uses:
        return DomainError(
            _("This invitation was used already. Ask the club for a new one."),
            code="invitation_used",
        )
    return None


def invitation_for(token: str) -> Invitation | None:
    """The invitation a token opens, valid or not (``refusal`` says which)."""
    return Invitation.objects.select_related("club").filter(token_hash=_hash(token)).first()


@transient_retry
def invitation_accept(*, token: str, user) -> Membership:
    """Join the invitation's club with its role. A member already keeps the
    role they have (a link never demotes anyone, nor the last admin)."""
    with transaction.atomic():
        invitation = Invitation.objects.select_for_update().filter(token_hash=_hash(token)).first()
        refused = refusal(invitation)
        if refused is not None:
            raise refused
        membership = Membership.objects.filter(club=invitation.club, user=user).first()
        if membership is not None:
            return membership
        Invitation.objects.filter(id=invitation.id).update(uses=F("uses") + 1)
        return Membership.objects.create(club=invitation.club, user=user, role=invitation.role)


@transient_retry(idempotent=True)
def member_set(*, club: Club, user, role: str) -> Membership:
    """Give ``user`` a role in ``club`` (admin, scorer or member)."""
    _check_role(role)
    with transaction.atomic():
        admins = Membership.objects.select_for_update().filter(club=club, role="admin")
        if role != "admin" and list(admins.values_list("user_id", flat=True)) == [user.id]:
            raise DomainError(
                _("A club needs an admin: make someone else admin first."),
                code="last_admin",
                field="role",
            )
        membership, _created = Membership.objects.update_or_create(
            club=club, user=user, defaults={"role": role}
        )
    return membership
