"""A club night as a stream kind of the one writer (``writer.StreamKind``).

What only the log's lock makes exact is checked after the append (``appended``):
a draw or a move seats no one who sits at another open table of the club, a
check-in no one who sits at another night's table (RULES D-19), a close stands
for the points its tables' series give now and a reopening passes the checks of
the contexts above the night (RULES D-22).
"""

from __future__ import annotations

from collections.abc import Callable
from uuid import UUID

from series.domain.errors import DomainError, _
from series.domain.nights.commands import (
    CloseNight,
    CloseRound,
    DrawRound,
    EnterTableResult,
    NightCommand,
    OpenNight,
)
from series.domain.nights.events import (
    NightClosed,
    NightPoints,
    NightReopened,
    PlayerMoved,
    PlayersCheckedIn,
    PlayersSwapped,
    RoundDrawn,
    RoundPointsRecorded,
)
from series.domain.nights.night import NightState, check_recorded, decide, fold
from series.domain.nights.planning import PlanNight
from series.eventstore import writer
from series.eventstore.writer import Change, Loaded, digest
from series.nights import projection, selectors
from series.sheets import stream as series_stream


class NightStream:
    """A club night as a stream kind of the writer (``writer.StreamKind``)."""

    stale = _("The night is at version {current}, not {expected}: reload it and try again.")
    remembered = True  # a night's id is a fresh UUID (uuid4), never another's

    def load(self, stream: UUID, *, up_to_version: int | None = None) -> Loaded[NightState]:
        return selectors.night_log(stream, up_to_version=up_to_version)

    def new_stream(self, command: NightCommand) -> Loaded[NightState] | None:
        return Loaded(NightState()) if type(command) in (OpenNight, PlanNight) else None

    def version(self, state: NightState) -> int:
        return state.version

    def decide(self, state: NightState, command: NightCommand) -> list:
        return decide(state, command)

    def fold(self, events, state: NightState) -> NightState:
        return fold(events, state)

    def project(self, stream: UUID, change: Change[NightState]) -> None:
        projection.project(
            stream,
            change.after,
            opened_at=change.started_at,
            updated_at=change.updated_at,
            opens=change.before.planned and not change.after.planned,
        )
        for follower in FOLLOWERS:
            follower(stream, change)

    def appended(self, stream: UUID, change: Change[NightState]) -> None:
        """A draw or a move seats no one who sits at another open table of the
        club, and a check-in no one who sits at another night's table (RULES
        D-19), checked under the log's lock like a series' start; a close records
        the points its tables' series give now (RULES D-22)."""
        seated, arrived = set(), set()
        for event in change.events:
            if isinstance(event, RoundDrawn | PlayerMoved | PlayersSwapped):
                seated |= set(_seats_not_started(change.after, event))
            if isinstance(event, PlayersCheckedIn):
                arrived |= set(event.players)
            if isinstance(event, NightClosed):
                _refuse_moved_result(stream, change.before, event)
            if isinstance(event, NightReopened):
                for check in REOPEN_CHECKS:  # RULES D-22: not after its championship's cut
                    check(stream)
        if seated:
            series_stream.seated_elsewhere(change.after.club, sorted(seated), night=stream)
        if arrived:
            series_stream.seated_at_another_night(change.after.club, sorted(arrived), night=stream)

    def in_append(self, stream: UUID, change: Change[NightState]) -> bool:
        return False  # its rows are written by ``project``

    def club_of(self, state: NightState) -> int:
        return state.club

    def fingerprint(self, stream: UUID, command: NightCommand) -> str:
        """What a retry repeats: the director's request, not what the service read
        for it (a draw's seed and the standings it read, the night's points)."""
        match command:
            case OpenNight() | PlanNight():  # a new stream's id is new at each attempt
                return digest(f"None|{command!r}")
            case DrawRound():
                asked = (command.min_table, command.max_table, command.method)
                return digest(f"{stream}|DrawRound{asked!r}")
            case CloseNight():
                return digest(f"{stream}|CloseNight")
            case CloseRound():
                return digest(f"{stream}|CloseRound")
            case EnterTableResult():
                asked = (command.round, command.table, command.order)
                return digest(f"{stream}|EnterTableResult{asked!r}")
        return digest(f"{stream}|{command!r}")

    def restore(self, state: NightState | None, event) -> NightState:
        state = state or NightState()
        return writer.restored(self, state, event, fold=fold, unrecorded=check_recorded)


NIGHT = NightStream()

# What follows a night's commands in their own transaction besides its read model
# (the members' mail after a close: ``series.mail.outbox``), registered by the
# app when it is ready; a rebuild or a restore runs none of them.
FOLLOWERS: list[Callable[[UUID, Change[NightState]], None]] = []

# What the contexts above the night add to it, registered by the app when it is
# ready, so that the night imports none of them: checks a reopening must pass
# under the log's lock (a championship's cut: ``series.championships``).
REOPEN_CHECKS: list[Callable[[UUID], None]] = []


def _seats_not_started(state: NightState, event: RoundDrawn | PlayerMoved | PlayersSwapped):
    """The seats of the tables ``event`` drew or changed that have not started: a
    late arrival at a started table is checked by its series (``PlayerSeated``)."""
    number = event.number if isinstance(event, RoundDrawn) else event.round
    round_ = next((r for r in state.rounds if r.number == number), None)
    for drawn in event.tables:
        now = round_.table(drawn.number) if round_ is not None else None
        if now is None or not now.started:
            yield from drawn.seats


class ResultMoved(DomainError):
    """A table's score sheet changed between a close's reading and its append."""

    code = "night_result_changed"


def close_reading(
    night_id: UUID, state: NightState
) -> tuple[tuple[NightPoints, ...], tuple[tuple[int, int, int], ...]]:
    """The points a close records (the ranking as its tables' series give it, RULES
    D-16, D-17) and the disputed deals that keep it open (RULES D-22)."""

    ranking = selectors.night_ranking(night_id, state=state)
    points = tuple(
        NightPoints(
            line.player,
            line.place,
            _text(line.points),
            _text(line.per_deal),
            line.rounds,
            line.penalty,
            line.deals,
            tuple(
                RoundPointsRecorded(r.round, r.table, r.place, _text(r.points))
                for r in line.per_round
            ),
        )
        for line in ranking.lines
    )
    return points, selectors.disputed_deals(state)


def _refuse_moved_result(night_id: UUID, before: NightState, closed: NightClosed) -> None:
    """Under the log's lock, after the close's append: every correction, void or
    abandon of its tables appended before has committed, and any appended after
    finds the night closed (``series_stream.refuse_closed_night``). So the
    tables read now are the result the close stands for: when they no longer
    give the points it read a moment before, or a deal is disputed, the close
    is refused (``night_close`` reads them again)."""
    points, disputed = close_reading(night_id, before)
    if points != tuple(closed.points) or disputed:
        raise ResultMoved(
            _("A table's score sheet changed while the night was closing: close it again."),
        )


def _text(value) -> str | None:
    return None if value is None else str(value)
