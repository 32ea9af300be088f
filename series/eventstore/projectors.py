"""Read models beyond the score sheet subscribe here instead of being called by
the core. Two kinds:

- inline projectors: the series' projections and services hand every change
  to them, in the same transaction as the events;
- tailing projectors: they read the log after their stored checkpoint, a page
  at a time, outside any request (``follow_log``, run by ``manage.py
  follow_log``). The log's gap-safe order (``store``) means a position once
  read is never followed by an earlier one committing later, so nothing is
  skipped; each page and its checkpoint commit together, so a page is handled
  once, or again in full after a failure.

The league registers itself when the app is ready (``apps.py``), so neither
the series nor the roster knows anything of it, and a new read model is a new
subscriber.

Each kind of stream (a series', a night's, a championship's) has its own read
model, written by its writer; for the rebuild of every read model from the log
(``rebuild_log``) it registers its part (``StreamsRebuild``): its tables and how
to write them again from its streams, after the parts whose rows it reads.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import Protocol
from uuid import UUID

from django.db import connection, transaction

from series.database import dialects
from series.domain.registry import stream_of
from series.domain.roster import RosterState
from series.domain.series import SeriesState
from series.eventstore.store import StoredEvent, Write, iter_streams, log_after, read_after
from series.models import Checkpoint

PAGE = 1000


@dataclass(frozen=True, slots=True)
class SeriesChanged:
    """A series went from ``before`` to ``after`` (one command's events)."""

    series_id: UUID
    before: SeriesState
    after: SeriesState
    started_at: datetime


@dataclass(frozen=True, slots=True)
class RosterChanged:
    """Club ``club_id``'s roster went from ``before`` to ``after`` (a new guest,
    a merge, a retirement...) by ``events``."""

    club_id: int
    before: RosterState
    after: RosterState
    events: tuple = ()


class Projector(Protocol):
    def concerns(self, change: SeriesChanged) -> bool:
        """Whether ``series_changed`` has anything to read or write for ``change``."""

    def series_changed(self, change: SeriesChanged) -> Sequence[Write]:
        """Follow one series' change, inside the writer's transaction: what it
        writes itself, or the statements to make with the append (``Write``)."""

    def roster_changed(self, change: RosterChanged) -> None:
        """Follow a club's roster, inside the writer's transaction."""

    def club_changed(self, club_id: int) -> None:
        """A club's settings changed what its read models count."""

    def rebuild(self) -> None:
        """Write every table again, after the score sheets were rebuilt."""


class TailingProjector(Protocol):
    name: str  # its checkpoint's key

    def events_appended(self, events: list[StoredEvent]) -> None:
        """Handle a page of the log in order, inside the page's transaction."""

    def waiting(self) -> None:
        """Handle what is left to do that no event announces, once a poll, after
        the log was read to its end."""


@dataclass(frozen=True, slots=True)
class StreamsRebuild:
    """How the read model of one kind of stream is written again from the log:
    ``kind`` names the streams it reads (``registry.stream_of`` their events),
    ``tables`` its models, each before those it points to; ``rebuild`` writes
    them from every such stream's events, after the parts registered before it."""

    kind: str
    tables: tuple[type, ...]
    rebuild: Callable[[Iterable[tuple[UUID, list[StoredEvent]]]], None]


_inline: list[Projector] = []
_tailing: list[TailingProjector] = []
_streams: list[StreamsRebuild] = []


def register(projector: Projector) -> None:
    """Subscribe ``projector`` (once; registering it again changes nothing)."""
    if projector not in _inline:
        _inline.append(projector)


def register_streams(part: StreamsRebuild, *, after: tuple[str, ...] = ()) -> None:
    """Rebuild ``part``'s streams with the rest of the log (once), after the parts
    of the kinds ``after`` names, whose rows its rebuild reads: they must be
    registered before it. The first part registered reads no other's rows, so
    its streams are written as the log is read (``rebuild_log``)."""
    if part in _streams:
        return
    registered = {registered.kind for registered in _streams}
    missing = [kind for kind in after if kind not in registered]
    if missing:
        raise ValueError(f"{part.kind} is rebuilt after {', '.join(missing)}: register it first")
    if not _streams and after:
        raise ValueError(f"{part.kind} reads other parts' rows: it cannot be rebuilt first")
    _streams.append(part)


def streams_rebuilt() -> tuple[StreamsRebuild, ...]:
    """The registered parts of the rebuild, in the order they write."""
    return tuple(_streams)


def register_tailing(projector: TailingProjector) -> None:
    """Let ``projector`` follow the log from its checkpoint (once)."""
    if projector not in _tailing:
        _tailing.append(projector)


def follow_log(*, page: int = PAGE) -> int:
    """Hand every tailing projector the events after its checkpoint, until it has
    read the whole log; return how many events were handed."""
    handed = 0
    for projector in _tailing:
        while read := _follow_page(projector, page):
            handed += read
        projector.waiting()
    return handed


def _follow_page(projector: TailingProjector, page: int) -> int:
    # A look without a lock first: an idle poll costs two small reads.
    read = Checkpoint.objects.filter(projector=projector.name).values_list("position", flat=True)
    if not log_after(read.first() or 0):
        return 0
    with transaction.atomic():
        # Locked, so two followers take turns instead of handling a page twice.
        Checkpoint.objects.get_or_create(projector=projector.name)
        checkpoint = Checkpoint.objects.select_for_update().get(projector=projector.name)
        events = read_after(checkpoint.position, limit=page)
        if events:
            projector.events_appended(events)
            checkpoint.position = events[-1].position
            checkpoint.save(update_fields=["position"])
    return len(events)


def series_changed(change: SeriesChanged) -> list[Write]:
    """Hand ``change`` to the projectors it concerns; the statements they leave
    for the append to make with the events."""
    return [
        write
        for projector in _inline
        if projector.concerns(change)
        for write in projector.series_changed(change)
    ]


def roster_changed(change: RosterChanged) -> None:
    for projector in _inline:
        projector.roster_changed(change)


def club_changed(club_id: int) -> None:
    for projector in _inline:
        projector.club_changed(club_id)


def rebuild() -> None:
    for projector in _inline:
        projector.rebuild()


def rebuild_log(progress: Callable[[int], None] | None = None, *, every: int = 500) -> int:
    """Empty every registered part's tables and write them again from the log, in
    one transaction: each part in the order registered, then the inline
    projectors' tables (``rebuild``). A stream of a kind no part registered is
    read by its projector itself, if any.

    The log is read once, one stream at a time through a server-side cursor. The
    first part is handed its streams as they are read, so it can write them in
    batches and memory does not grow with them (``progress`` hears the events
    read after each ``every`` of them); each later part gets its streams once
    the one before it has written. Returns the number of events read."""
    parts = streams_rebuilt()
    read = [0]
    with transaction.atomic():
        _empty(parts)
        later: dict[str, list] = {part.kind: [] for part in parts[1:]}
        streams = _streams_of(parts[0].kind if parts else None, later, read, progress, every)
        if parts:
            parts[0].rebuild(streams)
        deque(streams, maxlen=0)  # the rest of the log, should the first part stop early
        for part in parts[1:]:
            part.rebuild(later[part.kind])
        rebuild()
    return read[0]


def _empty(parts: Sequence[StreamsRebuild]) -> None:
    """Empty the parts' tables: the last part registered first, since its rows may
    point to those written before."""
    tables = [model._meta.db_table for part in reversed(parts) for model in part.tables]
    with connection.cursor() as cursor:
        dialects.current().empty_tables(cursor, tables)


def _streams_of(
    first: str | None,
    later: dict[str, list],
    read: list[int],
    progress: Callable[[int], None] | None,
    every: int,
) -> Iterator[tuple[UUID, list[StoredEvent]]]:
    """The log's streams of kind ``first``, one at a time; the streams of the later
    parts' kinds kept in ``later`` meanwhile, and the events read counted in
    ``read``."""
    handed = 0
    for stream, events in iter_streams():
        read[0] += len(events)
        kind = stream_of(events[0].event)
        if kind == first:
            yield stream, events
            handed += 1
            if progress is not None and handed % every == 0:
                progress(read[0])
        elif kind in later:
            later[kind].append((stream, events))
