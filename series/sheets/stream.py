"""The series as a stream kind of the one writer (``writer.StreamKind``).

What only the log's lock makes exact is checked after the append
(``SeriesStream.appended``): no player sits at two open tables of a club
(RULES D-19: ``seated_elsewhere``, which a night's stream runs for its draws
too), and a closed night's tables take no correction, void or abandon (RULES
D-22: ``refuse_closed_night``).
"""

from __future__ import annotations

from uuid import UUID

from series.domain.errors import DomainError, _
from series.domain.events import (
    DealCorrected,
    DealVoided,
    PlayerSeated,
    SeriesAbandoned,
    SeriesStarted,
)
from series.domain.series import (
    IN_PROGRESS,
    TIEBREAK,
    Command,
    SeriesState,
    StartSeries,
    apply,
    check_recorded_start,
    command_for,
    decide,
    decided,
    fold,
    with_checkable_reason,
)
from series.eventstore import store, writer
from series.eventstore.writer import Change, Loaded, digest
from series.models import NightSeat, RosterPlayer, SeriesSeat
from series.sheets import projection, selectors


def series_loaded(series_id: UUID, *, up_to_version: int | None = None) -> Loaded[SeriesState]:
    """The one way a series' state is loaded: from the snapshot on its sheet (one
    row), or by folding its events when the snapshot is missing or stale, or an
    earlier version is asked for (a replay)."""
    if up_to_version is None:
        saved = projection.saved_state(series_id)
        if saved is not None:
            return Loaded(*saved)
    events = store.load_stream(series_id, up_to_version=up_to_version)
    since = events[0].recorded_at if events else None
    return Loaded(fold(stored.event for stored in events), since)


class SeriesStream:
    """The series as a stream kind of the writer (``writer.StreamKind``)."""

    stale = _("The series is at version {current}, not {expected}: reload it and try again.")
    remembered = True  # a series' id is a fresh UUID (uuid4), never another's

    def load(self, stream: UUID, *, up_to_version: int | None = None) -> Loaded[SeriesState]:
        return series_loaded(stream, up_to_version=up_to_version)

    def version(self, state: SeriesState) -> int:
        return state.version

    def decide(self, state: SeriesState, command: Command) -> list:
        return decide(state, command)

    def fold(self, events, state: SeriesState) -> SeriesState:
        return fold(events, state)

    def new_stream(self, command: Command) -> Loaded[SeriesState] | None:
        # A start's id is fresh: there is no snapshot or log to read.
        return Loaded(SeriesState()) if isinstance(command, StartSeries) else None

    def project(self, stream: UUID, change: Change[SeriesState]) -> list[store.Write]:
        return projection.project(
            stream,
            before=change.before,
            after=change.after,
            events=change.events,
            started_at=change.started_at,
            updated_at=change.updated_at,
            stamp=change.stamp,
        )

    def appended(self, stream: UUID, change: Change[SeriesState]) -> None:
        # A start: checked under the log's lock, after its seats are written, so
        # that of two starts at once seating one player the second is refused.
        if change.before.version == 0:
            refuse_seated_elsewhere(stream, change.after)
        for event in change.events:
            if isinstance(event, PlayerSeated):  # a late arrival, as a start's seats
                seated_elsewhere(change.after.setup.club, [event.player], series=stream)
        if any(isinstance(event, CHANGES_A_RESULT) for event in change.events):
            refuse_closed_night(stream)

    def in_append(self, stream: UUID, change: Change[SeriesState]) -> bool:
        return projection.in_append(change.before, change.events)

    def club_of(self, state: SeriesState) -> int:
        return state.setup.club

    def fingerprint(self, stream: UUID, command: Command) -> str:
        # A retry carries the same command; StartSeries gets a fresh id each time,
        # so it is fingerprinted without one.
        return digest(f"{None if isinstance(command, StartSeries) else stream}|{command!r}")

    def restore(self, state: SeriesState | None, event) -> SeriesState:
        """A deal's event must be what deciding its command gives; a start is the
        record of what was decided when it began (``check_recorded_start``)."""
        state = state or SeriesState()
        if isinstance(event, SeriesStarted):
            check_recorded_start(state, event)
        else:
            event = decided(state, event)  # an event from before decided scores: scored now
            checked = with_checkable_reason(event)  # an earlier reason is kept as written
            writer.as_recorded(self, state, command_for(checked), checked)
        return apply(state, event)


SERIES = SeriesStream()


# What changes a finished table's result: refused while its night is closed (RULES D-22).
CHANGES_A_RESULT = (DealCorrected, DealVoided, SeriesAbandoned)


class NightIsClosed(DomainError):
    """A correction, void or abandon of a closed night's table (RULES D-22)."""

    code = "night_closed"


def refuse_closed_night(stream: UUID) -> None:
    """A closed night's result stands: its tables' series take no correction,
    void or abandon until the night is reopened (RULES D-22).

    Run by the writer after the append, under the log's lock (not in ``decide``,
    so a log recorded before this rule still restores): a close appended before
    has committed by then, so this read of the night's read model sees it; a
    close appended after reads this change's score sheet when it checks its
    own points (``NightStream.appended``)."""
    night = selectors.closed_night(stream)
    if night is None:
        return
    raise NightIsClosed(
        _(
            "Table {table} played at the club night of {date}, which is closed: its result "
            "stands. The night's director or a club admin can reopen the night on its page, "
            "saying why, to change it."
        ),
        night=str(night.night),
        date=night.date.isoformat(),
        table=night.table,
    )


class SeatedElsewhere(DomainError):
    """A new series seats a player who sits at another open table of the club."""

    code = "player_seated_elsewhere"


def same_persons(club_id: int, players) -> set[int]:
    """``players`` and every player merged with one of them (the same person)."""
    persons = set(
        RosterPlayer.objects.filter(club_id=club_id, player_id__in=players).values_list(
            "person_id", flat=True
        )
    ) | set(players)
    merged = RosterPlayer.objects.filter(club_id=club_id, person_id__in=persons)
    return persons | set(merged.values_list("player_id", flat=True))


def refuse_seated_elsewhere(stream: UUID, state: SeriesState) -> None:
    """No player is seated at two open tables of one club at once (RULES D-19):
    an open series, or a night's table drawn and not started yet.

    Run by the writer after the start's append, under the log's lock: every
    start appended before this one has committed by then, so this read sees
    its seats, and a start after it waits for this one's commit. A night's
    table starting its own series seats exactly that table's players in its
    seat order: that table is not "elsewhere"."""
    seated_elsewhere(
        state.setup.club, state.setup.players, series=stream, table_of=tuple(state.setup.players)
    )


def seated_elsewhere(
    club_id: int,
    players,
    *,
    series: UUID | None = None,
    night: UUID | None = None,
    table_of: tuple[int, ...] | None = None,
) -> None:
    """Refuse (``SeatedElsewhere``, naming the table) when one of ``players`` sits
    at an open series of the club other than ``series``, or at a table of an open
    night's round not started yet, other than one of ``night`` and other than
    the table seating exactly ``table_of``."""
    persons = same_persons(club_id, players)
    seats = SeriesSeat.objects.filter(
        club_id=club_id, player_id__in=persons, series__status__in=(IN_PROGRESS, TIEBREAK)
    )
    if series is not None:
        seats = seats.exclude(series_id=series)
    found = seats.order_by("series__started_at", "seat").values_list(
        "player_id", "series_id", "series__table_number"
    )
    taken = found.first()
    if taken is not None:
        player, open_series, table = taken
        if table is not None:
            _refuse_seated_at_night_table(player, open_series, table)
        raise SeatedElsewhere(
            _(
                "{player} is seated at another open series of the club: finish or abandon "
                "that series first."
            ),
            field="players",
            player=player,
            series=str(open_series),
        )
    _refuse_drawn_elsewhere(club_id, persons, night, table_of)


def _refuse_seated_at_night_table(player: int, series: UUID, table: int) -> None:
    raise SeatedElsewhere(
        _(
            "{player} is seated at Table {table} of tonight's night: finish or abandon "
            "that table's series first."
        ),
        field="players",
        player=player,
        series=str(series),
        table=table,
    )


def seated_at_another_night(club_id: int, players, *, night: UUID) -> None:
    """Refuse (``SeatedElsewhere``, naming the table) when one of ``players`` sits
    at a table of another open night of the club: drawn, or playing its series
    (RULES D-19; a player at an open series outside a night may still check in)."""
    persons = same_persons(club_id, players)
    seats = (
        SeriesSeat.objects.filter(
            club_id=club_id,
            player_id__in=persons,
            series__status__in=(IN_PROGRESS, TIEBREAK),
            series__table_number__isnull=False,
        )
        .exclude(series__night=night)
        .order_by("series__started_at", "seat")
        .values_list("player_id", "series_id", "series__table_number")
    )
    taken = seats.first()
    if taken is not None:
        player, open_series, table = taken
        _refuse_seated_at_night_table(player, open_series, table)
    _refuse_drawn_elsewhere(club_id, persons, night, None)


def _refuse_drawn_elsewhere(
    club_id: int, persons: set[int], night: UUID | None, table_of: tuple[int, ...] | None
) -> None:
    drawn = NightSeat.objects.filter(
        club_id=club_id, open=True, series__isnull=True, player_id__in=persons
    )
    if night is not None:
        drawn = drawn.exclude(night_id=night)
    for seat in drawn.order_by("night_id", "round", "table"):
        if table_of is not None:
            table = NightSeat.objects.filter(
                night_id=seat.night_id, round=seat.round, table=seat.table
            ).order_by("seat")
            if tuple(table.values_list("player_id", flat=True)) == table_of:
                continue
        raise SeatedElsewhere(
            _(
                "{player} is seated at Table {table} of tonight's night: finish or abandon "
                "that table's series first."
            ),
            field="players",
            player=seat.player_id,
            night=str(seat.night_id),
            table=seat.table,
        )
