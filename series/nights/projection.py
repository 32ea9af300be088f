"""A night's read models (``Night``, ``NightSeat``, and each table's number on
its series' score sheet), written from the night's state in the writer's
transaction, and rebuilt from the log."""

from __future__ import annotations

from collections.abc import Iterable
from datetime import date, datetime
from uuid import UUID

from series.domain.nights.night import NightState, fold
from series.models import Night, NightSeat, SeriesSheet


def project(
    night_id: UUID, state: NightState, *, opened_at: datetime, updated_at: datetime
) -> None:
    """Write the night's header, its seats and its tables' numbers as ``state`` has them."""
    Night.objects.update_or_create(
        id=night_id,
        defaults={
            "club_id": state.club,
            "date": date.fromisoformat(state.date),
            "version": state.version,
            "closed": state.closed,
            "method": state.method,
            "rules": dict(state.rules),
            "present": list(state.present),
            "rounds": len(state.rounds),
            "points": _points(state),
            "closes": state.closes,
            "opened_at": opened_at,
            "updated_at": updated_at,
        },
    )
    NightSeat.objects.filter(night_id=night_id).delete()
    NightSeat.objects.bulk_create(_seats(night_id, state))
    for round_ in state.rounds:
        for table in round_.tables:
            if table.series is not None:
                SeriesSheet.objects.filter(id=table.series, table_number__isnull=True).update(
                    night=night_id, table_number=table.number
                )


def _points(state: NightState) -> list[dict]:
    return [
        {
            "player": p.player,
            "place": p.place,
            "points": p.points,
            "per_deal": p.per_deal,
            "rounds": p.rounds,
        }
        for p in state.points
    ]


def _seats(night_id: UUID, state: NightState) -> Iterable[NightSeat]:
    for round_ in state.rounds:
        open_ = not round_.closed and not state.closed
        for table in round_.tables:
            for seat, player in enumerate(table.seats, start=1):
                yield NightSeat(
                    night_id=night_id,
                    club_id=state.club,
                    round=round_.number,
                    table=table.number,
                    seat=seat,
                    player_id=player,
                    first_dealer=player == table.first_dealer,
                    series=table.series,
                    open=open_,
                )


def rebuild(streams: Iterable[tuple[UUID, list]]) -> None:
    """Project each night again from its stored events (the score sheets are
    written first, so each table's number lands on its sheet)."""
    for night_id, events in streams:
        state = fold(stored.event for stored in events)
        project(night_id, state, opened_at=events[0].recorded_at, updated_at=events[-1].recorded_at)


def empty() -> None:
    NightSeat.objects.all().delete()
    Night.objects.all().delete()
