"""The series' writers. A series' commands go through the one writer of every
stream (``series.eventstore.writer``: load → decide → project → append, in one
transaction). Clubs, players and members have their own writers in
``series.clubs``.

Every function takes keyword arguments, returns the series state after the
command, and raises a DomainError (rules), VersionConflict (a concurrent
writer) or IdempotencyMismatch (a reused key) without changing anything.
"""

from __future__ import annotations

import uuid
from dataclasses import dataclass
from datetime import datetime
from typing import Any
from uuid import UUID

from series.clubs.players import not_a_player_of_club
from series.domain.errors import DomainError, _
from series.domain.events import (
    DealCorrected,
    DealEntry,
    DealVoided,
    PlayerSeated,
    SeriesAbandoned,
    SeriesStarted,
)
from series.domain.rules import Rules, rules_from
from series.domain.series import (
    IN_PROGRESS,
    TIEBREAK,
    AbandonSeries,
    Command,
    CorrectDeal,
    RecordDeal,
    SeatPlayer,
    SeriesState,
    StartSeries,
    VoidDeal,
    apply,
    check_recorded_start,
    command_for,
    decide,
    decided,
    fold,
    with_checkable_reason,
)
from series.domain.series.commands import ConfirmDeal, DisputeDeal
from series.eventstore import store, writer
from series.eventstore.retry import transient_retry

# IdempotencyMismatch and scoped_key: callers import them from here.
from series.eventstore.writer import (
    Change,
    IdempotencyMismatch,  # noqa: F401
    Loaded,
    Recording,
    digest,
    scoped_key,  # noqa: F401
)
from series.models import Club, NightSeat, Player, RosterPlayer, SeriesSeat
from series.sheets import projection, selectors


@dataclass(frozen=True, slots=True)
class SeriesResult:
    """A series' state after a command; ``replayed`` when a retry found it."""

    series_id: UUID
    state: SeriesState
    replayed: bool = False


def series_load(series_id: UUID, *, up_to_version: int | None = None) -> SeriesState:
    return series_loaded(series_id, up_to_version=up_to_version).state


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


@transient_retry
def series_start(
    *,
    club: Club,
    players: list[int],
    first_dealer: int,
    rules: str = "continental",
    options: dict[str, Any] | None = None,
    actor_id: int | None = None,
    idempotency_key: str | None = None,
    recorded_at: datetime | None = None,
) -> SeriesResult:
    """Start a series for players of ``club`` seated in the given order; a retired
    player is not seated (the pages do not offer them either)."""
    _check_players_of_club(club, players)
    _refuse_retired(club, players)
    command = StartSeries(
        club=club.id,
        players=tuple(players),
        first_dealer=first_dealer,
        rules=rules_from(rules, options),
    )
    recording = Recording(actor_id, idempotency_key, recorded_at)
    return _execute(uuid.uuid4(), command, 0, recording)


def _check_players_of_club(club: Club, players: list[int]) -> None:
    known = set(Player.objects.filter(club=club, id__in=players).values_list("id", flat=True))
    for player in players:
        if player not in known:
            raise not_a_player_of_club(player, field="players")


def _refuse_retired(club: Club, players: list[int]) -> None:
    retired = Player.objects.filter(club=club, id__in=players, roster__retired=True)
    player = retired.values_list("id", flat=True).first()
    if player is not None:
        raise DomainError(
            _("{player} has retired from the club and cannot be seated in a new series."),
            code="player_retired",
            player=player,
            field="players",
        )


@transient_retry
def deal_record(
    *,
    series_id: UUID,
    entry: DealEntry,
    expected_version: int | None = None,
    number: int | None = None,
    dealer: int | None = None,
    actor_id: int | None = None,
    idempotency_key: str | None = None,
    recorded_at: datetime | None = None,
    needs_confirmation: bool | None = None,
) -> SeriesResult:
    """Record the next deal. ``needs_confirmation``: the club's setting, which the
    event keeps (pages and API pass the club they read; None reads it)."""
    asked = _asks_confirmation(series_id, needs_confirmation)
    command = RecordDeal(entry=entry, number=number, dealer=dealer, needs_confirmation=asked)
    recording = Recording(actor_id, idempotency_key, recorded_at)
    return _execute(series_id, command, expected_version, recording)


@transient_retry
def deal_correct(
    *,
    series_id: UUID,
    number: int,
    entry: DealEntry,
    reason: str,
    expected_version: int | None = None,
    actor_id: int | None = None,
    idempotency_key: str | None = None,
    recorded_at: datetime | None = None,
    needs_confirmation: bool | None = None,
) -> SeriesResult:
    asked = _asks_confirmation(series_id, needs_confirmation)
    command = CorrectDeal(number=number, entry=entry, reason=reason, needs_confirmation=asked)
    recording = Recording(actor_id, idempotency_key, recorded_at)
    return _execute(series_id, command, expected_version, recording)


def _asks_confirmation(series_id: UUID, needs_confirmation: bool | None) -> bool:
    """Whether the series' club asks for a second member's confirmation now."""
    if needs_confirmation is not None:
        return needs_confirmation
    clubs = Club.objects.filter(series__id=series_id)
    return bool(clubs.values_list("deals_need_confirmation", flat=True).first())


@transient_retry
def deal_void(
    *,
    series_id: UUID,
    number: int,
    reason: str,
    expected_version: int | None = None,
    actor_id: int | None = None,
    idempotency_key: str | None = None,
    recorded_at: datetime | None = None,
) -> SeriesResult:
    command = VoidDeal(number=number, reason=reason)
    recording = Recording(actor_id, idempotency_key, recorded_at)
    return _execute(series_id, command, expected_version, recording)


@transient_retry
def deal_confirm(
    *,
    series_id: UUID,
    number: int,
    user_id: int,
    player_id: int | None = None,
    expected_version: int | None = None,
    actor_id: int | None = None,
    idempotency_key: str | None = None,
) -> SeriesResult:
    """``user_id`` confirms deal ``number`` (as seated ``player_id``, when given):
    on their own phone (``actor_id`` is theirs) or with their PIN on the scorer's."""
    command = ConfirmDeal(number, user_id, player_id, _recorder(series_id, number))
    recording = Recording(actor_id or user_id, idempotency_key)
    return _execute(series_id, command, expected_version, recording)


@transient_retry
def deal_dispute(
    *,
    series_id: UUID,
    number: int,
    user_id: int,
    reason: str,
    player_id: int | None = None,
    expected_version: int | None = None,
    actor_id: int | None = None,
    idempotency_key: str | None = None,
) -> SeriesResult:
    command = DisputeDeal(number, user_id, reason, player_id, _recorder(series_id, number))
    recording = Recording(actor_id or user_id, idempotency_key)
    return _execute(series_id, command, expected_version, recording)


def _recorder(series_id: UUID, number: int) -> int | None:
    return selectors.deal_recorder(series_id, number)


@transient_retry
def series_abandon(
    *,
    series_id: UUID,
    reason: str = "",
    expected_version: int | None = None,
    actor_id: int | None = None,
    idempotency_key: str | None = None,
    recorded_at: datetime | None = None,
) -> SeriesResult:
    command = AbandonSeries(reason=reason)
    recording = Recording(actor_id, idempotency_key, recorded_at)
    return _execute(series_id, command, expected_version, recording)


def series_seat_player(
    *,
    series_id: UUID,
    player: int,
    rules: Rules,
    expected_version: int | None = None,
    actor_id: int | None = None,
    idempotency_key: str | None = None,
) -> SeriesResult:
    """Seat ``player`` after the last seat before the series' first deal, the
    series then playing ``rules`` (RULES D-22; a night's late arrival, written in
    the night's transaction by its service)."""
    command = SeatPlayer(player, rules)
    return _execute(series_id, command, expected_version, Recording(actor_id, idempotency_key))


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


def _execute(
    series_id: UUID, command: Command, expected_version: int | None, recording: Recording
) -> SeriesResult:
    written = writer.write(
        SERIES, series_id, command, expected_version=expected_version, recording=recording
    )
    return SeriesResult(written.stream, written.state, written.replayed)
