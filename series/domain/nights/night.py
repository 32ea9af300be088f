"""A club night as a fold of its events, and what it decides of its commands
(``commands.py``; RULES §5, D-15 … D-19).

A night belongs to a club and has a date, rules (the club's defaults), a
scoring method and rounds; each round seats every present player at one table
and each table plays one series (its own stream, started by the night's
director). The night knows its tables' series only by id: whether a table
still plays, and its result, the caller reads from the series and hands to
the commands that need it (``CloseRound.ended``, ``CloseNight.playing``,
``EnterTableResult.series_status``).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import replace
from functools import reduce
from uuid import UUID

from ..errors import DomainError, _
from ..rules import rules_from
from ..series import ABANDONED, FINISHED
from ..text import plain
from . import draws
from . import scoring as scorings
from .commands import (
    REASON_LENGTH,
    CheckIn,
    CheckOut,
    CloseNight,
    CloseRound,
    DrawRound,
    EnterTableResult,
    MovePlayer,
    NightCommand,
    OpenNight,
    ReopenNight,
    StartTable,
    SwapPlayers,
    WithdrawRound,
)
from .drawing import draw
from .errors import InvalidNight
from .events import (
    DrawSwap,
    NightClosed,
    NightEvent,
    NightMoved,
    NightOpened,
    NightPlanned,
    NightReopened,
    NightTableDrawn,
    NightWithdrawn,
    PlayerAnswered,
    PlayerCheckedOut,
    PlayerMoved,
    PlayerRating,
    PlayersCheckedIn,
    PlayersSwapped,
    RoundClosed,
    RoundDrawn,
    RoundWithdrawn,
    TableResultEntered,
    TableStarted,
)
from .large_tables import LARGE_TABLE_RULES, table_rules
from .planning import (
    PlanNight,
    PlanningCommand,
    apply_planning,
    decide_planning,
    refuse_while_planned,
)
from .sizes import check_bounds, table_sizes
from .state import NightRound, NightState, NightTable

# -- the fold -----------------------------------------------------------------


def _table(drawn: NightTableDrawn) -> NightTable:
    return NightTable(
        drawn.number, tuple(drawn.seats), drawn.first_dealer, dict(drawn.rules), drawn.large_table
    )


def _with_round(state: NightState, number: int, change) -> tuple[NightRound, ...]:
    return tuple(change(r) if r.number == number else r for r in state.rounds)


def _tables_replaced(round_: NightRound, tables: Iterable[NightTableDrawn]) -> NightRound:
    """The round with these tables' seats and rules; a started table keeps its series."""
    changed = {drawn.number: _table(drawn) for drawn in tables}
    return replace(
        round_,
        tables=tuple(
            replace(changed[t.number], series=t.series, result=t.result)
            if t.number in changed
            else t
            for t in round_.tables
        ),
    )


def apply(state: NightState, event: NightEvent) -> NightState:
    state = replace(state, version=state.version + 1)
    match event:
        case NightOpened():
            return replace(
                state,
                planned=False,
                moves=state.moves + (state.planned and event.date != state.date),
                club=event.club,
                date=event.date,
                rules=dict(event.rules),
                scoring=dict(event.scoring),
                large_table=event.large_table,
                min_table=event.min_table,
                max_table=event.max_table,
            )
        case PlayersCheckedIn():
            present = state.present + tuple(p for p in event.players if p not in state.present)
            left = tuple(p for p in state.left if p not in event.players)
            return replace(state, present=present, left=left)
        case PlayerCheckedOut():
            present = tuple(p for p in state.present if p != event.player)
            return replace(state, present=present, left=(*state.left, event.player))
        case RoundDrawn():
            drawn = NightRound(
                event.number,
                event.seed,
                event.method,
                tuple(event.sizes),
                tuple(_table(t) for t in event.tables),
                ratings={r.player: r.rating for r in event.ratings},
                swaps=tuple((s.player, s.other) for s in event.swaps),
            )
            earlier = tuple(r for r in state.rounds if r.number != event.number)
            return replace(state, rounds=(*earlier, drawn))
        case PlayerMoved() | PlayersSwapped():
            rounds = _with_round(state, event.round, lambda r: _tables_replaced(r, event.tables))
            return replace(state, rounds=rounds)
        case TableStarted():
            series = UUID(event.series)

            def started(round_: NightRound) -> NightRound:
                tables = tuple(
                    replace(t, series=series) if t.number == event.table else t
                    for t in round_.tables
                )
                return replace(round_, tables=tables)

            return replace(state, rounds=_with_round(state, event.round, started))
        case TableResultEntered():

            def entered(round_: NightRound) -> NightRound:
                tables = tuple(
                    replace(t, result=event.order) if t.number == event.table else t
                    for t in round_.tables
                )
                return replace(round_, tables=tables)

            return replace(state, rounds=_with_round(state, event.round, entered))
        case RoundClosed():
            rounds = _with_round(state, event.round, lambda r: replace(r, closed=True))
            return replace(state, rounds=rounds)
        case RoundWithdrawn():
            return replace(state, rounds=tuple(r for r in state.rounds if r.number != event.round))
        case NightClosed():
            return replace(state, closed=True, points=tuple(event.points), closes=state.closes + 1)
        case NightReopened():
            return replace(state, closed=False)
        case NightPlanned() | NightMoved() | NightWithdrawn() | PlayerAnswered():
            return apply_planning(state, event)
    raise TypeError(f"not a night's event: {event!r}")


def fold(events: Iterable[NightEvent], state: NightState | None = None) -> NightState:
    return reduce(apply, events, state or NightState())


def scoring_method(scoring: Mapping) -> scorings.Method:
    """The ranking method a night's scoring names (RULES D-16)."""
    return scorings.of(scoring).ranking(scoring)


def _check_scoring_fields(chosen: scorings.NightScoring, scoring: Mapping) -> None:
    """What a night's scoring holds is what its ranking reads: a method's options only
    with that method, so the log never keeps an option nothing reads."""
    for other in scorings.all():
        for option in other.options:
            if option in scoring and option not in chosen.options:
                other.refuse_elsewhere(option)


def decide(state: NightState, command: NightCommand) -> list[NightEvent]:
    """The events ``command`` records, or a DomainError naming the fix."""
    if isinstance(command, OpenNight):
        return [_open(state, command)]
    if isinstance(command, PlanNight):
        return decide_planning(state, command)
    if state.club is None:
        raise InvalidNight(_("There is no such night."), code="night_not_found")
    if isinstance(command, PlanningCommand):
        return decide_planning(state, command)
    refuse_while_planned(state)
    if isinstance(command, ReopenNight):
        return [_reopen(state, command)]
    if state.closed:
        raise InvalidNight(
            _(
                "The night is closed: reopen it on its page to change its result, or open a "
                "new night to play again."
            ),
            code="night_closed",
        )
    match command:
        case CheckIn():
            return _check_in(state, command)
        case CheckOut():
            return [_check_out(state, command)]
        case DrawRound():
            return _draw(state, command)
        case MovePlayer():
            return [_move(state, command)]
        case SwapPlayers():
            return [_swap(state, command)]
        case StartTable():
            return [_start(state, command)]
        case EnterTableResult():
            return [_enter_result(state, command)]
        case CloseRound():
            return [_close_round(state, command.ended)]
        case WithdrawRound():
            return [_withdraw_round(state, command)]
        case CloseNight():
            return _close_night(state, command)
    raise TypeError(f"not a night's command: {command!r}")


def _open(state: NightState, command: OpenNight) -> NightOpened:
    if state.planned and state.withdrawn is None and command.club == state.club:
        pass  # a night planned ahead opens on the day
    elif state.version:
        raise InvalidNight(_("This night is open already."), code="night_open_already")
    rules = rules_from(command.rules.get("preset", "continental"), command.rules.get("options"))
    smallest = rules.min_players if command.min_table is None else command.min_table
    largest = rules.max_players if command.max_table is None else command.max_table
    check_bounds(smallest, largest, game=rules.game)
    method = command.scoring.get("method", scorings.DEFAULT)
    chosen = scorings.find(method)
    if chosen is None:
        raise InvalidNight(
            _("Unknown night scoring “{method}”. Choose one of: {choices}."),
            code="unknown_scoring",
            field="scoring",
            method=method,
            choices=", ".join(scorings.codes()),
        )
    _check_scoring_fields(chosen, command.scoring)
    chosen.ranking(command.scoring)  # its options are checked, a points table row by row
    chosen.check_opening(rules, command.scoring, smallest, largest)
    if command.large_table not in LARGE_TABLE_RULES:
        table_rules(rules_from(), 4, command.large_table)  # refuses, naming the choices
    return NightOpened(
        command.club,
        command.date,
        dict(command.rules),
        dict(command.scoring),
        command.large_table,
        smallest,
        largest,
    )


def _check_in(state: NightState, command: CheckIn) -> list[NightEvent]:
    twice = next((p for p in command.players if command.players.count(p) > 1), None)
    if twice is not None:
        raise InvalidNight(
            _("{player} is chosen twice: choose each player once."),
            code="night_player_twice",
            field="players",
            player=twice,
        )
    new = tuple(dict.fromkeys(p for p in command.players if p not in state.present))
    if not new:
        raise InvalidNight(
            _("Everyone chosen is checked in already."),
            code="night_player_present",
            field="players",
        )
    return [PlayersCheckedIn(new)]


def _open_round(state: NightState) -> NightRound | None:
    current = state.current_round
    return current if current is not None and not current.closed else None


def _check_out(state: NightState, command: CheckOut) -> PlayerCheckedOut:
    if command.player not in state.present:
        raise InvalidNight(
            _("{player} is not checked in."),
            code="night_player_absent",
            field="player",
            player=command.player,
        )
    current = _open_round(state)
    table = current.table_of(command.player) if current else None
    if table is not None:
        raise InvalidNight(
            _(
                "{player} is seated at Table {table} of round {round}: leave once the round "
                "is over, or move them before the table starts."
            ),
            code="night_player_seated",
            field="player",
            player=command.player,
            table=table.number,
            round=current.number,
        )
    return PlayerCheckedOut(command.player)


def _draw(state: NightState, command: DrawRound) -> list[NightEvent]:
    current = _open_round(state)
    if current is not None and any(t.started for t in current.tables):
        raise InvalidNight(
            _(
                "Round {round} is still open: close it once its tables have finished, then "
                "draw the next."
            ),
            code="night_round_open",
            round=current.number,
        )
    if draws.find(command.method) is None:
        draw([], (), 0, method=command.method)  # refuses, naming the methods
    rules = state.game_rules
    check_bounds(command.min_table, command.max_table, game=rules.game)
    _within_night(state, command.min_table, "min_table")
    _within_night(state, command.max_table, "max_table")
    sizes = table_sizes(len(state.present), command.min_table, command.max_table, game=rules.game)
    swapped: list[tuple[int, int]] = []
    drawn = draw(
        state.present,
        sizes,
        command.seed,
        method=command.method,
        met=command.met,
        standings=command.standings,
        ratings=command.ratings,
        swapped=swapped,
    )
    tables = tuple(_drawn(state, t.number, t.seats, t.first_dealer) for t in drawn)
    # A round drawn again before any of its tables started replaces that draw.
    number = current.number if current is not None else len(state.rounds) + 1
    read = (
        tuple(
            PlayerRating(p, command.ratings[p])
            for p in sorted(state.present, key=lambda p: (-command.ratings.get(p, 0.0), p))
            if p in command.ratings
        )
        if draws.get(command.method).reads_ratings
        else ()
    )
    swaps = tuple(DrawSwap(one, other) for one, other in swapped)
    return [RoundDrawn(number, command.seed, command.method, tuple(sizes), tables, read, swaps)]


def _within_night(state: NightState, size: int, field_name: str) -> None:
    """Refuse a table of ``size`` outside the sizes the night declared when it opened
    (its points table, if it has one, pays those sizes only)."""
    if not state.min_table <= size <= state.max_table:
        raise InvalidNight(
            _(
                "This night seats tables of {low} to {high}, as set when it opened: "
                "choose a size in between, not {size} (for other sizes, open another night)."
            ),
            code="night_table_size_outside",
            field=field_name,
            low=state.min_table,
            high=state.max_table,
            size=size,
        )


def _fits_night(state: NightState, table: int, size: int, field_name: str) -> None:
    """Refuse a move that leaves Table ``table`` at ``size``, outside the night's sizes."""
    if not state.min_table <= size <= state.max_table:
        raise InvalidNight(
            _(
                "Table {table} would seat {size}: this night seats tables of {low} to {high}, "
                "as set when it opened. Choose another table, or swap two players."
            ),
            code="night_table_size_outside",
            field=field_name,
            table=table,
            size=size,
            low=state.min_table,
            high=state.max_table,
        )


def late_seat(state: NightState, player: int, table: int) -> NightTableDrawn:
    """Table ``table`` of the current round once ``player``, who arrived late, sits
    at it (RULES D-22): what ``MovePlayer`` records, and the rules its series takes."""
    (moved,) = _move(state, MovePlayer(player, table)).tables
    return moved


def _drawn(state: NightState, number: int, seats: Sequence[int], first_dealer: int):
    played = table_rules(state.game_rules, len(seats), state.large_table)
    return NightTableDrawn(
        number, tuple(seats), first_dealer, played.rules.as_dict(), played.large_table
    )


def _unstarted(state: NightState, player: int) -> tuple[NightRound, NightTable]:
    current = _open_round(state)
    table = current.table_of(player) if current else None
    if table is None:
        raise InvalidNight(
            _("{player} is not seated in this round."),
            code="night_player_not_seated",
            field="player",
            player=player,
        )
    if table.started:
        raise InvalidNight(
            _(
                "Table {table} has started its series: players move only before a table's "
                "first deal. Abandon the table's series to draw it again."
            ),
            code="night_table_started",
            field="player",
            table=table.number,
        )
    return current, table


def _move(state: NightState, command: MovePlayer) -> PlayerMoved:
    current = _open_round(state)
    if current is not None and current.table_of(command.player) is None:
        return _seat_late_arrival(state, current, command)
    current, origin = _unstarted(state, command.player)
    target = _table_to_join(current, command.table)
    if target.number == origin.number:
        raise InvalidNight(
            _("{player} sits at Table {table} already."),
            code="night_same_table",
            field="table",
            player=command.player,
            table=target.number,
        )
    left = tuple(p for p in origin.seats if p != command.player)
    if not left:
        raise InvalidNight(
            _("A table cannot be left empty: swap two players instead."),
            code="night_table_empty",
            field="player",
        )
    _fits_night(state, target.number, len(target.seats) + 1, "table")
    _fits_night(state, origin.number, len(left), "player")
    dealer = origin.first_dealer if origin.first_dealer != command.player else left[0]
    tables = (
        _drawn(state, origin.number, left, dealer),
        _drawn(state, target.number, (*target.seats, command.player), target.first_dealer),
    )
    return PlayerMoved(current.number, command.player, target.number, tables)


def _seat_late_arrival(state: NightState, current: NightRound, command: MovePlayer):
    """A player checked in after the draw joins a table of the round before its
    first deal, after its last seat, its first dealer unchanged and its rules those
    of its new size (RULES D-22; else the next round's draw seats them, D-15). A
    table whose series started takes them while that series has no deal: its
    stream says so, and the caller seats them there in the same transaction."""
    if command.player not in state.present:
        raise InvalidNight(
            _("{player} is not checked in tonight: check them in first."),
            code="night_player_absent",
            field="player",
            player=command.player,
        )
    target = _table_to_join(current, command.table, late=True)
    most = state.game_rules.max_players
    if len(target.seats) >= most:
        raise InvalidNight(
            _("Table {table} seats {most} already, the most the game allows: choose another."),
            code="night_table_full",
            field="table",
            table=target.number,
            most=most,
        )
    _fits_night(state, target.number, len(target.seats) + 1, "table")
    seats = (*target.seats, command.player)
    joined = _drawn(state, target.number, seats, target.first_dealer)
    return PlayerMoved(current.number, command.player, target.number, (joined,))


def _table_to_join(current: NightRound, number: int, *, late: bool = False) -> NightTable:
    """The round's table ``number``, that a player may still join: before it starts,
    or for a ``late`` arrival before its first deal (its series says)."""
    target = current.table(number)
    if target is None:
        raise InvalidNight(
            _("Round {round} has no Table {table}."),
            code="night_no_table",
            field="table",
            round=current.number,
            table=number,
        )
    if target.started and not late:
        _unstarted_target(target)
    return target


def _unstarted_target(target: NightTable) -> None:
    raise InvalidNight(
        _(
            "Table {table} has started its series: players move only before a table's "
            "first deal. Abandon the table's series to draw it again."
        ),
        code="night_table_started",
        field="table",
        table=target.number,
    )


def _swap(state: NightState, command: SwapPlayers) -> PlayersSwapped:
    current, one = _unstarted(state, command.player)
    _current, other = _unstarted(state, command.other)
    if one.number == other.number:
        raise InvalidNight(
            _("{player} and {partner} sit at the same table."),
            code="night_same_table",
            field="other",
            player=command.player,
            partner=command.other,
        )

    def swapped(table: NightTable) -> NightTableDrawn:
        seats = tuple(
            command.other if p == command.player else command.player if p == command.other else p
            for p in table.seats
        )
        dealer = {command.player: command.other, command.other: command.player}.get(
            table.first_dealer, table.first_dealer
        )
        return NightTableDrawn(table.number, seats, dealer, dict(table.rules), table.large_table)

    return PlayersSwapped(
        current.number, command.player, command.other, (swapped(one), swapped(other))
    )


def _start(state: NightState, command: StartTable) -> TableStarted:
    current = _open_round(state)
    table = current.table(command.table) if current else None
    if table is None:
        raise InvalidNight(
            _("There is no Table {table} to start: draw the round first."),
            code="night_no_table",
            field="table",
            table=command.table,
        )
    if table.started:
        _unstarted_target(table)
    return TableStarted(current.number, table.number, command.series)


def _abandoned_table(state: NightState, round_number: int, number: int) -> NightTable:
    """Table ``number`` of round ``round_number`` when its series started; else a refusal."""
    round_ = next((r for r in state.rounds if r.number == round_number), None)
    table = round_.table(number) if round_ is not None else None
    if table is None:
        raise InvalidNight(
            _("Round {round} has no Table {table}."),
            code="night_no_table",
            field="table",
            round=round_number,
            table=number,
        )
    if not table.started:
        raise InvalidNight(
            _(
                "Table {table} has not started its series: a director enters a result only "
                "for a table whose series was abandoned."
            ),
            code="night_table_not_started",
            field="table",
            table=number,
        )
    return table


def _enter_result(state: NightState, command: EnterTableResult) -> TableResultEntered:
    table = _abandoned_table(state, command.round, command.table)
    if command.series_status == FINISHED:
        raise InvalidNight(
            _(
                "Table {table} finished its series: its result is the score sheet's, "
                "a director enters one only for an abandoned table."
            ),
            code="night_table_finished",
            field="table",
            table=table.number,
        )
    if command.series_status != ABANDONED:
        raise InvalidNight(
            _(
                "Table {table} is still playing: its score sheet gives its result. Abandon "
                "its series first if the table cannot finish."
            ),
            code="night_table_playing",
            field="table",
            table=table.number,
        )
    order = tuple(tuple(group) for group in command.order if group)
    _check_placed(table, [player for group in order for player in group])
    return TableResultEntered(command.round, table.number, order)


def _check_placed(table: NightTable, placed: list[int]) -> None:
    """Every player seated at ``table`` placed once, and no one else."""
    for player in placed:
        if player not in table.seats:
            raise InvalidNight(
                _("{player} is not seated at Table {table}: place only its own players."),
                code="night_player_not_at_table",
                field="order",
                player=player,
                table=table.number,
            )
        if placed.count(player) > 1:
            raise InvalidNight(
                _("{player} is placed twice: give each player of Table {table} one place."),
                code="night_player_placed_twice",
                field="order",
                player=player,
                table=table.number,
            )
    for player in table.seats:
        if player not in placed:
            raise InvalidNight(
                _("{player} sits at Table {table} and has no place: give each of its players one."),
                code="night_player_not_placed",
                field="order",
                player=player,
                table=table.number,
            )


def _close_round(state: NightState, ended: frozenset[int]) -> RoundClosed:
    current = _open_round(state)
    if current is None:
        raise InvalidNight(_("No round is being played: draw one first."), code="night_no_round")
    for table in current.tables:
        if table.started and table.number not in ended:
            raise InvalidNight(
                _(
                    "Table {table} is still playing: let it finish, or abandon its series, "
                    "before the round closes."
                ),
                code="night_table_playing",
                field="table",
                table=table.number,
            )
    return RoundClosed(current.number)


def _reopen(state: NightState, command: ReopenNight) -> NightReopened:
    """RULES D-22: only a closed night reopens, and with a reason (kept on its page)."""
    if not state.closed:
        raise InvalidNight(
            _("The night is open: only a closed night is reopened."), code="night_not_closed"
        )
    reason = plain(command.reason, field="reason")
    if not reason:
        raise InvalidNight(
            _("Say why the night is reopened."), code="reason_required", field="reason"
        )
    if len(reason) > REASON_LENGTH:
        raise InvalidNight(
            _("Say why the night is reopened in at most {most} characters."),
            code="reason_too_long",
            field="reason",
            most=REASON_LENGTH,
        )
    return NightReopened(reason)


def _withdraw_round(state: NightState, command: WithdrawRound) -> RoundWithdrawn:
    current = _open_round(state)
    if current is None or current.number != command.round:
        raise InvalidNight(
            _("Round {round} is not the round being drawn: only the current round is withdrawn."),
            code="night_no_round",
            field="round",
            round=command.round,
        )
    started = next((t for t in current.tables if t.started), None)
    if started is not None:
        raise InvalidNight(
            _(
                "Table {table} of round {round} has started its series: a round is withdrawn "
                "only before any of its tables starts. Close the round once its tables finish."
            ),
            code="night_round_started",
            field="round",
            round=current.number,
            table=started.number,
        )
    return RoundWithdrawn(current.number)


def _close_night(state: NightState, command: CloseNight) -> list[NightEvent]:
    if command.disputed:
        round_number, table, deal = command.disputed[0]
        raise InvalidNight(
            _(
                "Deal {deal} of Table {table} (round {round}) is disputed: correct it, or have "
                "it confirmed, before the night closes."
            ),
            code="night_deal_disputed",
            round=round_number,
            table=table,
            deal=deal,
        )
    if command.playing:
        raise InvalidNight(
            _(
                "Table {table} is still playing: let it finish, or abandon its series, "
                "before the night closes."
            ),
            code="night_table_playing",
            field="table",
            table=command.playing[0],
        )
    current = _open_round(state)
    if current is not None and not any(t.started for t in current.tables):
        raise InvalidNight(
            _(
                "Round {round} is drawn but none of its tables has started: open the tables' "
                "score sheets and play it, or withdraw the round, before the night closes."
            ),
            code="night_round_not_started",
            round=current.number,
        )
    if current is not None:
        raise InvalidNight(
            _(
                "Round {round} is still open: close it once its tables have finished, then "
                "close the night."
            ),
            code="night_round_open",
            round=current.number,
        )
    return [NightClosed(state.method, tuple(command.points))]


def check_recorded(state: NightState, event: NightEvent) -> None:
    """A restored draw seats exactly the present players once each, at tables the
    game seats, each with the rules a table of its size plays; a restored close
    comes after every table has started or been left out; a restored director's
    result is for a started table and places each of its players once (that the
    table's series was abandoned is its own stream's, restored beside it)."""
    if state.club is None or state.closed:
        raise InvalidNight(_("There is no such night."), code="night_not_found")
    if isinstance(event, RoundDrawn):
        seated = sorted(p for t in event.tables for p in t.seats)
        current = _open_round(state)
        again = current is not None and not any(t.started for t in current.tables)
        number = current.number if again else len(state.rounds) + 1
        if seated != sorted(state.present) or event.number != number:
            raise DomainError(
                _("The draw does not seat the night's present players."),
                code="night_draw_not_as_recorded",
            )
        for table in event.tables:
            if _drawn(state, table.number, table.seats, table.first_dealer) != table:
                raise DomainError(
                    _("The draw does not seat the night's present players."),
                    code="night_draw_not_as_recorded",
                )
    if isinstance(event, TableResultEntered):
        table = _abandoned_table(state, event.round, event.table)
        _check_placed(table, [player for group in event.order for player in group])
    if isinstance(event, RoundClosed):
        current = _open_round(state)
        if current is None or current.number != event.round:
            raise DomainError(_("No round is being played: draw one first."), code="night_no_round")
