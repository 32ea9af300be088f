"""Read models computed from the event log; disposable and rebuildable.

The rows a recorded deal writes (its line, its scores, the header's next dealer
and winner) refer to clubs, players and their sheet without database foreign
keys, and are indexed only as they are read (by series). Only the projection
writes them, from events whose players the series' start checked against the
club; clubs and players are never deleted; a rebuild equals them (a property
test). Keys there would cost every deal some twenty index probes at commit.
"""

from __future__ import annotations

import uuid

from django.db import models

from series.models.reference import Club, Player

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
    next_dealer = models.ForeignKey(
        Player,
        null=True,
        on_delete=models.PROTECT,
        related_name="+",
        db_constraint=False,
        db_index=False,
    )
    winner = models.ForeignKey(
        Player,
        null=True,
        on_delete=models.PROTECT,
        related_name="+",
        db_constraint=False,
        db_index=False,
    )
    totals = models.JSONField(default=dict)  # {"<player id>": total}
    tiebreak_players = models.JSONField(default=list)
    eliminated = models.JSONField(default=list)
    unconfirmed = models.PositiveIntegerField(default=0)  # deals that count, not confirmed yet
    started_at = models.DateTimeField()
    updated_at = models.DateTimeField()
    # The series' folded state at ``version`` (series.sheets.snapshot), so that a
    # command loads one row instead of folding the log.
    snapshot = models.JSONField(null=True)
    # Its places, totals and each player's deals (series.domain.series.standing), so that
    # a page reading many series (a night's, the big screen) decodes no snapshot.
    standing = models.JSONField(null=True)
    # The night and table number a night's table plays this series at (null outside
    # a night): written by the night's projection, so a page can say "Table 2".
    night = models.UUIDField(null=True)
    table_number = models.PositiveSmallIntegerField(null=True)

    class Meta:
        ordering = ["-started_at", "id"]
        # A club's finished series in the order the league counts them.
        indexes = [
            models.Index(fields=["club", "status", "started_at", "id"], name="sheet_club_status")
        ]


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

    series = models.ForeignKey(
        SeriesSheet,
        on_delete=models.CASCADE,
        related_name="deals",
        db_constraint=False,
        db_index=False,
    )
    club = models.ForeignKey(
        Club, on_delete=models.PROTECT, related_name="+", db_constraint=False, db_index=False
    )
    number = models.PositiveIntegerField()
    dealer = models.ForeignKey(
        Player, on_delete=models.PROTECT, related_name="+", db_constraint=False, db_index=False
    )
    went_out = models.ForeignKey(
        Player,
        null=True,
        on_delete=models.PROTECT,
        related_name="+",
        db_constraint=False,
        db_index=False,
    )
    tiebreak = models.BooleanField(default=False)
    corrected = models.BooleanField(default=False)
    void = models.BooleanField(default=False)
    # "" (to confirm), not_asked, confirmed or disputed (series.domain.series.confirmation)
    confirmation = models.CharField(max_length=10, blank=True, default="")

    class Meta:
        ordering = ["series", "number"]
        constraints = [
            models.UniqueConstraint(fields=["series", "number"], name="deal_once_per_series")
        ]


class DealScore(models.Model):
    """One cell of the score sheet: a player's penalty in a deal."""

    series = models.ForeignKey(
        SeriesSheet,
        on_delete=models.CASCADE,
        related_name="scores",
        db_constraint=False,
        db_index=False,
    )
    club = models.ForeignKey(
        Club, on_delete=models.PROTECT, related_name="+", db_constraint=False, db_index=False
    )
    number = models.PositiveIntegerField()
    player = models.ForeignKey(
        Player, on_delete=models.PROTECT, related_name="scores", db_constraint=False, db_index=False
    )
    points = models.IntegerField()

    class Meta:
        ordering = ["series", "number", "player"]
        constraints = [
            models.UniqueConstraint(
                fields=["series", "number", "player"], name="score_once_per_deal"
            )
        ]
