"""The append-only event store.

Guarantees (DESIGN "The event store"):
- an append states the version it expects; a concurrent writer loses with
  ``VersionConflict``, never a duplicate (unique stream + version);
- a command's idempotency key is stored with its event, so a retry finds the
  first result instead of appending again;
- gap-safe global order: on PostgreSQL an append takes a transaction-scoped
  advisory lock before its rows get their positions, so positions become
  visible in commit order and a reader tailing by position never skips a
  late commit.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from datetime import datetime
from uuid import UUID

from django.db import IntegrityError, connection, transaction
from django.utils import timezone

from .domain.events import SCHEMA_VERSION, Event, from_payload, to_payload
from .models import Event as EventRow

# Any constant works; it names "the right to give out log positions".
_LOG_LOCK_KEY = 0x5C0_4EE9


class VersionConflict(Exception):
    """Another writer appended to the stream first."""

    code = "version_conflict"

    def __init__(self, stream: UUID, expected: int, current: int) -> None:
        self.stream, self.expected, self.current = stream, expected, current
        super().__init__(f"stream {stream} is at version {current}, not {expected}")


@dataclass(frozen=True, slots=True)
class StoredEvent:
    position: int
    stream: UUID
    club_id: int
    version: int
    type: str
    event: Event
    recorded_at: datetime
    recorded_by_id: int | None


def _stored(row: EventRow) -> StoredEvent:
    return StoredEvent(
        position=row.position,
        stream=row.stream,
        club_id=row.club_id,
        version=row.version,
        type=row.type,
        event=from_payload(row.type, row.payload, row.schema_version),
        recorded_at=row.recorded_at,
        recorded_by_id=row.recorded_by_id,
    )


def load_stream(stream: UUID, *, up_to_version: int | None = None) -> list[StoredEvent]:
    """The stream's events in version order (upcast to today's schema)."""
    rows = EventRow.objects.filter(stream=stream).order_by("version")
    if up_to_version is not None:
        rows = rows.filter(version__lte=up_to_version)
    return [_stored(row) for row in rows]


def find_by_key(key: str) -> EventRow | None:
    """The event a command with this idempotency key appended, if any."""
    return EventRow.objects.filter(idempotency_key=key).first()


def lock_log() -> None:
    """Serialise position assignment until this transaction ends (PostgreSQL)."""
    if connection.vendor == "postgresql":
        with connection.cursor() as cursor:
            cursor.execute("SELECT pg_advisory_xact_lock(%s)", [_LOG_LOCK_KEY])


def append(
    stream: UUID,
    *,
    club_id: int,
    expected_version: int,
    events: Sequence[Event],
    recorded_by_id: int | None = None,
    idempotency_key: str | None = None,
    command_digest: str | None = None,
    recorded_at: datetime | None = None,
) -> list[StoredEvent]:
    """Append ``events`` after ``expected_version``; raise VersionConflict if the
    stream has moved on. Call inside the caller's transaction."""
    recorded_at = recorded_at or timezone.now()
    rows = []
    for offset, event in enumerate(events, start=1):
        type_name, payload = to_payload(event)
        first = offset == 1
        rows.append(
            EventRow(
                stream=stream,
                club_id=club_id,
                version=expected_version + offset,
                type=type_name,
                payload=payload,
                schema_version=SCHEMA_VERSION,
                recorded_at=recorded_at,
                recorded_by_id=recorded_by_id,
                idempotency_key=idempotency_key if first else None,
                command_digest=command_digest if first else None,
            )
        )
    with transaction.atomic():
        current = _current_version(stream)
        if current != expected_version:
            raise VersionConflict(stream, expected_version, current)
        lock_log()
        try:
            with transaction.atomic():
                EventRow.objects.bulk_create(rows)
        except IntegrityError as error:
            # A concurrent writer took this version (or this idempotency key).
            raise VersionConflict(stream, expected_version, expected_version + 1) from error
    return [
        StoredEvent(
            row.position, stream, club_id, row.version, row.type, event, recorded_at, recorded_by_id
        )
        for row, event in zip(rows, events, strict=True)
    ]


def _current_version(stream: UUID) -> int:
    last = EventRow.objects.filter(stream=stream).order_by("-version").values("version").first()
    return last["version"] if last else 0


def read_after(position: int, *, limit: int = 1000) -> list[StoredEvent]:
    """Events after ``position`` in global order: what a tailing reader polls."""
    rows = EventRow.objects.filter(position__gt=position).order_by("position")[:limit]
    return [_stored(row) for row in rows]


def iter_streams(chunk_size: int = 2000) -> Iterator[tuple[UUID, list[StoredEvent]]]:
    """Every stream with its events, one stream at a time, reading the log with
    a server-side cursor so memory does not grow with the log."""
    rows = EventRow.objects.order_by("stream", "version").iterator(chunk_size=chunk_size)
    current: UUID | None = None
    batch: list[StoredEvent] = []
    for row in rows:
        if row.stream != current and batch:
            yield current, batch
            batch = []
        current = row.stream
        batch.append(_stored(row))
    if batch:
        yield current, batch
