"""Tables: reference data (clubs, players, members), the event log, projections.

The event log is the source of truth. Every projection table can be dropped
and rebuilt from it (``manage.py rebuild_projections``). Tables that might one
day be sharded carry ``club``.
"""

from __future__ import annotations

import uuid

from django.conf import settings
from django.db import models
from django.utils.translation import gettext_lazy as _

# -- reference data -----------------------------------------------------------


class Club(models.Model):
    slug = models.SlugField(_("slug"), max_length=60, unique=True)
    name = models.CharField(_("name"), max_length=100)
    public = models.BooleanField(_("public league pages"), default=False)
    created_at = models.DateTimeField(_("created at"), auto_now_add=True)

    class Meta:
        ordering = ["name"]

    def __str__(self) -> str:
        return self.name


class Player(models.Model):
    """A person who sits at the table. Events name players by id only."""

    club = models.ForeignKey(Club, on_delete=models.PROTECT, related_name="players")
    name = models.CharField(_("name"), max_length=60)
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


# -- the event log ------------------------------------------------------------


class ImmutableEventError(Exception):
    """Events are facts: they are never updated or deleted."""


class EventQuerySet(models.QuerySet):
    def update(self, **kwargs):
        raise ImmutableEventError("events cannot be updated; record a correction instead")

    def delete(self):
        raise ImmutableEventError("events cannot be deleted; record a correction instead")


class Event(models.Model):
    """One immutable fact of one series (the stream), in the global log.

    The database refuses UPDATE and DELETE (and TRUNCATE on PostgreSQL) with
    triggers installed by migration 0002, whatever code tries it.
    """

    position = models.BigAutoField(primary_key=True)
    stream = models.UUIDField(db_index=False)
    club = models.ForeignKey(Club, on_delete=models.PROTECT, related_name="+")
    version = models.PositiveIntegerField()
    type = models.CharField(max_length=40)
    payload = models.JSONField()
    schema_version = models.PositiveSmallIntegerField(default=1)
    recorded_at = models.DateTimeField()
    recorded_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, on_delete=models.PROTECT, related_name="+"
    )
    idempotency_key = models.CharField(max_length=100, null=True, unique=True)  # noqa: DJ001
    command_digest = models.CharField(max_length=64, null=True)  # noqa: DJ001

    objects = EventQuerySet.as_manager()

    class Meta:
        ordering = ["position"]
        constraints = [
            models.UniqueConstraint(fields=["stream", "version"], name="event_stream_version")
        ]

    def __str__(self) -> str:
        return f"{self.type} #{self.version} of {self.stream}"

    def save(self, *args, **kwargs):
        if not self._state.adding:
            raise ImmutableEventError("events cannot be updated; record a correction instead")
        super().save(*args, **kwargs)

    def delete(self, *args, **kwargs):
        raise ImmutableEventError("events cannot be deleted; record a correction instead")


# -- projections --------------------------------------------------------------


class SeriesSheet(models.Model):
    """The score sheet's header: one row per series."""

    id = models.UUIDField(primary_key=True, default=uuid.uuid4)
    club = models.ForeignKey(Club, on_delete=models.PROTECT, related_name="series")
    preset = models.CharField(max_length=40)
    rules = models.JSONField()
    status = models.CharField(max_length=20)
    version = models.PositiveIntegerField()
    deals_played = models.PositiveIntegerField(default=0)
    next_dealer = models.ForeignKey(Player, null=True, on_delete=models.PROTECT, related_name="+")
    winner = models.ForeignKey(Player, null=True, on_delete=models.PROTECT, related_name="+")
    totals = models.JSONField(default=dict)  # {"<player id>": total}
    tiebreak_players = models.JSONField(default=list)
    eliminated = models.JSONField(default=list)
    started_at = models.DateTimeField()
    updated_at = models.DateTimeField()

    class Meta:
        ordering = ["-started_at", "id"]
        indexes = [models.Index(fields=["club", "status"], name="sheet_club_status")]


class SeriesSeat(models.Model):
    """A player's seat in a series (written once, when the series starts)."""

    series = models.ForeignKey(SeriesSheet, on_delete=models.CASCADE, related_name="seats")
    club = models.ForeignKey(Club, on_delete=models.PROTECT, related_name="+")
    player = models.ForeignKey(Player, on_delete=models.PROTECT, related_name="seats")
    seat = models.PositiveSmallIntegerField()

    class Meta:
        ordering = ["series", "seat"]
        constraints = [
            models.UniqueConstraint(fields=["series", "seat"], name="seat_once_per_series")
        ]


class DealLine(models.Model):
    """One row of the score sheet: a deal, its dealer and who went out."""

    series = models.ForeignKey(SeriesSheet, on_delete=models.CASCADE, related_name="deals")
    club = models.ForeignKey(Club, on_delete=models.PROTECT, related_name="+")
    number = models.PositiveIntegerField()
    dealer = models.ForeignKey(Player, on_delete=models.PROTECT, related_name="+")
    went_out = models.ForeignKey(Player, null=True, on_delete=models.PROTECT, related_name="+")
    tiebreak = models.BooleanField(default=False)
    corrected = models.BooleanField(default=False)
    void = models.BooleanField(default=False)

    class Meta:
        ordering = ["series", "number"]
        constraints = [
            models.UniqueConstraint(fields=["series", "number"], name="deal_once_per_series")
        ]


class DealScore(models.Model):
    """One cell of the score sheet: a player's penalty in a deal."""

    series = models.ForeignKey(SeriesSheet, on_delete=models.CASCADE, related_name="scores")
    club = models.ForeignKey(Club, on_delete=models.PROTECT, related_name="+")
    number = models.PositiveIntegerField()
    player = models.ForeignKey(Player, on_delete=models.PROTECT, related_name="scores")
    points = models.IntegerField()

    class Meta:
        ordering = ["series", "number", "player"]
        constraints = [
            models.UniqueConstraint(
                fields=["series", "number", "player"], name="score_once_per_deal"
            )
        ]
