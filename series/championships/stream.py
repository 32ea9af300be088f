"""A championship as a stream kind of the one writer (``writer.StreamKind``).

What only the log's lock makes exact is checked after the append (``appended``):
a night added is not another championship's, and a cut still stands for the
qualifying nights' last closes (a night reopened or closed again meanwhile
refuses it; a night's reopening, in turn, is refused once the cut is made:
``selectors.refuse_reopen_after_cut``, run by the night's own ``appended``).
"""

from __future__ import annotations

from uuid import UUID

from series.domain.championships.championship import (
    AddNight,
    ChampionshipCommand,
    ChampionshipState,
    CloseChampionship,
    MakeCut,
    OpenChampionship,
    check_recorded,
    decide,
    fold,
)
from series.domain.championships.errors import InvalidChampionship
from series.domain.championships.events import ChampionshipNightAdded, CutMade
from series.domain.errors import _
from series.eventstore import store, writer
from series.eventstore.writer import Change, Loaded, digest
from series.models import ChampionshipNight

from . import projection, selectors


class ChampionshipStream:
    stale = _("The championship is at version {current}, not {expected}: reload it and try again.")
    remembered = True  # a championship's id is a fresh UUID, never another stream's

    def load(self, stream: UUID, *, up_to_version: int | None = None) -> Loaded[ChampionshipState]:
        events = store.load_stream(stream, up_to_version=up_to_version)
        since = events[0].recorded_at if events else None
        return Loaded(fold(stored.event for stored in events), since)

    def new_stream(self, command: ChampionshipCommand) -> Loaded[ChampionshipState] | None:
        return Loaded(ChampionshipState()) if isinstance(command, OpenChampionship) else None

    def version(self, state: ChampionshipState) -> int:
        return state.version

    def decide(self, state: ChampionshipState, command: ChampionshipCommand) -> list:
        return decide(state, command)

    def fold(self, events, state: ChampionshipState) -> ChampionshipState:
        return fold(events, state)

    def project(self, stream: UUID, change: Change[ChampionshipState]) -> None:
        projection.project(
            stream, change.after, opened_at=change.started_at, updated_at=change.updated_at
        )

    def appended(self, stream: UUID, change: Change[ChampionshipState]) -> None:
        for event in change.events:
            if isinstance(event, ChampionshipNightAdded):
                taken = ChampionshipNight.objects.filter(night_id=event.night).exclude(
                    championship_id=stream
                )
                if taken.exists():
                    raise InvalidChampionship(
                        _("The night counts for another championship already."),
                        code="championship_night_taken",
                        field="night",
                    )
            if isinstance(event, CutMade) and isinstance(change.command, MakeCut):
                read = selectors.cut_reading(change.before)
                if read != (change.command.nights, change.command.open):
                    raise InvalidChampionship(
                        _("A qualifying night changed while the cut was made: make it again."),
                        code="championship_night_changed",
                    )

    def in_append(self, stream: UUID, change: Change[ChampionshipState]) -> bool:
        return False

    def club_of(self, state: ChampionshipState) -> int:
        return state.club

    def fingerprint(self, stream: UUID, command: ChampionshipCommand) -> str:
        """What a retry repeats: the director's request, not what the service read
        for it (the nights' points, a night's facts)."""
        match command:
            case AddNight():
                return digest(f"{stream}|AddNight{command.night.night!r}")
            case MakeCut():
                return digest(f"{stream}|MakeCut{command.final_size!r}")
            case CloseChampionship():
                return digest(f"{stream}|CloseChampionship")
            case OpenChampionship():
                return digest(f"None|{command!r}")
        return digest(f"{stream}|{command!r}")

    def restore(self, state: ChampionshipState | None, event) -> ChampionshipState:
        state = state or ChampionshipState()
        return writer.restored(self, state, event, fold=fold, unrecorded=check_recorded)


CHAMPIONSHIP = ChampionshipStream()
