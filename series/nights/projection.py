"""A night's read models (``Night``, ``NightSeat``, and each table's number on
its series' score sheet), written from the night's state in the writer's
transaction, and rebuilt from the log."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import replace
from datetime import date, datetime, time
from uuid import UUID

from series.domain.nights.events import NightOpened
from series.domain.nights.night import NightState, fold
from series.domain.nights.planning import coming, not_coming
from series.eventstore import projectors
from series.models import Night, NightSeat, SeriesSheet
from series.nights.selectors import night_ranking


def project(
    night_id: UUID,
    state: NightState,
    *,
    opened_at: datetime,
    updated_at: datetime,
    opens: bool = False,
) -> None:
    """Write the night's header, its seats and its tables' numbers as ``state`` has them.

    ``opened_at`` is when the night's row is first written (a night planned
    ahead: when it was planned); ``opens``: this change opens a night planned
    ahead, at ``updated_at``, which is then when it opened."""
    columns = {
        "club_id": state.club,
        "date": date.fromisoformat(state.date),
        "version": state.version,
        "closed": state.closed,
        "method": state.method,
        "rules": dict(state.rules),
        "present": list(state.present),
        "rounds": len(state.rounds),
        "points": _points(night_id, state),
        "closes": state.closes,
        "updated_at": updated_at,
        **planned_columns(state),
    }
    if opens:
        columns["opened_at"] = updated_at
    Night.objects.update_or_create(
        id=night_id, defaults=columns, create_defaults={"opened_at": opened_at, **columns}
    )
    NightSeat.objects.filter(night_id=night_id).delete()
    NightSeat.objects.bulk_create(_seats(night_id, state))
    for round_ in state.rounds:
        for table in round_.tables:
            if table.series is not None:
                SeriesSheet.objects.filter(id=table.series, table_number__isnull=True).update(
                    night=night_id, table_number=table.number
                )


def planned_columns(state: NightState) -> dict:
    """A night planned ahead's columns: its stage, time, venue, moves and answers."""
    return {
        "planned": state.planned,
        "withdrawn": state.withdrawn is not None,
        "time": time.fromisoformat(state.time) if state.time else None,
        "venue": state.venue,
        "sequence": state.moves,
        "coming": list(coming(state)),
        "not_coming": list(not_coming(state)),
    }


def _points(night_id: UUID, state: NightState) -> list[dict]:
    """The lines recorded at the night's last close, with each player's penalty and
    deals over the tables played (the season's tiebreak pools them, RULES D-17,
    D-27): a close recorded before they were is read once from its tables."""
    missing = any(p.penalty is None or p.deals is None for p in state.points)
    counted = _from_tables(night_id, state) if missing else {}
    lines = []
    for p in state.points:
        penalty, deals = (p.penalty, p.deals) if not missing else counted.get(p.player, (0, 0))
        lines.append(
            {
                "player": p.player,
                "place": p.place,
                "points": p.points,
                "per_deal": p.per_deal,
                "rounds": p.rounds,
                "penalty": penalty,
                "deals": deals,
            }
        )
    return lines


def _from_tables(night_id: UUID, state: NightState) -> dict[int, tuple[int | None, int | None]]:
    """Each player's (penalty, deals) over the night's tables played, as their
    score sheets stand (written before the nights in a rebuild)."""
    ranking = night_ranking(night_id, state=replace(state, closed=False))
    return {line.player: (line.penalty, line.deals) for line in ranking.lines}


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
        opened = (e.recorded_at for e in events if isinstance(e.event, NightOpened))
        opened_at = next(opened, events[0].recorded_at)  # planned and not opened: planned
        project(night_id, state, opened_at=opened_at, updated_at=events[-1].recorded_at)


# A rebuild writes the nights after their tables' score sheets (``apps.py``).
REBUILD = projectors.StreamsRebuild("night", (NightSeat, Night), rebuild)


def empty() -> None:
    NightSeat.objects.all().delete()
    Night.objects.all().delete()


def points_read_again(night_id: UUID) -> list[dict]:
    """A closed night's lines as its projection writes them today (an upgrade's:
    the penalty and deals of a close recorded before them)."""
    from series.eventstore import store

    state = fold(stored.event for stored in store.load_stream(night_id))
    return _points(night_id, state)
