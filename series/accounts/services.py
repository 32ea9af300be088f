"""Signed-in devices: issue, list and revoke API tokens (one per device); and
the confirmation PIN a member types on another member's phone (set, checked,
locked after a few wrong ones on that phone).

Tokens come from django-rest-knox: only a digest is stored, each expires
``REST_KNOX["TOKEN_TTL"]`` after its last use, and a user holds at most
``TOKEN_LIMIT_PER_USER``. A changed password revokes every token of the user,
whichever view changed it: the hook is on the user model's save.
"""

from __future__ import annotations

import math
from datetime import timedelta
from itertools import pairwise

from axes.models import AccessAttempt
from django.conf import settings
from django.contrib.auth import get_user_model
from django.contrib.auth.password_validation import validate_password
from django.core.exceptions import ValidationError
from django.db import transaction
from django.db.models.signals import post_save, pre_save
from django.utils import timezone
from django.utils.translation import gettext_lazy
from knox.auth import TokenAuthentication
from rest_framework.exceptions import AuthenticationFailed

from series.domain import names
from series.domain.errors import DomainError, _
from series.domain.text import plain
from series.eventstore.retry import transient_retry
from series.models import DeviceToken, PinAttempt, Profile, SignInName


class DeviceTokenAuthentication(TokenAuthentication):
    """knox's authentication, without its sweep of all the user's other tokens on
    every request (one more query each time): an expired token is refused and
    deleted when it is used, and the others are swept when the user signs in.
    A token that is not UTF-8 text is refused as any wrong token is (knox
    decodes it unguarded: a 500)."""

    def authenticate_credentials(self, token: bytes):
        try:
            token.decode("utf-8")
        except UnicodeDecodeError:
            raise AuthenticationFailed(gettext_lazy("Invalid token.")) from None
        return super().authenticate_credentials(token)

    def _cleanup_token(self, auth_token) -> bool:
        if auth_token.expiry is not None and auth_token.expiry < timezone.now():
            auth_token.delete()
            return True
        return False


@transient_retry
def device_sign_in(*, user, device: str = "") -> tuple[DeviceToken, str]:
    """A new token for one of ``user``'s devices: the stored row and the token
    itself, which is shown once and never stored."""
    with transaction.atomic():
        # The user's row is the lock: two sign-ins at once count one after the other.
        get_user_model().objects.select_for_update().filter(pk=user.pk).exists()
        DeviceToken.objects.filter(user=user, expiry__lte=timezone.now()).delete()
        if (
            DeviceToken.objects.filter(user=user).count()
            >= settings.REST_KNOX["TOKEN_LIMIT_PER_USER"]
        ):
            raise DomainError(
                _("Too many devices are signed in: sign out one of them first."),
                code="too_many_devices",
            )
        device = plain(device, field="device")  # shown on the account page
        return DeviceToken.objects.create(user=user, device=device[:60])


@transient_retry(idempotent=True)
def device_sign_out(*, user, digest: str) -> bool:
    """Revoke one device's token; False if it was not there (already gone)."""
    deleted, _rows = DeviceToken.objects.filter(user=user, digest=digest).delete()
    return deleted > 0


@transient_retry(idempotent=True)
def devices_sign_out_all(*, user) -> int:
    """Revoke every token of ``user``; returns how many there were."""
    deleted, _rows = DeviceToken.objects.filter(user=user).delete()
    return deleted


@transient_retry(idempotent=True)
def email_set(*, user, email: str) -> None:
    """The address a forgotten password's reset is sent to; empty for none."""
    user.email = email.strip()
    user.save(update_fields=["email"])


@transient_retry
def password_set(*, user, password: str) -> None:
    """A new password, if Django's validators take it; every device's token is
    revoked with the old one (``_revoke_tokens_on_password_change``)."""
    try:
        validate_password(password, user)
    except ValidationError as refused:
        raise DomainError(
            _("Choose another password: {reasons}"),
            code="password_refused",
            field="new_password",
            reasons=" ".join(refused.messages),
        ) from None
    user.set_password(password)
    user.save(update_fields=["password"])


def wrong_password() -> DomainError:
    """The refusal of a password change whose old password is not the user's."""
    return DomainError(_("That is not your password."), code="wrong_password", field="old_password")


def devices_of(user) -> list[DeviceToken]:
    """The user's devices that are still signed in, newest first."""
    return list(DeviceToken.objects.filter(user=user, expiry__gt=timezone.now()))


def _revoke_tokens_on_password_change(
    sender, instance, raw=False, update_fields=None, **kwargs
) -> None:
    if raw or instance.pk is None:
        return
    if update_fields is not None and "password" not in update_fields:
        return  # e.g. the last_login stamp of every sign-in
    stored = sender.objects.filter(pk=instance.pk).values_list("password", flat=True).first()
    if stored is not None and stored != instance.password:
        DeviceToken.objects.filter(user_id=instance.pk).delete()


def connect() -> None:
    pre_save.connect(
        _revoke_tokens_on_password_change,
        sender=get_user_model(),
        dispatch_uid="series.accounts.services.revoke_tokens_on_password_change",
    )
    post_save.connect(
        _keep_sign_in_names,
        sender=get_user_model(),
        dispatch_uid="series.accounts.services.keep_sign_in_names",
    )


# -- the names an account answers to at sign-in ---------------------------------------

_NAMED_BY = {"username", "first_name", "last_name", "email"}


def _keep_sign_in_names(sender, instance, raw=False, update_fields=None, **kwargs) -> None:
    """The account's sign-in names follow its row, however it was saved (sign-up,
    the account page, the admin, ``createsuperuser``)."""
    if update_fields is not None and not _NAMED_BY & set(update_fields):
        return  # e.g. the last_login stamp of every sign-in
    first, last = instance.first_name, instance.last_name
    texts = (instance.get_username(), first, f"{first} {last}", instance.email)
    keys = {names.sign_in_key(text) for text in texts} - {""}
    with transaction.atomic():
        SignInName.objects.filter(user_id=instance.pk).exclude(key__in=keys).delete()
        SignInName.objects.bulk_create(
            [SignInName(user_id=instance.pk, key=key) for key in keys], ignore_conflicts=True
        )


def accounts_named(typed: str) -> list:
    """The active accounts ``typed`` names at sign-in: the one whose user name it
    is, exactly; else every account whose user name, sign-up name or e-mail
    address it is once accents, case and spaces are set aside
    (``names.sign_in_key``). More than one: the name is shared (two Maria Rossis
    are maria.rossi and maria.rossi2), and only a user name or an address tells
    them apart."""
    users = get_user_model().objects.filter(is_active=True)
    exact = list(users.filter(**{get_user_model().USERNAME_FIELD: typed}))
    if exact:
        return exact
    key = names.sign_in_key(typed)
    if not key:
        return []
    return list(users.filter(pk__in=SignInName.objects.filter(key=key).values("user_id"))[:2])


def address_owner(typed: str, *, besides) -> object | None:
    """The one other active account whose e-mail address ``typed`` is, when it is
    also ``besides``'s user name: a user name may look like an address, and
    whoever took another's address as theirs must not keep her out by it."""
    if "@" not in typed or typed != besides.get_username():
        return None
    owners = get_user_model().objects.filter(is_active=True, email__iexact=typed)
    found = list(owners.exclude(pk=besides.pk)[:2])
    return found[0] if len(found) == 1 else None


# Marks a lockout's name that resolves to no single account: no user name holds it.
SHARED_OR_UNKNOWN = "?"


def lockout_username(request, credentials: dict | None = None) -> str:
    """The user name the sign-in lockout counts a failure against (django-axes'
    ``AXES_USERNAME_CALLABLE``): the account the typed name resolves to, so
    "Lucía Fernández" and "lucia.fernandez" count as one; a name that resolves
    to no single account counts by its folded key, marked so that it is no
    account's user name."""
    if credentials is not None:
        typed = credentials.get("username") or ""
    else:
        typed = getattr(request, "data", request.POST).get("username") or ""
    found = accounts_named(typed) if typed else []
    if len(found) == 1:
        return found[0].get_username()
    # Marked with a character no user name holds: failures with a name two
    # accounts share never lock the account whose user name is its key. Cut to
    # the length the lockout stores (the sign-in page takes a name of any
    # length, and folding can lengthen one: "ß" is "ss").
    marked = f"{SHARED_OR_UNKNOWN}{names.sign_in_key(typed) or typed}"
    return marked[: AccessAttempt._meta.get_field("username").max_length]


# -- the confirmation PIN ------------------------------------------------------------


def pin_too_easy(pin: str) -> bool:
    """A PIN anyone would try first: one digit repeated (``1111``) or a run up or
    down, wrapping round (``1234``, ``4321``, ``8901``)."""
    steps = {(int(b) - int(a)) % 10 for a, b in pairwise(pin)}
    return len(steps) <= 1 and steps <= {0, 1, 9}


@transient_retry(idempotent=True)
def pin_set(*, user, pin: str) -> None:
    """Set the member's confirmation PIN (stored hashed, like a password)."""
    if pin_too_easy(pin):
        raise DomainError(
            _(
                "That PIN is too easy to guess (one digit repeated, or a run "
                "such as 1234): choose another."
            ),
            code="pin_too_easy",
            field="pin",
        )
    with transaction.atomic():
        profile, _created = Profile.objects.get_or_create(user=user)
        profile.set_pin(pin)
        profile.save(update_fields=["confirmation_pin"])


class PinRefused(DomainError):
    """The PIN typed for a member is not theirs, they have none, or it is locked."""

    code = "pin_refused"


class PinLocked(PinRefused):
    """Too many wrong PINs for a member on one phone; ``retry_after``: the
    seconds until their PIN is checked there again."""

    def __init__(self, template: str, *, retry_after: int, **params) -> None:
        super().__init__(template, **params)
        self.retry_after = retry_after


@transient_retry
def pin_confirmer(*, member, name: str, device, pin: str) -> None:
    """Check the PIN typed for ``member`` (called ``name``) on the phone where
    ``device`` is signed in; raise PinRefused unless it is theirs.

    As the sign-in lockout does (``AXES_*``), wrong PINs are counted per member
    and device, and once ``PIN_FAILURE_LIMIT`` are wrong in a row the PIN is not
    even checked there for ``PIN_COOLOFF_MINUTES``; a right one starts the count
    again. The attempt's row is held while the PIN is checked, so two guesses
    at once are counted one after the other."""
    limit, cooloff = settings.PIN_FAILURE_LIMIT, timedelta(minutes=settings.PIN_COOLOFF_MINUTES)
    stored = Profile.objects.filter(user=member).values_list("confirmation_pin", flat=True)
    if not stored.first():
        raise PinRefused(
            _(
                "{name} has not set a PIN yet: they set one under Account, "
                "“Your confirmation PIN”, or confirm on their own phone."
            ),
            code="pin_not_set",
            field="pin",
            name=name,
        )
    if not pin:  # nothing typed: no guess to count
        raise PinRefused(
            _("Type {name}'s PIN to confirm as them."), code="pin_missing", field="pin", name=name
        )
    now = timezone.now()
    with transaction.atomic():
        attempt, _created = PinAttempt.objects.select_for_update().get_or_create(
            member=member, device=device
        )
        if attempt.failures and attempt.last_failure_at <= now - cooloff:
            attempt.failures = 0  # cooled off
        locked = attempt.failures >= limit
        right = not locked and Profile.objects.get(user=member).pin_matches(pin)
        if not locked:
            attempt.failures = 0 if right else attempt.failures + 1
            attempt.last_failure_at = attempt.last_failure_at if right else now
            attempt.save(update_fields=["failures", "last_failure_at"])
    if locked or attempt.failures >= limit:
        wait = attempt.last_failure_at + cooloff - now
        raise PinLocked(
            _(
                "Too many wrong PINs for {name} on this phone: try again in "
                "{minutes} minutes, or {name} confirms on their own phone."
            ),
            retry_after=max(1, math.ceil(wait.total_seconds())),
            code="pin_locked",
            field="pin",
            name=name,
            minutes=settings.PIN_COOLOFF_MINUTES,
        )
    if not right:
        raise PinRefused(
            _("That PIN is not {name}'s. Tries left on this phone: {left}."),
            code="pin_wrong",
            field="pin",
            name=name,
            left=limit - attempt.failures,
        )
