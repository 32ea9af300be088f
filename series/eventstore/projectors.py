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

A stream of another kind than the series' (a night's, a championship's) has its
own read model, written by its writer; for the rebuild of every read model from
the log (``sheets.projection.rebuild``) it registers its part (``StreamsRebuild``):
its tables and how to write them again from its streams.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import Protocol
from uuid import UUID

from django.db import transaction

from series.domain.roster import RosterState
from series.domain.series import SeriesState
from series.eventstore.store import StoredEvent, Write, log_after, read_after
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
    them from every such stream's events, after the score sheets and after the
    parts registered before it."""

    kind: str
    tables: tuple[type, ...]
    rebuild: Callable[[list[tuple[UUID, list[StoredEvent]]]], None]


_inline: list[Projector] = []
_tailing: list[TailingProjector] = []
_streams: list[StreamsRebuild] = []


def register(projector: Projector) -> None:
    """Subscribe ``projector`` (once; registering it again changes nothing)."""
    if projector not in _inline:
        _inline.append(projector)


def register_streams(part: StreamsRebuild) -> None:
    """Rebuild ``part``'s streams with the rest of the log (once)."""
    if part not in _streams:
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
