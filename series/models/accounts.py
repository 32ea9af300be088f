"""What a member keeps with their account: the short PIN that confirms a deal
on another member's phone (stored hashed with Django's password hashers), what
they asked of e-mail (their night results, the address they confirmed, the
language they read), and one expiring, revocable API token per signed-in device
(django-rest-knox)."""

from __future__ import annotations

from django.conf import settings
from django.contrib.auth.hashers import check_password, make_password
from django.db import models
from django.utils.translation import gettext_lazy as _
from knox.models import AbstractAuthToken


class Profile(models.Model):
    user = models.OneToOneField(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="scorekeeper_profile"
    )
    confirmation_pin = models.CharField(max_length=128, blank=True)
    # The address given at sign-up was asked only to reset a password: a night's
    # results are sent only to a member who turned them on (series.mail).
    results_by_email = models.BooleanField(default=False)
    # The address a link sent to it confirmed; the account's address is confirmed
    # while it is this one, so a changed address waits for its own link.
    confirmed_email = models.EmailField(max_length=254, blank=True)
    # The language last chosen with the switcher while signed in ("" for none):
    # the language of the mail sent to the member.
    language = models.CharField(max_length=10, blank=True)

    def set_pin(self, pin: str) -> None:
        self.confirmation_pin = make_password(pin)

    def pin_matches(self, pin: str) -> bool:
        return bool(self.confirmation_pin) and check_password(pin, self.confirmation_pin)


class DeviceToken(AbstractAuthToken):
    """A device's API token. Only its digest is stored; ``device`` is the name
    the client gave when it signed in (``Anna's phone``), to tell devices apart."""

    device = models.CharField(_("device"), max_length=60, blank=True)

    class Meta:
        ordering = ["-created"]


class PinAttempt(models.Model):
    """Wrong PINs typed for ``member`` on the phone of ``device`` (the account
    signed in there), counted as django-axes counts failed sign-ins: per member
    and device, so guessing on one phone never locks a member out of another."""

    member = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="+")
    device = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="+")
    failures = models.PositiveIntegerField(default=0)
    last_failure_at = models.DateTimeField(null=True)

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["member", "device"], name="pin_attempt_once")
        ]


class SignInName(models.Model):
    """A name an account answers to at sign-in, as ``names.sign_in_key`` folds
    it: its user name, the name it signed up with and its e-mail address. Kept
    by ``series.accounts.services`` whenever the account's row is saved."""

    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="+")
    key = models.CharField(max_length=254, db_index=True)

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["user", "key"], name="sign_in_name_once_per_user")
        ]
