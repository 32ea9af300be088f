"""A club's championship, projected from its stream (``series.championships.projection``).

Disposable and rebuilt from the log like the nights. ``ChampionshipNight`` says
which championship a night counts for (a qualifying night, or its final): the
night's draw by the championship and its reopening (RULES D-22) read it.
"""

from __future__ import annotations

import uuid

from django.db import models

from series.models.reference import Club


class Championship(models.Model):
    """One championship of a club, as of its last event."""

    id = models.UUIDField(primary_key=True, default=uuid.uuid4)
    club = models.ForeignKey(Club, on_delete=models.PROTECT, related_name="championships")
    name = models.CharField(max_length=100)
    version = models.PositiveIntegerField()
    state = models.CharField(max_length=20)  # qualifying, cut, final, closed
    rules = models.JSONField()  # {"preset", "options"}: what its nights play
    scoring = models.JSONField()  # {"method", "points_table"?}
    qualifying_nights = models.PositiveSmallIntegerField()
    best = models.PositiveSmallIntegerField(null=True)  # None: every night counts
    final_size = models.PositiveSmallIntegerField()
    carry_over = models.CharField(max_length=10)
    nights = models.JSONField(default=list)  # the qualifying nights' ids, in the order added
    withdrawn = models.JSONField(default=list)  # [{"night", "reason"}], in order
    cut = models.JSONField(null=True)  # the standings' lines recorded at the cut
    final_night = models.UUIDField(null=True)
    ranking = models.JSONField(null=True)  # the final ranking recorded at the close
    opened_at = models.DateTimeField()
    updated_at = models.DateTimeField()

    class Meta:
        ordering = ["-opened_at", "id"]
        indexes = [models.Index(fields=["club", "opened_at"], name="championship_club")]


class ChampionshipNight(models.Model):
    """A night that counts for a championship: a qualifying night or its final."""

    championship = models.ForeignKey(
        Championship, on_delete=models.CASCADE, related_name="night_rows"
    )
    club = models.ForeignKey(Club, on_delete=models.PROTECT, related_name="+")
    night_id = models.UUIDField()
    final = models.BooleanField(default=False)

    class Meta:
        ordering = ["championship", "final", "id"]
        indexes = [models.Index(fields=["night_id"], name="championship_night")]
