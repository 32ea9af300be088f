"""Read models computed from the events, and their rebuild.

A series' rows follow its folded state in the same transaction as the events
that changed it: a recorded deal adds its rows and updates the header; any
other change rewrites the series' rows. ``rebuild`` turns the states of the
whole log into rows with the same ``Rows`` builder (``REBUILD``, the first
part registered with ``projectors``), and a property test checks that a
rebuild equals the rows written along the way.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from datetime import datetime
from functools import cache
from typing import Any
from uuid import UUID

from django.db import connection

from series.database import dialects
from series.domain.events import DealRecorded, Event, PlayerSeated
from series.domain.series import Deal, SeriesState, fold
from series.domain.series.standing import standing_of
from series.eventstore import projectors, store
from series.eventstore.projectors import SeriesChanged
from series.eventstore.row_source import insert_rows
from series.models import DealLine, DealScore, SeriesSeat, SeriesSheet
from series.models import Event as EventRow
from series.sheets import snapshot
from series.sheets import standing as kept_standing

# Children first: the order in which rows can be deleted.
PROJECTION_MODELS = (DealScore, DealLine, SeriesSeat, SeriesSheet)


def _sheet_fields(state: SeriesState, updated_at: datetime) -> dict[str, Any]:
    """The score sheet header's fields that change as the series goes on."""
    return {
        "status": state.status,
        "version": state.version,
        "deals_played": sum(1 for deal in state.deals if not deal.void),
        "next_dealer_id": state.next_dealer,
        "winner_id": state.winner,
        "totals": {str(player): total for player, total in state.totals.items()},
        "tiebreak_players": list(state.tiebreak_players),
        "eliminated": list(state.eliminated),
        "unconfirmed": state.unconfirmed,
        "updated_at": updated_at,
        "snapshot": snapshot.encode(state),
        "standing": kept_standing.encode(standing_of(state)),
    }


# The header's columns: the fixed ones, then those of _sheet_fields in order.
SHEET_COLUMNS = (
    "id",
    "club",
    "preset",
    "rules",
    "started_at",
    "status",
    "version",
    "deals_played",
    "next_dealer",
    "winner",
    "totals",
    "tiebreak_players",
    "eliminated",
    "unconfirmed",
    "updated_at",
    "snapshot",
    "standing",
)
SEAT_COLUMNS = ("series", "club", "player", "seat")
LINE_COLUMNS = (
    "series",
    "club",
    "number",
    "dealer",
    "went_out",
    "tiebreak",
    "corrected",
    "void",
    "confirmation",
)
SCORE_COLUMNS = ("series", "club", "number", "player", "points")


@dataclass
class Rows:
    """Projection rows of one or more series as tuples, ready to write.

    Plain tuples rather than model instances: a rebuild writes hundreds of
    thousands of rows, and PostgreSQL takes them fastest through COPY.
    """

    sheets: list[tuple] = field(default_factory=list)
    seats: list[tuple] = field(default_factory=list)
    lines: list[tuple] = field(default_factory=list)
    scores: list[tuple] = field(default_factory=list)

    def add_series(self, series_id: UUID, state: SeriesState, started_at, updated_at) -> None:
        setup = state.setup
        key = _db_uuid(series_id)
        header = _sheet_fields(state, updated_at)
        header["updated_at"] = _db_datetime(updated_at)
        for name in ("totals", "tiebreak_players", "eliminated", "snapshot", "standing"):
            header[name] = json.dumps(header[name])
        self.sheets.append(
            (
                key,
                setup.club,
                setup.rules.preset,
                json.dumps(setup.rules.as_dict()),
                _db_datetime(started_at),
                *header.values(),
            )
        )
        self.seats.extend(
            (key, setup.club, player, seat) for seat, player in enumerate(setup.players, start=1)
        )
        for deal in state.deals:
            self.add_deal(key, setup.club, deal)

    def add_deal(self, key, club_id: int, deal: Deal) -> None:
        self.lines.append(
            (
                key,
                club_id,
                deal.number,
                deal.dealer,
                deal.entry.went_out,
                deal.tiebreak,
                deal.corrected,
                deal.void,
                deal.confirmation,
            )
        )
        self.scores.extend(
            (key, club_id, deal.number, player, points) for player, points in deal.scores.items()
        )

    def insert(self) -> None:
        _write(SeriesSheet, SHEET_COLUMNS, self.sheets)
        _write(SeriesSeat, SEAT_COLUMNS, self.seats)
        _write(DealLine, LINE_COLUMNS, self.lines)
        _write(DealScore, SCORE_COLUMNS, self.scores)

    def __len__(self) -> int:
        return len(self.sheets)


def _db_uuid(value: UUID):
    return dialects.current().db_uuid(value)


def _db_datetime(value: datetime):
    return dialects.current().db_datetime(value)


def _write(model, names: tuple[str, ...], rows: list[tuple]) -> None:
    if not rows:
        return
    with connection.cursor() as cursor:
        dialects.current().copy_rows(cursor, model, names, rows)


def project(
    series_id: UUID,
    *,
    before: SeriesState,
    after: SeriesState,
    events: Sequence[Event],
    started_at: datetime,
    updated_at: datetime,
    stamp: datetime | None = None,
) -> list[store.Write]:
    """Bring the series' rows from ``before`` to ``after``.

    A recorded deal's rows (the header, its line and scores) are returned as
    writes for ``store.append`` to make in the same statement as the event;
    any other change is written here. The writes the other read models leave
    (``projectors.series_changed``: the league's mark) are returned with them.
    The header is updated only where it still stands at ``before.version``
    (and, for a state a worker remembered, was last updated at ``stamp``); a
    concurrent writer that got there first makes this a VersionConflict (the
    event append would refuse it too).
    """
    if before.setup is None:
        project_series(series_id, after, started_at=started_at, updated_at=updated_at)
        return []
    change = SeriesChanged(series_id, before, after, started_at)
    if in_append(before, events):
        writes = _deal_writes(series_id, before, after, updated_at, stamp)
        return writes + projectors.series_changed(change)
    header = SeriesSheet.objects.filter(id=series_id, version=before.version)
    if stamp is not None:
        header = header.filter(updated_at=stamp)
    if not header.update(**_sheet_fields(after, updated_at)):
        raise store.VersionConflict(series_id, before.version, None)
    if any(isinstance(event, PlayerSeated) for event in events):
        _replace_seats(series_id, after)
    _replace_deals(series_id, after)
    return projectors.series_changed(change)


def in_append(before: SeriesState, events: Sequence[Event]) -> bool:
    """Whether ``project`` would only return rows for the append's own statement,
    running nothing itself: recorded deals (the read models that follow them,
    the league, leave their writes to that statement too)."""
    return before.setup is not None and all(isinstance(event, DealRecorded) for event in events)


def _deal_writes(
    series_id: UUID,
    before: SeriesState,
    after: SeriesState,
    updated_at: datetime,
    stamp: datetime | None,
) -> list[store.Write]:
    """The header's update (guarded by the version the command started from,
    and by ``stamp`` when given) and the added deals' lines and scores, as
    statements for the append."""
    sheet = SeriesSheet._meta
    fields = _sheet_fields(after, updated_at)
    columns = ", ".join(f"{sheet.get_field(name).column} = %s" for name in fields)
    values = [
        sheet.get_field(name).get_db_prep_save(value, connection) for name, value in fields.items()
    ]
    key = sheet.pk.get_db_prep_value(series_id, connection)
    guard, guard_params = "id = %s AND version = %s", [key, before.version]
    if stamp is not None:
        guard += " AND updated_at = %s"
        guard_params.append(sheet.get_field("updated_at").get_db_prep_value(stamp, connection))
    header = store.Write(
        f"UPDATE {sheet.db_table} SET {columns} WHERE {guard}",
        [*values, *guard_params],
        guard=True,
    )
    writes = [header]
    held = store.guards_held()  # no line without its header's update
    for deal in after.deals[len(before.deals) :]:
        rows = Rows()
        rows.add_deal(_db_uuid(series_id), after.setup.club, deal)
        writes.append(store.Write(*insert_rows(DealLine, LINE_COLUMNS, rows.lines, where=held)))
        if rows.scores:
            scores = insert_rows(DealScore, SCORE_COLUMNS, rows.scores, where=held)
            writes.append(store.Write(*scores))
    return writes


def saved_state(series_id: UUID) -> tuple[SeriesState, datetime] | None:
    """The series' state from its sheet's snapshot, and when it started, in one
    query; None without a sheet or when the snapshot is not of the stream's
    current version (the caller folds the log then)."""
    sheet = SeriesSheet._meta
    key = sheet.pk.get_db_prep_value(series_id, connection)
    with connection.cursor() as cursor:
        cursor.execute(_saved_state_sql(), [key, key])
        row = cursor.fetchone()
    if row is None:
        return None
    data, started_at, version = row
    if isinstance(data, str):  # the drivers hand JSON over as text
        data = json.loads(data)
    started_at = dialects.current().read_datetime(started_at)
    state = snapshot.decode(data, version=version)
    return None if state is None else (state, started_at)


@cache
def _saved_state_sql() -> str:
    sheet, log = SeriesSheet._meta.db_table, EventRow._meta.db_table
    return (
        f"SELECT snapshot, started_at, (SELECT MAX(version) FROM {log} WHERE stream = %s) "
        f"FROM {sheet} WHERE id = %s"
    )


def _replace_seats(series_id: UUID, state: SeriesState) -> None:
    """A player seated late: the seats and the rules the series now plays."""
    setup = state.setup
    SeriesSheet.objects.filter(id=series_id).update(
        preset=setup.rules.preset, rules=setup.rules.as_dict()
    )
    SeriesSeat.objects.filter(series_id=series_id).delete()
    rows = Rows()
    rows.seats.extend(
        (_db_uuid(series_id), setup.club, player, seat)
        for seat, player in enumerate(setup.players, start=1)
    )
    rows.insert()


def _replace_deals(series_id: UUID, state: SeriesState) -> None:
    DealScore.objects.filter(series_id=series_id).delete()
    DealLine.objects.filter(series_id=series_id).delete()
    rows = Rows()
    for deal in state.deals:
        rows.add_deal(_db_uuid(series_id), state.setup.club, deal)
    rows.insert()


def project_series(
    series_id: UUID, state: SeriesState, *, started_at: datetime, updated_at: datetime
) -> None:
    """Write all the rows of a new series."""
    rows = Rows()
    rows.add_series(series_id, state, started_at, updated_at)
    rows.insert()


# The score sheets' rows are inserted this many series at a time in a rebuild.
BATCH = 500


def rebuild_sheets(streams: Iterable[tuple[UUID, list[store.StoredEvent]]]) -> None:
    """Write the score sheets of ``streams`` (every series' stream, one at a time,
    as the log is read) in batches, so memory does not grow with the series
    played."""
    rows = Rows()
    for stream, events in streams:
        state = fold(stored.event for stored in events)
        rows.add_series(stream, state, events[0].recorded_at, events[-1].recorded_at)
        if len(rows) >= BATCH:
            rows.insert()
            rows = Rows()
    rows.insert()


# The rebuild's first part: the others' rows read the score sheets (``apps.py``).
REBUILD = projectors.StreamsRebuild("series", PROJECTION_MODELS, rebuild_sheets)


def rebuild(progress: Callable[[int], None] | None = None) -> int:
    """Empty every projection table and project the whole log again: each
    registered part's streams in order, the score sheets first, then the
    projectors' tables (``projectors.rebuild_log``). Returns the number of
    events read."""
    return projectors.rebuild_log(progress, every=BATCH)
