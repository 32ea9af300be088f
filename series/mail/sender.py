"""The sender: due rows of the outbox delivered with Django's mail (``EMAIL_URL``).

A batch is claimed in a short transaction: its rows are read with ``SELECT …
FOR UPDATE SKIP LOCKED`` (on PostgreSQL; SQLite has one writer, and Django
leaves the clause out there), and each is held for ``MAIL_CLAIM_SECONDS`` by
moving its ``due_at`` on, so another sender running beside this one takes
other rows. Then, outside any transaction, each message is handed to the mail
server and its row marked sent at once. A sender that dies between the two
leaves its row claimed: once the claim runs out, a sender sends it again, under
the same ``Message-ID`` (the row's), so every message arrives at least once and
that one at most twice. A refused message waits longer after each attempt and
is given up after ``MAIL_ATTEMPTS``.
"""

from __future__ import annotations

import logging
from datetime import timedelta

from django.conf import settings
from django.core.mail import get_connection
from django.db import transaction
from django.db.models import F
from django.utils import timezone

from series.mail.compose import messages_for
from series.models import OutgoingMail

logger = logging.getLogger(__name__)

BATCH = 20
Outcome = OutgoingMail.Outcome


def claim(batch: int = BATCH) -> list[OutgoingMail]:
    """The due rows this sender takes, each held for ``MAIL_CLAIM_SECONDS``."""
    now = timezone.now()
    with transaction.atomic():
        due = OutgoingMail.objects.filter(outcome=Outcome.WAITING, due_at__lte=now)
        ids = list(
            due.order_by("due_at", "id")
            .select_for_update(skip_locked=True)
            .values_list("id", flat=True)[:batch]
        )
        if not ids:
            return []
        held = now + timedelta(seconds=settings.MAIL_CLAIM_SECONDS)
        OutgoingMail.objects.filter(id__in=ids).update(due_at=held, attempts=F("attempts") + 1)
        return list(OutgoingMail.objects.filter(id__in=ids).order_by("due_at", "id"))


def send_due(batch: int = BATCH) -> int:
    """Send one claimed batch; how many rows it handled (0: nothing was due)."""
    rows = claim(batch)
    if not rows:
        return 0
    messages = messages_for(rows)
    connection = None
    try:
        for row in rows:
            message = messages[row.id]
            if message is None:
                _mark(row, Outcome.SKIPPED)
                continue
            if isinstance(message, Exception):
                _refused(row, message)
                continue
            if connection is None:
                connection = get_connection(fail_silently=False)
                connection.open()
            message.connection = connection
            try:
                message.send()
            except Exception as error:  # the server refused it, or is away
                logger.warning("send_mail: %s not sent: %s", row.message_id, error)
                _refused(row, error)
                connection.close()
                connection = None
                continue
            _mark(row, Outcome.SENT)
    finally:
        if connection is not None:
            connection.close()
    return len(rows)


def send_all(batch: int = BATCH) -> int:
    """Send every row due now; how many were handled."""
    handled = 0
    while sent := send_due(batch):
        handled += sent
    return handled


def _mark(row: OutgoingMail, outcome: str) -> None:
    sent_at = timezone.now() if outcome == Outcome.SENT else None
    OutgoingMail.objects.filter(id=row.id).update(outcome=outcome, sent_at=sent_at, error="")


def _refused(row: OutgoingMail, error: Exception) -> None:
    """Try again later, each time after twice the wait (a minute first), or give up."""
    given_up = row.attempts >= settings.MAIL_ATTEMPTS
    wait = timedelta(minutes=2 ** min(row.attempts - 1, 10))
    OutgoingMail.objects.filter(id=row.id).update(
        outcome=Outcome.FAILED if given_up else Outcome.WAITING,
        due_at=timezone.now() + wait,
        error=str(error)[:2000],
    )
