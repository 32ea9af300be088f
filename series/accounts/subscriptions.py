"""What a member asks of e-mail: their results after each night (off until they
turn it on), the address it goes to (confirmed by a link sent to it, or by an
operator: ``manage.py confirm_email``), and the language it is written in
(the one they last chose with the switcher while signed in)."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import timedelta

from django.conf import settings
from django.contrib.auth import get_user_model
from django.db import transaction
from django.utils import timezone

from series.eventstore.retry import transient_retry
from series.models import OutgoingMail, Profile
from series.models.mail import message_id

LANGUAGES = {code for code, _name in settings.LANGUAGES}
# Another link to the same address only this long after the last: a link asked
# for again and again would fill a mailbox that is perhaps not the member's.
AGAIN_AFTER = timedelta(minutes=10)


@dataclass(frozen=True, slots=True)
class ResultsByEmail:
    """A member's results by e-mail as their account page shows them."""

    on: bool
    address: str
    confirmed: bool
    link_sent: bool  # a link to confirm the address is waiting or was sent

    @property
    def sent(self) -> bool:
        """Whether results are sent now: on, to a confirmed address."""
        return self.on and self.confirmed


def _profile(user) -> Profile:
    profile, _created = Profile.objects.get_or_create(user=user)
    return profile


def is_confirmed(profile: Profile, email: str) -> bool:
    return bool(email) and profile.confirmed_email.lower() == email.lower()


def results_by_email(user) -> ResultsByEmail:
    profile = Profile.objects.filter(user=user).first() or Profile(user=user)
    link = OutgoingMail.objects.filter(
        user=user, kind=OutgoingMail.Kind.CONFIRM, facts__email=user.email
    ).exclude(outcome__in=(OutgoingMail.Outcome.SKIPPED, OutgoingMail.Outcome.FAILED))
    return ResultsByEmail(
        profile.results_by_email,
        user.email,
        is_confirmed(profile, user.email),
        bool(user.email) and link.exists(),
    )


@transient_retry(idempotent=True)
def results_by_email_set(*, user, on: bool, language: str = "") -> ResultsByEmail:
    """Turn the member's results by e-mail on or off. Turned on, a link to
    confirm the address is sent unless it is confirmed (or a link waits), and the
    language of the page they did it on is kept when they never chose one."""
    with transaction.atomic():
        profile = _profile(user)
        profile.results_by_email = on
        if on and not profile.language and language in LANGUAGES:
            profile.language = language
        profile.save(update_fields=["results_by_email", "language"])
        if on:
            _confirmation_wanted(user, profile)
    return results_by_email(user)


@transient_retry(idempotent=True)
def address_changed(*, user) -> ResultsByEmail:
    """After the member's address changed: a new one waits for its own link."""
    with transaction.atomic():
        profile = _profile(user)
        if profile.results_by_email:
            _confirmation_wanted(user, profile)
    return results_by_email(user)


@transient_retry
def confirmation_send_again(*, user) -> bool:
    """Another link to confirm the member's address (the last one was lost);
    False when none is written: one waits, or the last was made less than
    ``AGAIN_AFTER`` ago."""
    with transaction.atomic():
        return _confirmation_wanted(user, _profile(user), again=True)


def _confirmation_wanted(user, profile: Profile, *, again: bool = False) -> bool:
    if not user.email or is_confirmed(profile, user.email):
        return False
    waiting = OutgoingMail.objects.filter(
        user=user,
        kind=OutgoingMail.Kind.CONFIRM,
        facts__email=user.email,
        outcome=OutgoingMail.Outcome.WAITING,
    )
    sent = OutgoingMail.objects.filter(
        user=user,
        kind=OutgoingMail.Kind.CONFIRM,
        facts__email=user.email,
        outcome=OutgoingMail.Outcome.SENT,
    )
    if waiting.exists() or (sent.exists() and not again):
        return False
    recent = sent.filter(created_at__gt=timezone.now() - AGAIN_AFTER)
    if again and recent.exists():
        return False
    OutgoingMail.objects.create(
        kind=OutgoingMail.Kind.CONFIRM,
        user=user,
        facts={"email": user.email},
        message_id=message_id(OutgoingMail.Kind.CONFIRM),
        due_at=timezone.now(),
    )
    return True


@transient_retry(idempotent=True)
def email_confirm(*, user_id: int, email: str) -> bool:
    """Confirm ``email`` as the account's address (its link was opened, or an
    operator vouches for it); False when the account's address is no longer it."""
    user = get_user_model().objects.filter(pk=user_id, is_active=True).first()
    if user is None or not email or user.email.lower() != email.lower():
        return False
    with transaction.atomic():
        profile = _profile(user)
        profile.confirmed_email = user.email
        profile.save(update_fields=["confirmed_email"])
    return True


@transient_retry(idempotent=True)
def unsubscribe(*, user_id: int) -> None:
    """Results by e-mail off (the link in every message; no sign-in needed)."""
    Profile.objects.filter(user_id=user_id).update(results_by_email=False)


def language_of(user) -> str:
    """The language the member chose ("" for none yet)."""
    return Profile.objects.filter(user=user).values_list("language", flat=True).first() or ""


@transient_retry(idempotent=True)
def language_set(*, user, language: str) -> None:
    """The language the member chose: their mail is written in it."""
    if language not in LANGUAGES:
        return
    with transaction.atomic():
        profile = _profile(user)
        if profile.language != language:
            profile.language = language
            profile.save(update_fields=["language"])
