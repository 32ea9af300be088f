"""The one writer of every stream: load → decide → project → append.

The state is read before the writer's transaction (inside it, under READ
COMMITTED, the read would see no more), and the command is decided there too
unless the caller holds a transaction already; the projections and the append
run in one transaction, the append writing only at the version decided on. An
ordinary deal's append on PostgreSQL is one statement, its own transaction.

A stream kind (a series, a club's roster, a night, a championship, a
federation's membership, a person's links) says what is particular to it:
how a stream's state is loaded, how a command is decided and folded, what
its inline projection writes, and what a stale write is called. The writer
does the rest for every kind alike: the client's expected version, the
idempotency key (scoped to the user), the replay of a retried key, a key
reused for another request, and a conflict that names the stream's kind.
Transient database errors are retried by the service functions that call
it (``retry.transient_retry``), which stay outside the transaction.
"""

from __future__ import annotations

import hashlib
import threading
from collections import OrderedDict
from collections.abc import Callable, Sequence
from contextlib import nullcontext
from dataclasses import dataclass
from datetime import datetime
from typing import Any, Generic, Protocol, TypeVar
from uuid import UUID

from django.db import transaction
from django.utils import timezone

from series.domain.errors import DomainError, _
from series.domain.registry import command_for
from series.eventstore import store
from series.eventstore.mapper import from_payload
from series.models import Event as EventRow

State = TypeVar("State")


class IdempotencyMismatch(DomainError):
    code = "idempotency_key_reused"


class StreamConflict(store.VersionConflict):
    """Another writer changed the stream first; ``template`` names the stream's
    kind ("The series is at version…"), so pages and API can say which."""

    def __init__(self, template: str, stream: UUID, expected: int, current: int | None) -> None:
        super().__init__(stream, expected, current)
        self.template = template

    @property
    def params(self) -> dict[str, Any]:
        return {"current": self.current, "expected": self.expected}

    @property
    def message(self) -> str:
        return self.template.format(**self.params)


@dataclass(frozen=True, slots=True)
class Loaded(Generic[State]):
    """A stream's state, and when its first event was recorded (None: a new stream).
    A state this worker remembers (``Committed``) also knows when its last event
    was recorded (``stamp``): the stream's read model must still say so."""

    state: State
    since: datetime | None = None
    stamp: datetime | None = None


class StreamKind(Protocol[State]):
    """What the writer needs to know of one kind of stream."""

    # A stale write, e.g. "The series is at version {current}, not {expected}…".
    stale: str
    # Whether the writer may decide on a state this process committed (see
    # ``Committed``): only where a stream's id is never given to another stream.
    remembered: bool

    def load(self, stream: UUID, *, up_to_version: int | None = None) -> Loaded[State]:
        """The stream's state (as of ``up_to_version``, for a replay)."""

    def new_stream(self, command: Any) -> Loaded[State] | None:
        """The state before ``command`` when it starts a new stream (nothing to
        load), else None."""

    def version(self, state: State) -> int: ...

    def decide(self, state: State, command: Any) -> list:
        """The events ``command`` records, or a DomainError."""

    def fold(self, events: Sequence, state: State) -> State: ...

    def project(self, stream: UUID, change: Change[State]) -> Sequence[store.Write] | None:
        """Write the inline read models of ``change``, in the writer's transaction;
        or return rows for ``store.append`` to write in the event's own statement."""

    def appended(self, stream: UUID, change: Change[State]) -> None:
        """Check, after the append and before the commit, what only the log's
        lock makes exact: every command appended before it has committed by
        then. Raise a DomainError to refuse the command (nothing is kept)."""

    def in_append(self, stream: UUID, change: Change[State]) -> bool:
        """Whether ``project`` would only return rows for the event's statement,
        running nothing itself (then that statement can be the transaction)."""

    def club_of(self, state: State) -> int:
        """The club whose log the stream belongs to (every row carries it)."""

    def fingerprint(self, stream: UUID, command: Any) -> str:
        """What a retry of ``command`` repeats exactly (its idempotency digest)."""

    def restore(self, state: State | None, event: Any) -> State:
        """The state after a recorded ``event`` read back (a restore), checked
        by deciding its command again on ``state`` (None: a new stream)."""


@dataclass(frozen=True, slots=True)
class Change(Generic[State]):
    """One command's effect on a stream, handed to its projection. ``stamp``:
    the remembered state's (``Loaded.stamp``), which the projection's guard
    requires of the stream's read model as well as its version. ``command``:
    the request decided, for a projection that writes what the events do not
    carry (a roster's reference rows: a player's new name)."""

    before: State
    after: State
    events: list
    started_at: datetime
    updated_at: datetime
    stamp: datetime | None = None
    command: Any = None


@dataclass(frozen=True, slots=True)
class Recording:
    """Who records a command, under which idempotency key, and when (now,
    unless a history is being replayed, as the demo club does)."""

    actor_id: int | None = None
    idempotency_key: str | None = None
    recorded_at: datetime | None = None


@dataclass(frozen=True, slots=True)
class Written(Generic[State]):
    """A stream's state after a command and the events it recorded; ``replayed``
    when a retry found them (then ``events`` holds the first only: the one that
    carries the key)."""

    stream: UUID
    state: State
    events: tuple = ()
    replayed: bool = False


class Committed:
    """The states this process committed last, a few hundred streams' worth.

    A command that names the version it expects, when that is the version
    remembered for its stream, is decided on the remembered state, and the
    stream is not read: the phone that recorded the last deal records the next
    from the state it was shown. A stream's state at a version never changes
    (its events are immutable and numbered by it), so a remembered state is
    never wrong, only perhaps no longer the latest: then the append's check of
    the version refuses the command, as it refuses one decided on a state read
    a moment before another writer's. Under several worker processes a command
    that another process's state would have served reads the stream as before.

    That holds while the database only moves forward. One restored, or failed
    over to a replica, can stand at an earlier point and then take other
    commands: a stream may come back to the version remembered with other
    events. So a remembered state also knows when its last event was recorded
    (``Loaded.stamp``), and the append requires the stream's read model to say
    the same. A command the remembered state could not carry (refused, or the
    stream elsewhere) is forgotten and decided once more on a read of the
    stream, which answers as if nothing had been remembered.
    """

    def __init__(self, size: int = 512) -> None:
        self.size = size
        self._states: OrderedDict[UUID, Loaded] = OrderedDict()
        self._lock = threading.Lock()

    def get(self, kind: StreamKind[State], stream: UUID, version: int) -> Loaded[State] | None:
        with self._lock:
            loaded = self._states.get(stream)
        if loaded is None or kind.version(loaded.state) != version:
            return None
        return loaded

    def keep(self, stream: UUID, loaded: Loaded) -> None:
        with self._lock:
            self._states[stream] = loaded
            self._states.move_to_end(stream)
            while len(self._states) > self.size:
                self._states.popitem(last=False)

    def forget(self, stream: UUID) -> None:
        with self._lock:
            self._states.pop(stream, None)

    def clear(self) -> None:
        with self._lock:
            self._states.clear()


COMMITTED = Committed()


def scoped_key(actor_id: int | None, key: str | None) -> str | None:
    """The one scheme for idempotency keys, from the pages and the API alike: the
    client's key scoped to the user who sends it, so two users' keys never collide
    and a key sent from a page and from the API by one user is one key."""
    return f"{actor_id or '-'}:{key}" if key else None


def digest(text: str) -> str:
    return hashlib.sha256(text.encode()).hexdigest()


def write(
    kind: StreamKind[State],
    stream: UUID,
    command: Any,
    *,
    expected_version: int | None = None,
    recording: Recording = Recording(),
) -> Written[State]:
    """Record ``command`` on ``stream``: a retry of a key that was used for this
    very request returns the state it produced and records nothing."""
    key = scoped_key(recording.actor_id, recording.idempotency_key)
    fingerprint = kind.fingerprint(stream, command) if key else None
    # No look-up of the key first: a retry of a command that was recorded finds
    # the stream moved on (a conflict or a refusal) or collides on the key's
    # unique index, and only then, after the rollback, the first result is read.
    try:
        return _decide_and_append(
            kind,
            stream,
            command,
            expected_version,
            Recording(recording.actor_id, key, recording.recorded_at),
            fingerprint,
        )
    except (DomainError, store.VersionConflict) as refused:
        replay = _replay(kind, key, fingerprint) if key else None
        if replay is not None:
            return replay
        if isinstance(refused, DomainError):
            raise
        current = refused.current
        if current is None:
            current = store.current_version(stream)
        raise StreamConflict(kind.stale, stream, refused.expected, current) from refused


def replayed(
    kind: StreamKind[State], stream: UUID, command: Any, recording: Recording
) -> Written[State] | None:
    """What an earlier request under ``recording``'s key recorded, when it was this
    very request: for a service that makes a row before it writes (a new guest),
    so a retry finds its first answer before the row is made again."""
    key = scoped_key(recording.actor_id, recording.idempotency_key)
    if key is None:
        return None
    return _replay(kind, key, kind.fingerprint(stream, command))


def _replay(kind: StreamKind[State], key: str, fingerprint: str | None) -> Written | None:
    first = store.find_by_key(key)
    if first is None:
        return None
    if first.command_digest != fingerprint:
        raise IdempotencyMismatch(
            _("This idempotency key was already used for a different request."),
            field="idempotency_key",
        )
    loaded = kind.load(first.stream, up_to_version=first.version)
    event = from_payload(first.type, first.payload, first.schema_version)
    return Written(first.stream, loaded.state, (event,), replayed=True)


def _decide_and_append(
    kind: StreamKind[State],
    stream: UUID,
    command: Any,
    expected_version: int | None,
    recording: Recording,
    fingerprint: str | None,
) -> Written[State]:
    def on(loaded: Loaded[State]) -> Written[State]:
        if transaction.get_connection().in_atomic_block:
            with transaction.atomic():
                change = _decided(kind, stream, command, loaded, expected_version, recording)
                _project_and_append(kind, stream, change, recording, fingerprint)
        else:
            change = _decided(kind, stream, command, loaded, expected_version, recording)
            # An ordinary deal is one statement (the event with the sheet's rows):
            # on its own it is atomic, and needs no BEGIN and COMMIT round trips.
            alone = store.one_statement(change.events) and kind.in_append(stream, change)
            with nullcontext() if alone else transaction.atomic():
                _project_and_append(kind, stream, change, recording, fingerprint)
        return Written(stream, change.after, tuple(change.events))

    remembered = _remembered(kind, stream, expected_version)
    if remembered is not None:
        try:
            return on(remembered)
        except (DomainError, store.VersionConflict):
            COMMITTED.forget(stream)  # not the stream's latest, or not the stream's
    # Read before the transaction: inside it, under READ COMMITTED, the read
    # would see no more, and the append checks that the stream is still at
    # the version the command was decided on.
    return on(kind.new_stream(command) or kind.load(stream))


def _remembered(kind: StreamKind[State], stream: UUID, expected: int | None) -> Loaded | None:
    if expected is None or not kind.remembered:
        return None
    return COMMITTED.get(kind, stream, expected)


def _decided(
    kind: StreamKind[State],
    stream: UUID,
    command: Any,
    loaded: Loaded[State],
    expected_version: int | None,
    recording: Recording,
) -> Change[State]:
    version = kind.version(loaded.state)
    if expected_version is not None and version != expected_version:
        raise store.VersionConflict(stream, expected_version, version)
    events = kind.decide(loaded.state, command)
    now = recording.recorded_at or timezone.now()
    after = kind.fold(events, loaded.state)
    return Change(loaded.state, after, events, loaded.since or now, now, loaded.stamp, command)


def _project_and_append(
    kind: StreamKind[State],
    stream: UUID,
    change: Change[State],
    recording: Recording,
    fingerprint: str | None,
) -> None:
    # Projections first, the append last: the append holds the log's lock
    # until commit, so the less work after it, the shorter the queue.
    writes = kind.project(stream, change)
    store.append(
        stream,
        club_id=kind.club_of(change.after),
        expected_version=kind.version(change.before),
        events=change.events,
        recorded_by_id=recording.actor_id,
        idempotency_key=recording.idempotency_key,
        command_digest=fingerprint if recording.idempotency_key else None,
        recorded_at=change.updated_at,
        writes=writes or (),
    )
    kind.appended(stream, change)
    if kind.remembered:  # once committed: at once when the append was its own transaction
        loaded = Loaded(change.after, change.started_at, change.updated_at)
        transaction.on_commit(lambda: COMMITTED.keep(stream, loaded))


# -- the bulk path: a restore -------------------------------------------------------


class NotAsRecorded(Exception):
    """A recorded event that the replay does not accept as it stands."""


class Replay:
    """The writer's bulk path, for a restore: events of many streams in log
    order, each checked through its kind (``restore``: the same decide as a
    live command) on its stream's state before it, kept in memory, so a check
    costs no query; the rows keep their positions, versions, keys and digests
    and are written in batches. Call inside the restore's transaction."""

    BATCH = 1000

    def __init__(self) -> None:
        self.states: dict[str, Any] = {}
        self.rows: list[EventRow] = []
        self.count = 0

    def add(self, kind: StreamKind[State], row: EventRow, event: Any) -> State:
        """Check ``event`` (stored as ``row``) and keep it; return the stream's state."""
        stream = str(row.stream)
        state = self.states.get(stream)
        version = 0 if state is None else kind.version(state)
        if row.version != version + 1:
            raise NotAsRecorded(
                f"version {row.version} does not follow {version} in stream {stream}"
            )
        after = kind.restore(state, event)
        self.states[stream] = after
        self.rows.append(row)
        self.count += 1
        if len(self.rows) >= self.BATCH:
            self.flush()
        return after

    def flush(self) -> None:
        EventRow.objects.bulk_create(self.rows)
        self.rows = []


def as_recorded(kind: StreamKind[State], state: State, command: Any, event: Any) -> None:
    """Refuse ``event`` unless deciding ``command`` on ``state`` records exactly it."""
    if kind.decide(state, command) != [event]:
        raise NotAsRecorded("the event is not what the rules record for its command")


def restored(
    kind: StreamKind[State],
    state: State,
    event: Any,
    *,
    fold: Callable[[list[Any], State], State],
    unrecorded: Callable[[State, Any], None] | None = None,
) -> State:
    """A stream kind's ``restore``: ``event``, read back, must be what deciding its
    command on ``state`` records (``as_recorded``); an event that no command
    decides again alone (its command says ``@records`` of none) is checked by
    ``unrecorded`` instead. The state after it, by the stream's ``fold``."""
    command = command_for(event)
    if command is None and unrecorded is not None:
        unrecorded(state, event)
    else:
        as_recorded(kind, state, command, event)
    return fold([event], state)
