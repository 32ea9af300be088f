"""A club night's read models, projected from its stream (``series.nights.projection``).

Disposable and rebuilt from the log like the score sheets. ``NightSeat`` is who
sits at which table of a round: the refusal of a player at two open tables of
the club (RULES D-19) reads it for tables whose series has not started yet.
"""

from __future__ import annotations

import uuid

from django.conf import settings
from django.db import models

from series.models.reference import Club, Player


class Night(models.Model):
    """One night of a club: its header, as of the night's last event."""

    id = models.UUIDField(primary_key=True, default=uuid.uuid4)
    club = models.ForeignKey(Club, on_delete=models.PROTECT, related_name="nights")
    date = models.DateField()
    version = models.PositiveIntegerField()
    closed = models.BooleanField(default=False)
    method = models.CharField(max_length=20)  # the night's scoring (RULES D-16)
    rules = models.JSONField()  # {"preset", "options"}: the night's rules
    present = models.JSONField(default=list)  # player ids, in check-in order
    rounds = models.PositiveSmallIntegerField(default=0)
    points = models.JSONField(default=list)  # the night's lines, recorded at its last close
    # How often it closed: the league counts a night closed once or more, with the
    # points of its last close, reopened or not (RULES D-22).
    closes = models.PositiveIntegerField(default=0)
    opened_at = models.DateTimeField()  # a night planned ahead: when planned, until it opens
    updated_at = models.DateTimeField()
    # A night planned ahead (``series.domain.nights.planning``): until it opens, or
    # withdrawn; its start time and venue, its moves (a calendar's SEQUENCE) and
    # its members' answers (player ids, in the order of their last answers).
    planned = models.BooleanField(default=False)
    withdrawn = models.BooleanField(default=False)
    time = models.TimeField(null=True)
    venue = models.CharField(max_length=120, blank=True, default="")
    sequence = models.PositiveIntegerField(default=0)
    coming = models.JSONField(default=list)
    not_coming = models.JSONField(default=list)

    class Meta:
        ordering = ["-date", "-opened_at", "id"]
        indexes = [models.Index(fields=["club", "date"], name="night_club_date")]


class NightSeat(models.Model):
    """A player's seat at a table of a night's round."""

    night = models.ForeignKey(Night, on_delete=models.CASCADE, related_name="seats")
    club = models.ForeignKey(Club, on_delete=models.PROTECT, related_name="+")
    round = models.PositiveSmallIntegerField()
    table = models.PositiveSmallIntegerField()
    seat = models.PositiveSmallIntegerField()
    player = models.ForeignKey(
        Player, on_delete=models.PROTECT, related_name="night_seats", db_constraint=False
    )
    first_dealer = models.BooleanField(default=False)
    series = models.UUIDField(null=True)  # the table's series, once started
    open = models.BooleanField(default=True)  # the round and the night still open

    class Meta:
        ordering = ["night", "round", "table", "seat"]
        constraints = [
            models.UniqueConstraint(fields=["night", "round", "player"], name="night_seat_once")
        ]
        indexes = [models.Index(fields=["club", "open", "player"], name="night_seat_open")]


class NightScreenLink(models.Model):
    """A night's big-screen link, once a director has revoked one: links signed
    with an older ``generation`` no longer open the screen. A night without a
    row is at generation 0. Not a projection (the log does not know it), so a
    rebuild leaves it alone."""

    night_id = models.UUIDField(primary_key=True)
    club = models.ForeignKey(Club, on_delete=models.CASCADE, related_name="+")
    generation = models.PositiveIntegerField(default=0)
    revoked_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, on_delete=models.SET_NULL, related_name="+"
    )
    revoked_at = models.DateTimeField(auto_now=True)


class CalendarLink(models.Model):
    """A member's secret link to a private club's calendar of nights, once they
    have renewed it: links signed with an older ``generation`` no longer open the
    feed. A member without a row is at generation 0. Not a projection (the log
    does not know it), so a rebuild leaves it alone."""

    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="+")
    club = models.ForeignKey(Club, on_delete=models.CASCADE, related_name="+")
    generation = models.PositiveIntegerField(default=0)
    renewed_at = models.DateTimeField(auto_now=True)

    class Meta:
        constraints = [models.UniqueConstraint(fields=["user", "club"], name="calendar_link_once")]
