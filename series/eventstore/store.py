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
from contextlib import nullcontext
from dataclasses import dataclass
from datetime import datetime
from functools import cache
from uuid import UUID

from django.db import IntegrityError, connection, transaction
from django.utils import timezone

from series.database import dialects
from series.domain.events import Event
from series.eventstore.mapper import SCHEMA_VERSION, from_payload, to_payload
from series.models import Event as EventRow

# Any constant works; it names "the right to give out log positions".
_LOG_LOCK_KEY = 0x5C0_4EE9


class VersionConflict(Exception):
    """Another writer appended to the stream first."""

    code = "version_conflict"

    def __init__(self, stream: UUID, expected: int, current: int | None) -> None:
        # ``current`` is None when the conflict was found inside a transaction
        # that must be rolled back first; the writer (``writer.write``) then looks it up.
        self.stream, self.expected, self.current = stream, expected, current
        super().__init__(f"stream {stream} is not at version {expected}")


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


def log_lock(after: str = "") -> tuple[str, list]:
    """The row source an insert selects from to take the log's lock first (once
    for each row of ``after``, a FROM clause): it serialises position
    assignment until the transaction ends (PostgreSQL)."""
    return dialects.current().log_lock(_LOG_LOCK_KEY, after)


@dataclass(frozen=True, slots=True)
class Write:
    """A statement that goes with an append: on PostgreSQL it runs in the same
    statement as the first event's insert; elsewhere right after it. A
    ``guard`` (an UPDATE) runs before the insert and must change a row, or
    nothing is inserted and the append is a VersionConflict: its row lock is
    taken before the log's lock, as a writer that updates the row before it
    appends takes them, so two writers never wait on each other in a cycle.
    A write that selects its rows ``WHERE guards_held()`` writes nothing
    when a guard changed no row: in one statement every part runs, and on
    PostgreSQL a statement that is its own transaction commits what it wrote
    even when the append inserts nothing."""

    sql: str
    params: Sequence
    guard: bool = False


def guards_held() -> str:
    """The condition under which a write of an append (``Write``) selects its
    rows so that it writes only when every guard of the append changed its row.
    Elsewhere than on PostgreSQL the writes run apart, inside the append's
    transaction, which a guard that changed nothing rolls back: there it holds."""
    return dialects.current().guards_held()


_COLUMNS = (
    "stream",
    "club",
    "version",
    "type",
    "payload",
    "schema_version",
    "recorded_at",
    "recorded_by",
    "idempotency_key",
    "command_digest",
)


@cache
def _insert_sql(source: str) -> str:
    """One statement that checks the stream's version and inserts the event,
    selecting from ``source`` (the log's lock, taken before the row gets its
    position).

    The row is written only if the stream stands at the expected version, so a
    writer that is behind inserts nothing and one that is ahead cannot leave a
    gap; two writers at the same version collide on unique (stream, version).
    """
    table = EventRow._meta.db_table
    columns = ", ".join(EventRow._meta.get_field(name).column for name in _COLUMNS)
    values = ", ".join(["%s"] * len(_COLUMNS))
    return (
        f"INSERT INTO {table} ({columns}) SELECT {values} FROM {source} "
        f"WHERE (SELECT COALESCE(MAX(version), 0) FROM {table} WHERE stream = %s) = %s "
        "RETURNING position"
    )


def _with_writes(writes: Sequence[Write]) -> tuple[str, str, list]:
    """The data-modifying CTEs of ``writes`` (PostgreSQL), the FROM clause that
    makes the log's lock wait for the guards' rows, and the CTEs' parameters.
    The guards come first, then ``guards_held`` (a row when each changed one),
    which the other writes and the lock select from."""
    ordered = sorted(writes, key=lambda write: not write.guard)
    ctes = [f"write{n} AS ({write.sql} RETURNING 1)" for n, write in enumerate(ordered)]
    guards = [f"write{n}" for n, write in enumerate(ordered) if write.guard]
    if guards:
        ctes.insert(len(guards), f"guards_held AS (SELECT FROM {', '.join(guards)})")
    params = [value for write in ordered for value in write.params]
    return ", ".join(ctes), "FROM guards_held" if guards else "", params


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
    writes: Sequence[Write] = (),
) -> list[StoredEvent]:
    """Append ``events`` after ``expected_version``, with ``writes`` (the
    projections' rows); raise VersionConflict if the stream stands elsewhere.
    Call inside the caller's transaction, whose work it completes (on a
    conflict that transaction must be rolled back), or outside any when it is
    one statement (``one_statement``), which is then a transaction of its own.
    The first insert takes the log's lock itself, so the lock is held from
    there to the commit and no longer."""
    recorded_at = recorded_at or timezone.now()
    together = dialects.current().WRITES_IN_APPEND and bool(writes)
    ctes, after, write_params = _with_writes(writes) if together else ("", "", [])
    rows, statements = [], []
    for version, event in enumerate(events, start=expected_version + 1):
        type_name, payload = to_payload(event)
        first = version == expected_version + 1
        row = (
            stream,
            club_id,
            version,
            type_name,
            payload,
            SCHEMA_VERSION,
            recorded_at,
            recorded_by_id,
            idempotency_key if first else None,
            command_digest if first else None,
        )
        source, lock_params = log_lock(after) if first else ("(SELECT 1) AS locked", [])
        sql = _insert_sql(source)
        params = [*_prepare(row), *lock_params, _prep_stream(stream), version - 1]
        if first and together:
            sql = f"WITH {ctes}, appended AS ({sql}) SELECT position FROM appended"
            params = write_params + params
        rows.append(row)
        statements.append((sql, params))
    atomic = nullcontext() if one_statement(events) else transaction.atomic(savepoint=False)
    with atomic:
        try:
            positions = _insert(statements)
        except IntegrityError as error:
            # A concurrent writer took this version (or this key).
            raise VersionConflict(stream, expected_version, None) from error
        if None in positions:
            raise VersionConflict(stream, expected_version, None)
        if writes and not together:
            with connection.cursor() as cursor:
                _write_apart(cursor, stream, expected_version, writes)
    return [
        StoredEvent(position, *row[:4], event, recorded_at, recorded_by_id)
        for position, row, event in zip(positions, rows, events, strict=True)
    ]


def _insert(statements: list[tuple[str, list]]) -> list[int | None]:
    """Run the append's inserts; the position each gave (None: it inserted
    nothing). On PostgreSQL several go in one round trip (a pipeline): each
    checks the stream's version itself, so none needs the answer of the one
    before, and the log's lock, which the first takes, is not held while the
    others travel to the server one by one."""
    cursors = [connection.cursor() for _ in statements]
    try:
        with _sent_together(len(statements)):
            for cursor, (sql, params) in zip(cursors, statements, strict=True):
                cursor.execute(sql, params)
        return [(cursor.fetchone() or (None,))[0] for cursor in cursors]
    finally:
        for cursor in cursors:
            cursor.close()


def _sent_together(count: int):
    """A pipeline on PostgreSQL (psycopg) for ``count`` statements that need not
    wait for each other's answers, when there are several. Their errors arrive
    as the pipeline ends, translated as Django translates them."""
    if not dialects.current().PIPELINES or count == 1:
        return nullcontext()
    return _Pipeline(connection.connection)


class _Pipeline:
    def __init__(self, raw) -> None:
        self.pipeline = raw.pipeline()

    def __enter__(self) -> None:
        with connection.wrap_database_errors:
            self.pipeline.__enter__()

    def __exit__(self, *exc_info) -> None:
        with connection.wrap_database_errors:
            self.pipeline.__exit__(*exc_info)


def write_together(writes: Sequence[Write]) -> None:
    """Make ``writes`` in one statement on PostgreSQL, as data-modifying CTEs
    that all read the same snapshot; elsewhere one after the other. A read
    model's writes that depend on nothing the others write cost one round trip
    instead of one each. A guard among them is not checked here: use it only
    for a write that always changes a row (an upsert)."""
    if not writes:
        return
    with connection.cursor() as cursor:
        if not dialects.current().WRITES_IN_APPEND:
            for write in writes:
                cursor.execute(write.sql, list(write.params))
            return
        ctes, _after, params = _with_writes(writes)
        cursor.execute(f"WITH {ctes} SELECT 1", params)


def one_statement(events: Sequence[Event]) -> bool:
    """Whether appending ``events`` (with any writes) is one statement, so atomic
    by itself: one event, on PostgreSQL."""
    return len(events) == 1 and dialects.current().WRITES_IN_APPEND


def _write_apart(cursor, stream: UUID, expected_version: int, writes: Sequence[Write]) -> None:
    """The writes one statement each, after the inserts (SQLite)."""
    for write in writes:
        cursor.execute(write.sql, list(write.params))
        if write.guard and cursor.rowcount == 0:
            raise VersionConflict(stream, expected_version, None)


def _prepare(row: tuple) -> list:
    fields = [EventRow._meta.get_field(name) for name in _COLUMNS]
    return [f.get_db_prep_save(value, connection) for f, value in zip(fields, row, strict=True)]


def _prep_stream(stream: UUID):
    return EventRow._meta.get_field("stream").get_db_prep_value(stream, connection)


def current_version(stream: UUID) -> int:
    last = EventRow.objects.filter(stream=stream).order_by("-version").values("version").first()
    return last["version"] if last else 0


def log_after(position: int) -> bool:
    """Whether the log holds an event after ``position``."""
    return EventRow.objects.filter(position__gt=position).exists()


def read_after(position: int, *, limit: int = 1000) -> list[StoredEvent]:
    """Events after ``position`` in global order: what a tailing reader polls."""
    rows = EventRow.objects.filter(position__gt=position).order_by("position")[:limit]
    return [_stored(row) for row in rows]


_ROW_FIELDS = (
    "position",
    "stream",
    "club_id",
    "version",
    "type",
    "payload",
    "schema_version",
    "recorded_at",
    "recorded_by_id",
)


def iter_streams(chunk_size: int = 2000) -> Iterator[tuple[UUID, list[StoredEvent]]]:
    """Every stream with its events, one stream at a time, reading the log with
    a server-side cursor so memory does not grow with the log."""
    rows = (
        EventRow.objects.order_by("stream", "version")
        .values_list(*_ROW_FIELDS)
        .iterator(chunk_size=chunk_size)
    )
    current: UUID | None = None
    batch: list[StoredEvent] = []
    for position, stream, club, version, type_name, payload, schema, at, by in rows:
        if stream != current and batch:
            yield current, batch
            batch = []
        current = stream
        event = from_payload(type_name, payload, schema)
        batch.append(StoredEvent(position, stream, club, version, type_name, event, at, by))
    if batch:
        yield current, batch
