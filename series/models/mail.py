"""The mail waiting to be sent (``series.mail``): an outbox, not a projection.

A night's result rows are written in the transaction of the close they follow
(``series.mail.outbox``), so a rebuild or a restore, which never closes a night
again, writes none; unique per night, close and member, so nothing writes one
twice. The sender (``manage.py send_mail``) claims due rows, sends each outside
any transaction and marks it; a row's ``message_id`` is made with it, so a
message sent again after a sender died before marking it is the same message.
"""

from __future__ import annotations

import uuid
from urllib.parse import urlsplit

from django.conf import settings
from django.db import models

from series.models.reference import Club


class OutgoingMail(models.Model):
    class Kind(models.TextChoices):
        RESULT = "result"  # a night closed: the member's place, points and rounds
        CORRECTION = "correction"  # closed again: the old and the new
        CONFIRM = "confirm"  # the link that confirms the member's address

    class Outcome(models.TextChoices):
        WAITING = ""
        SENT = "sent"
        SKIPPED = "skipped"  # no longer wanted: results off, address changed, club off
        FAILED = "failed"  # refused too often

    kind = models.CharField(max_length=12, choices=Kind.choices)
    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="+")
    club = models.ForeignKey(Club, null=True, on_delete=models.CASCADE, related_name="+")
    night_id = models.UUIDField(null=True)
    close = models.PositiveIntegerField(default=0)  # the night's close it follows (1, 2, …)
    # What the message says, as decided when it was written (player ids, points as
    # text); names, the address and the language are read when it is sent.
    facts = models.JSONField(default=dict)
    message_id = models.CharField(max_length=200, unique=True)
    created_at = models.DateTimeField(auto_now_add=True)
    # Not claimed before this: a claim holds a row this long, a failure waits.
    due_at = models.DateTimeField()
    attempts = models.PositiveIntegerField(default=0)
    outcome = models.CharField(max_length=8, choices=Outcome.choices, blank=True, default="")
    sent_at = models.DateTimeField(null=True)
    error = models.TextField(blank=True)

    class Meta:
        constraints = [
            models.UniqueConstraint(
                fields=["night_id", "close", "user"],
                condition=models.Q(night_id__isnull=False),
                name="mail_once_per_close_and_member",
            )
        ]
        indexes = [
            models.Index(fields=["due_at"], condition=models.Q(outcome=""), name="mail_waiting_due")
        ]


def message_id(kind: str) -> str:
    """A Message-ID made once, with the row: a message sent again is the same one."""
    host = urlsplit(settings.SITE_URL).hostname or "localhost"
    return f"<{kind}.{uuid.uuid4().hex}@{host}>"
