"""Reference data: clubs, players, members. Names live here, never in events."""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.utils.translation import gettext_lazy as _

# -- reference data -----------------------------------------------------------


class Club(models.Model):
    slug = models.SlugField(_("slug"), max_length=60, unique=True)
    name = models.CharField(_("name"), max_length=100)
    public = models.BooleanField(_("public league pages"), default=False)
    # A deal recorded by one member stays "to confirm" until another confirms it;
    # the league then counts a finished series only once all its deals are confirmed.
    deals_need_confirmation = models.BooleanField(_("deals need confirmation"), default=False)
    # What a new series starts from: {"preset": "...", "options": {...}} as
    # ``domain.rules.rules_from`` takes them; empty for the plain preset.
    default_rules = models.JSONField(_("default game and house rules"), default=dict, blank=True)
    time_zone = models.CharField(_("time zone"), max_length=64, default="", blank=True)
    # A closed night's results are e-mailed to the members who asked for them,
    # unless a club admin turns the club's e-mails off (series.mail).
    results_by_email = models.BooleanField(_("night results by e-mail"), default=True)
    created_at = models.DateTimeField(_("created at"), auto_now_add=True)

    class Meta:
        ordering = ["name"]

    def __str__(self) -> str:
        return self.name


class Player(models.Model):
    """A person who sits at the table. Events name players by id only."""

    club = models.ForeignKey(Club, on_delete=models.PROTECT, related_name="players")
    name = models.CharField(_("name"), max_length=60)
    # The member's own account, when the player has one; unlinked on erasure.
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        null=True,
        blank=True,
        on_delete=models.SET_NULL,
        related_name="players",
    )
    erased_at = models.DateTimeField(_("erased at"), null=True, blank=True)
    created_at = models.DateTimeField(_("created at"), auto_now_add=True)

    class Meta:
        ordering = ["name", "id"]

    def __str__(self) -> str:
        return self.name


class Membership(models.Model):
    class Role(models.TextChoices):
        ADMIN = "admin", _("admin")
        SCORER = "scorer", _("scorer")
        MEMBER = "member", _("member")

    club = models.ForeignKey(Club, on_delete=models.CASCADE, related_name="memberships")
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="memberships"
    )
    role = models.CharField(_("role"), max_length=10, choices=Role.choices, default=Role.MEMBER)

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["club", "user"], name="one_membership_per_club")
        ]

    def __str__(self) -> str:
        return f"{self.user} ({self.role}) in {self.club}"


class Invitation(models.Model):
    """A link that lets whoever opens it join a club with a role.

    Only a SHA-256 of the token is kept: the link itself is shown once, to the
    admin who made it. ``max_uses`` is 1 for a single-use link, None for many.
    """

    club = models.ForeignKey(Club, on_delete=models.CASCADE, related_name="invitations")
    role = models.CharField(_("role"), max_length=10, choices=Membership.Role.choices)
    token_hash = models.CharField(max_length=64, unique=True)
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, on_delete=models.SET_NULL, related_name="+"
    )
    created_at = models.DateTimeField(_("created at"), auto_now_add=True)
    expires_at = models.DateTimeField(_("expires at"))
    max_uses = models.PositiveIntegerField(_("uses allowed"), null=True, blank=True)
    uses = models.PositiveIntegerField(_("times used"), default=0)
    revoked_at = models.DateTimeField(_("revoked at"), null=True, blank=True)

    class Meta:
        ordering = ["-created_at", "-id"]

    def __str__(self) -> str:
        return f"{self.role} invitation to {self.club}"


class LiveLink(models.Model):
    """A series' share link, once a scorer has made a new one: the links
    signed with an older ``generation`` no longer open the sheet. A series
    without a row is at generation 0. Not a projection (the log does not
    know it), so a rebuild leaves it alone."""

    series_id = models.UUIDField(primary_key=True)
    club = models.ForeignKey(Club, on_delete=models.CASCADE, related_name="+")
    generation = models.PositiveIntegerField(default=0)
    renewed_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, on_delete=models.SET_NULL, related_name="+"
    )
    renewed_at = models.DateTimeField(_("renewed at"), auto_now=True)

    def __str__(self) -> str:
        return f"live link {self.generation} of {self.series_id}"
