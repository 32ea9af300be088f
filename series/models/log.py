"""The event log: one append-only table of immutable facts."""

from __future__ import annotations

from django.conf import settings
from django.db import models

from series.models.reference import Club

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


# -- readers that tail it ---------------------------------------------------------


class Checkpoint(models.Model):
    """How far a projector that tails the log has read it (``series.eventstore.projectors``)."""

    projector = models.CharField(max_length=40, primary_key=True)
    position = models.BigIntegerField(default=0)  # the last event it has handled

    def __str__(self) -> str:
        return f"{self.projector} at {self.position}"
