"""Read models beyond the score sheet subscribe here instead of being called by
the core: the series' projections and services hand every change to the
registered projectors, which run inline, in the same transaction as the
events. The league registers itself when the app is ready (``apps.py``), so
the series knows nothing of it, and a new read model is a new subscriber.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from typing import Protocol
from uuid import UUID

from .domain.series import SeriesState


@dataclass(frozen=True, slots=True)
class SeriesChanged:
    """A series went from ``before`` to ``after`` (one command's events)."""

    series_id: UUID
    before: SeriesState
    after: SeriesState
    started_at: datetime


class Projector(Protocol):
    def series_changed(self, change: SeriesChanged) -> None:
        """Follow one series' change, inside the writer's transaction."""

    def club_changed(self, club_id: int) -> None:
        """A club's settings changed what its read models count."""

    def rebuild(self) -> None:
        """Write every table again, after the score sheets were rebuilt."""


_inline: list[Projector] = []


def register(projector: Projector) -> None:
    """Subscribe ``projector`` (once; registering it again changes nothing)."""
    if projector not in _inline:
        _inline.append(projector)


def series_changed(change: SeriesChanged) -> None:
    for projector in _inline:
        projector.series_changed(change)


def club_changed(club_id: int) -> None:
    for projector in _inline:
        projector.club_changed(club_id)


def rebuild() -> None:
    for projector in _inline:
        projector.rebuild()
