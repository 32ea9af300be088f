"""Read models computed from the events, and their rebuild.

A series' rows are rewritten from its folded state in the same transaction
as the events that changed it; ``rebuild`` runs the same code over the whole
log, so a rebuild yields the same tables by construction (and a test checks).
"""

from __future__ import annotations

from collections.abc import Callable
from datetime import datetime
from uuid import UUID

from django.db import transaction

from . import store
from .domain.series import SeriesState, fold
from .models import DealLine, DealScore, SeriesSeat, SeriesSheet

PROJECTION_MODELS = (SeriesSheet, SeriesSeat, DealLine, DealScore)


def project_series(
    series_id: UUID, state: SeriesState, *, started_at: datetime, updated_at: datetime
) -> None:
    """Write the score sheet of one series from its state."""
    setup = state.setup
    club_id = setup.club
    sheet = SeriesSheet(
        id=series_id,
        club_id=club_id,
        preset=setup.rules.preset,
        rules=setup.rules.as_dict(),
        status=state.status,
        version=state.version,
        deals_played=sum(1 for deal in state.deals if not deal.void),
        next_dealer_id=state.next_dealer,
        winner_id=state.winner,
        tiebreak_players=list(state.tiebreak_players),
        eliminated=list(state.eliminated),
        started_at=started_at,
        updated_at=updated_at,
    )
    if not SeriesSheet.objects.filter(id=series_id).update(
        **{f.attname: getattr(sheet, f.attname) for f in SeriesSheet._meta.concrete_fields[1:]}
    ):
        sheet.save(force_insert=True)
    _replace_rows(series_id, club_id, state)


def _replace_rows(series_id: UUID, club_id: int, state: SeriesState) -> None:
    for model in (SeriesSeat, DealLine, DealScore):
        model.objects.filter(series_id=series_id).delete()
    totals = state.totals
    SeriesSeat.objects.bulk_create(
        SeriesSeat(series_id=series_id, club_id=club_id, player_id=p, seat=seat, total=totals[p])
        for seat, p in enumerate(state.setup.players, start=1)
    )
    DealLine.objects.bulk_create(
        DealLine(
            series_id=series_id,
            club_id=club_id,
            number=deal.number,
            dealer_id=deal.dealer,
            went_out_id=deal.entry.went_out,
            tiebreak=deal.tiebreak,
            corrected=deal.corrected,
            void=deal.void,
        )
        for deal in state.deals
    )
    DealScore.objects.bulk_create(
        DealScore(series_id=series_id, club_id=club_id, number=deal.number, player_id=p, points=n)
        for deal in state.deals
        for p, n in deal.scores.items()
    )


def rebuild(progress: Callable[[int], None] | None = None) -> int:
    """Drop every projection row and project the whole log again, one stream at
    a time. Returns the number of events read."""
    events_read = 0
    with transaction.atomic():
        for model in reversed(PROJECTION_MODELS):
            model.objects.all().delete()
        for stream, events in store.iter_streams():
            state = fold(stored.event for stored in events)
            project_series(
                stream,
                state,
                started_at=events[0].recorded_at,
                updated_at=events[-1].recorded_at,
            )
            events_read += len(events)
            if progress is not None:
                progress(events_read)
    return events_read
