"""A club night's writers: its commands go through the one writer of every
stream (``writer``) as the night's stream kind (``stream.NIGHT``); each table's series
is started through the series' own service (``series_start``), in the same
transaction as the night's record of it.

Every function takes keyword arguments, returns the night's state after the
command (``NightResult``), and raises a DomainError (rules), StreamConflict
(another director got there first: HTTP 409) or IdempotencyMismatch without
changing anything.
"""

from __future__ import annotations

import secrets
import uuid
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass
from datetime import date as Date
from itertools import combinations
from typing import Any
from uuid import UUID

from django.db import transaction

from series.clubs.players import guest_add
from series.clubs.selectors import club_today
from series.domain.errors import DomainError, NotFound, _
from series.domain.league.rating import START_MU
from series.domain.league.seasons import EARLIEST_DAY, LATEST_DAY, season_of
from series.domain.nights import draws
from series.domain.nights.commands import (
    CheckIn,
    CheckOut,
    CloseNight,
    CloseRound,
    DrawRound,
    EnterTableResult,
    MovePlayer,
    NightCommand,
    OpenNight,
    OpenPlannedNight,
    ReopenNight,
    StartTable,
    SwapPlayers,
    WithdrawRound,
)
from series.domain.nights.large_tables import THIRTEEN_CARDS
from series.domain.nights.meetings import Pair, pair
from series.domain.nights.night import NightState, late_seat
from series.domain.nights.scoring import DEFAULT as DEFAULT_SCORING
from series.domain.rules import Rules
from series.domain.series import OPEN_STATUSES
from series.domain.text import iso_day
from series.eventstore import writer
from series.eventstore.retry import transient_retry
from series.eventstore.writer import Recording
from series.models import Club, Player, Season, SeriesResult, SeriesSeat, SeriesSheet
from series.nights import selectors
from series.nights.stream import NIGHT, ResultMoved, close_reading
from series.sheets import services as series_services


@dataclass(frozen=True, slots=True)
class NightResult:
    """A night's state after a command; ``replayed`` when a retry found it."""

    night_id: UUID
    state: NightState
    replayed: bool = False


# What the contexts above the night add to it, registered by the app when it is
# ready, so that the night imports none of them (the checks under the log's lock
# are the stream's: ``stream.py``): the order of the players a draw method seats
# best first, by the method's name.
DRAW_ORDERS: dict[str, Callable[[UUID], tuple[int, ...]]] = {}
# And the writers that open a night for the context it counts for, by the name
# of the field that names it (``"championship"``): the night and that context's
# record of it in one transaction, so a refusal opens no night.
OPENERS: dict[str, Callable[..., NightResult]] = {}


def _write(
    night_id: UUID,
    command: NightCommand,
    expected_version: int | None,
    actor_id: int | None,
    idempotency_key: str | None,
) -> NightResult:
    written = writer.write(
        NIGHT,
        night_id,
        command,
        expected_version=expected_version,
        recording=Recording(actor_id, idempotency_key),
    )
    return NightResult(written.stream, written.state, written.replayed)


def night_load(night_id: UUID) -> NightState:
    """The night's state; NotFound when there is no such night."""
    state = NIGHT.load(night_id).state
    if state.club is None:
        raise NotFound(_("There is no such night."), code="night_not_found")
    return state


# -- opening and check-in ------------------------------------------------------


@transient_retry
def night_open(
    *,
    club: Club,
    date: Date | str | None = None,
    rules: str | None = None,
    options: dict[str, Any] | None = None,
    scoring: str = DEFAULT_SCORING,
    points_table: dict | None = None,
    large_table: str | None = None,
    min_table: int | None = None,
    max_table: int | None = None,
    planned: UUID | None = None,
    expected_version: int | None = None,
    actor_id: int | None = None,
    idempotency_key: str | None = None,
) -> NightResult:
    """Open a night for ``club`` on ``date`` (today in the club's time zone),
    playing ``rules`` (the club's defaults), ranked by ``scoring``, at tables of
    ``min_table`` to ``max_table`` players (the game's limits when None); or
    open the night ``planned`` ahead, today (``_planned_to_open``)."""
    night_id, version = uuid.uuid4(), 0
    if planned is not None:
        night_id, version = planned, _planned_to_open(planned, club, expected_version)
        date = None
    defaults = club.default_rules or {}
    preset = rules or defaults.get("preset", "continental")
    # The club's options go with the club's preset only.
    club_options = {} if rules else defaults.get("options") or {}
    chosen = club_options if options is None else options
    day = _day(club, date)
    scoring_data: dict[str, Any] = {"method": scoring}
    if points_table:
        scoring_data["points_table"] = {str(size): list(row) for size, row in points_table.items()}
    command = (OpenPlannedNight if planned is not None else OpenNight)(
        club.id,
        day,
        {"preset": preset, "options": dict(chosen)},
        scoring_data,
        large_table or THIRTEEN_CARDS,
        min_table,
        max_table,
    )
    return _write(night_id, command, version, actor_id, idempotency_key)


def _planned_to_open(night_id: UUID, club: Club, expected: int | None) -> int | None:
    """A night planned ahead opens on its day (or, forgotten, on a later one: today)."""
    state = night_load(night_id)
    if state.club != club.id:
        raise NotFound(_("There is no such night."), code="night_not_found")
    if state.planned and state.date > club_today(club).isoformat():
        raise DomainError(
            _("The night is planned for {date}: open it on the day, or move it to today."),
            code="night_not_today",
            date=state.date,
        )
    return expected


def _day(club: Club, day: Date | str | None) -> str:
    """The night's day, within the days a season holds: a night dated outside
    them (0226-03-14 for 2026) would count in a season no page or API shows."""
    if day is None:
        return club_today(club).isoformat()
    if isinstance(day, str):
        day = iso_day(day, field="date")
    if not EARLIEST_DAY <= day <= LATEST_DAY:
        raise DomainError(
            _("A night's date lies between {earliest} and {latest}."),
            code="night_date_out_of_range",
            field="date",
            earliest=EARLIEST_DAY.isoformat(),
            latest=LATEST_DAY.isoformat(),
        )
    return day.isoformat()


def _club_of(night: NightState) -> Club:
    return Club.objects.get(id=night.club)


def _check_players(club_id: int, players: list[int], field: str = "players") -> None:
    """Active players of the night's club only (a retired player is not seated);
    a refusal names ``field``, the input that gave them."""
    found = dict(
        Player.objects.filter(club_id=club_id, id__in=players).values_list("id", "roster__retired")
    )
    for player in players:
        if player not in found:
            raise DomainError(
                _("Player {player} is not a player of this club: add them as a guest."),
                code="night_player_not_in_club",
                field=field,
                player=player,
            )
        if found[player]:
            raise DomainError(
                _(
                    "{player} has retired from the club: bring them back on the players' page "
                    "to check them in."
                ),
                code="night_player_retired",
                field=field,
                player=player,
            )


@transient_retry
def night_check_in(
    *,
    night_id: UUID,
    players: list[int],
    expected_version: int | None = None,
    actor_id: int | None = None,
    idempotency_key: str | None = None,
) -> NightResult:
    """Mark players present; a player checked in while a round plays joins the next draw."""
    state = night_load(night_id)
    _check_players(state.club, list(players))
    return _write(night_id, CheckIn(tuple(players)), expected_version, actor_id, idempotency_key)


@transient_retry
def night_check_out(
    *,
    night_id: UUID,
    player: int,
    expected_version: int | None = None,
    actor_id: int | None = None,
    idempotency_key: str | None = None,
) -> NightResult:
    """A player leaves between rounds; the rounds played keep counting (RULES D-18)."""
    return _write(night_id, CheckOut(player), expected_version, actor_id, idempotency_key)


@transient_retry
def night_guest_add(
    *,
    night_id: UUID,
    name: str,
    expected_version: int | None = None,
    actor_id: int | None = None,
    idempotency_key: str | None = None,
) -> NightResult:
    """Add a guest to the club's roster (``guest_add``) and check them in, together:
    a stale ``expected_version`` adds no one."""
    state = night_load(night_id)
    club = _club_of(state)
    with transaction.atomic():
        guest = guest_add(
            club=club,
            name=name,
            actor_id=actor_id,
            idempotency_key=_derived(idempotency_key, "guest"),
        )
        return _write(night_id, CheckIn((guest.id,)), expected_version, actor_id, idempotency_key)


@transient_retry
def night_self_check_in(
    *, night_id: UUID, actor_id: int, idempotency_key: str | None = None
) -> NightResult:
    """A signed-in member, account ``actor_id``, checks their own player in (the
    night's QR code)."""
    state = night_load(night_id)
    player = (
        Player.objects.filter(club_id=state.club, user_id=actor_id)
        .values_list("id", flat=True)
        .first()
    )
    if player is None:
        raise DomainError(
            _(
                "Your account is not linked to a player of this club: ask the night's "
                "director to check you in."
            ),
            code="night_not_a_player",
        )
    if player in state.present:
        return NightResult(night_id, state, replayed=True)
    _check_players(state.club, [player])
    return _write(night_id, CheckIn((player,)), None, actor_id, idempotency_key)


def _derived(key: str | None, part: str) -> str | None:
    return f"{key}:{part}" if key else None


# -- the draw ------------------------------------------------------------------


def season_meetings(club_id: int, day: Date) -> dict[Pair, int]:
    """How often each pair of the club's players met at a series this season."""
    season = season_of(day, Season.objects.spans(club_id))
    seats = SeriesSeat.objects.filter(
        club_id=club_id,
        series__started_at__date__gte=season.first_day,
        series__started_at__date__lte=season.last_day,
    ).values_list("series_id", "player_id")
    tables: dict[UUID, list[int]] = {}
    for series, player in seats:
        tables.setdefault(series, []).append(player)
    met: Counter[Pair] = Counter()
    for seated in tables.values():
        met.update(pair(one, other) for one, other in combinations(seated, 2))
    return dict(met)


def _ratings(club_id: int, game: str, players) -> dict[int, float]:
    """Each player's mu after their latest series of the game at the club, a
    newcomer's the model's start (RULES D-26: a draw balances mu, since a
    newcomer's cautious rating, near 0, would seed them weakest). One query."""
    results = SeriesResult.objects.filter(club_id=club_id, game=game)
    latest = results.latest_of_each(players, ("mu",))
    return {player: latest[player][0] if player in latest else START_MU for player in players}


def _ended_tables(state: NightState) -> frozenset[int]:
    """The current round's tables whose series ended (finished or abandoned)."""
    current = state.current_round
    if current is None:
        return frozenset()
    started = {t.series: t.number for t in current.tables if t.started}
    statuses = SeriesSheet.objects.filter(id__in=list(started)).values_list("id", "status")
    return frozenset(started[s] for s, status in statuses if status not in OPEN_STATUSES)


@transient_retry
def night_round_draw(
    *,
    night_id: UUID,
    min_table: int,
    max_table: int,
    method: str = draws.DEFAULT,
    seed: int | None = None,
    expected_version: int | None = None,
    actor_id: int | None = None,
    idempotency_key: str | None = None,
) -> NightResult:
    """Draw the next round's tables, seats and first dealers (RULES D-15) for the
    players present; the previous round closes with it once its tables ended."""
    state = night_load(night_id)
    with transaction.atomic():
        state, expected_version = _round_closed(
            night_id, state, expected_version, actor_id, idempotency_key
        )
        day = Date.fromisoformat(state.date)
        drawn_by = draws.find(method)
        command = DrawRound(
            seed=secrets.randbits(32) if seed is None else seed,
            min_table=min_table,
            max_table=max_table,
            method=method,
            met=season_meetings(state.club, day),
            standings=_draw_order(night_id, state, method),
            ratings=_ratings(state.club, state.game_rules.game, state.present)
            if drawn_by is not None and drawn_by.reads_ratings
            else {},
        )
        return _write(night_id, command, expected_version, actor_id, idempotency_key)


def _draw_order(night_id: UUID, state: NightState, method: str) -> tuple[int, ...]:
    """The players best first, for a draw method that reads them: the night's
    standings, or the order another context registered for the method (a
    championship's final, by the championship's standings: RULES D-24). An
    unknown method reads nothing: the draw refuses it, naming the methods."""
    if method in DRAW_ORDERS:
        return DRAW_ORDERS[method](night_id)
    drawn_by = draws.find(method)
    reads = drawn_by is not None and drawn_by.reads_standings
    return selectors.standings_order(night_id, state) if reads else ()


def _round_closed(
    night_id: UUID, state: NightState, expected: int | None, actor_id: int | None, key: str | None
) -> tuple[NightState, int | None]:
    """Close the current round first when its tables started (one command, one
    event: a retry's replay finds each), in the caller's transaction."""
    current = state.current_round
    if current is None or current.closed or not any(t.started for t in current.tables):
        return state, expected
    closed = _write(
        night_id,
        CloseRound(_ended_tables(state)),
        expected,
        actor_id,
        _derived(key, "round-closed"),
    )
    return closed.state, None if expected is None else closed.state.version


@transient_retry
def night_player_move(
    *,
    night_id: UUID,
    player: int,
    table: int,
    expected_version: int | None = None,
    actor_id: int | None = None,
    idempotency_key: str | None = None,
) -> NightResult:
    """Move a player to another table of the round, before either table starts; a
    player not seated yet joins a table until its first deal (RULES D-22).

    The table's series is read before its seat is written: when another phone
    changed it meanwhile (another late arrival, its first deal), both are read
    and the move decided again, so the director, who named no version of that
    series, is never told it moved on."""
    for attempt in range(LATE_SEAT_ATTEMPTS):
        state = night_load(night_id)
        current = state.current_round
        target = current.table(table) if current is not None and not current.closed else None
        if target is None or not target.started or current.table_of(player) is not None:
            break
        try:
            return _seat_at_started_table(
                night_id, state, target, player, expected_version, actor_id, idempotency_key
            )
        except writer.StreamConflict as moved:
            if moved.stream != target.series or attempt == LATE_SEAT_ATTEMPTS - 1:
                raise
    return _write(night_id, MovePlayer(player, table), expected_version, actor_id, idempotency_key)


LATE_SEAT_ATTEMPTS = 3


def _seat_at_started_table(
    night_id: UUID,
    state: NightState,
    target,
    player: int,
    expected: int | None,
    actor_id: int | None,
    key: str | None,
) -> NightResult:
    """A late arrival sits down at a table whose series started and has no deal
    yet: the series seats them (with the rules of its new size) and the night
    records it, in one transaction (RULES D-22; D-19 is checked under the log's
    lock by the series' append)."""
    joined = late_seat(state, player, target.number)  # the night's refusals first
    series = series_services.series_load(target.series)
    if series.deals:
        raise DomainError(
            _(
                "Table {table} has recorded its first deal: {player} can join a table only "
                "before it. The next round's draw seats them."
            ),
            code="night_table_dealt",
            field="table",
            table=target.number,
            player=player,
        )
    with transaction.atomic():
        series_services.series_seat_player(
            series_id=target.series,
            player=player,
            rules=Rules.from_dict(joined.rules),
            expected_version=series.version,
            actor_id=actor_id,
            idempotency_key=_derived(key, "seated"),
        )
        return _write(night_id, MovePlayer(player, target.number), expected, actor_id, key)


@transient_retry
def night_players_swap(
    *,
    night_id: UUID,
    player: int,
    other: int,
    expected_version: int | None = None,
    actor_id: int | None = None,
    idempotency_key: str | None = None,
) -> NightResult:
    """Swap two players at different tables, before either table starts."""
    return _write(night_id, SwapPlayers(player, other), expected_version, actor_id, idempotency_key)


# -- the tables' series --------------------------------------------------------


def table_series_key(night_id: UUID, round_number: int, table: int, key: str | None) -> str:
    """The idempotency key of a table's series start, derived from the night's command:
    a retry finds the series it started instead of starting another."""
    return f"{key or 'night'}:{night_id}:round-{round_number}:table-{table}"


@transient_retry
def night_tables_start(
    *,
    night_id: UUID,
    tables: list[int] | None = None,
    expected_version: int | None = None,
    actor_id: int | None = None,
    idempotency_key: str | None = None,
) -> NightResult:
    """Start the series of the current round's ``tables`` (every table not started
    when None), each seated as drawn, in one transaction with the night's record."""
    state = night_load(night_id)
    current = state.current_round
    if current is None or current.closed:
        raise DomainError(_("No round is being played: draw one first."), code="night_no_round")
    numbers = [t.number for t in current.tables]
    unknown = [n for n in tables or () if n not in numbers]
    if tables is not None and (unknown or not tables):
        raise DomainError(
            _("Round {round} has tables {tables}: choose among them, not {asked}."),
            code="night_no_table",
            field="tables",
            round=current.number,
            tables=", ".join(map(str, numbers)),
            asked=", ".join(map(str, unknown)) or "none",
        )
    chosen = [t for t in current.tables if tables is None or t.number in tables]
    waiting = [t for t in chosen if not t.started]
    if not waiting:
        return NightResult(night_id, state, replayed=True)  # started already: a retry
    club = _club_of(state)
    version = expected_version
    with transaction.atomic():
        result = None
        for table in waiting:
            started = _table_series_start(
                night_id,
                state,
                club=club,
                players=list(table.seats),
                first_dealer=table.first_dealer,
                rules=table.rules["preset"],
                options=_options(table.rules),
                actor_id=actor_id,
                idempotency_key=table_series_key(
                    night_id, current.number, table.number, idempotency_key
                ),
            )
            command = StartTable(table.number, str(started.series_id))
            key = _derived(idempotency_key, f"table-{table.number}")
            result = _write(night_id, command, version, actor_id, key)
            version = None if version is None else result.state.version
    return result


def _table_series_start(night_id: UUID, state: NightState, **start):
    """Start a table's series; when another director started it a moment before,
    its players are seated there already: that is the night having changed
    (a 409 to reload), not a player seated elsewhere."""
    try:
        return series_services.series_start(**start)
    except series_services.SeatedElsewhere:
        now = night_load(night_id)
        if now.version != state.version:
            raise writer.StreamConflict(NIGHT.stale, night_id, state.version, now.version) from None
        raise


def _options(rules: dict[str, Any]) -> dict[str, Any]:
    """A table's rules as the options of its preset (what ``series_start`` takes)."""
    from series.domain.rules import PRESETS

    base = PRESETS[rules["preset"]].as_dict()
    return {
        name: value
        for name, value in rules.items()
        if name not in ("preset", "game") and base.get(name) != value
    }


def _series_status(state: NightState, round_number: int, table: int) -> str | None:
    """The status of the series played at Table ``table`` of round ``round_number``;
    None when there is no such table or it has not started (the rules say which)."""
    round_ = next((r for r in state.rounds if r.number == round_number), None)
    drawn = round_.table(table) if round_ is not None else None
    if drawn is None or not drawn.started:
        return None
    return SeriesSheet.objects.filter(id=drawn.series).values_list("status", flat=True).first()


@transient_retry
def night_table_result(
    *,
    night_id: UUID,
    table: int,
    order: list[list[int]],
    round_number: int | None = None,
    expected_version: int | None = None,
    actor_id: int | None = None,
    idempotency_key: str | None = None,
) -> NightResult:
    """Enter the director's result for a table whose series was abandoned (RULES
    D-18, D-20): ``order``, groups of level players best first, places every player
    seated at it once; ``round_number``: the current round unless told. Entered
    again, the later result counts."""
    state = night_load(night_id)
    if round_number is None:
        round_number = state.current_round.number if state.current_round else 0
    command = EnterTableResult(
        round_number,
        table,
        tuple(tuple(group) for group in order),
        _series_status(state, round_number, table),
    )
    return _write(night_id, command, expected_version, actor_id, idempotency_key)


@transient_retry
def night_round_close(
    *,
    night_id: UUID,
    expected_version: int | None = None,
    actor_id: int | None = None,
    idempotency_key: str | None = None,
) -> NightResult:
    """Close the current round once every started table's series ended."""
    state = night_load(night_id)
    return _write(
        night_id, CloseRound(_ended_tables(state)), expected_version, actor_id, idempotency_key
    )


@transient_retry
def night_round_withdraw(
    *,
    night_id: UUID,
    round_number: int,
    expected_version: int | None = None,
    actor_id: int | None = None,
    idempotency_key: str | None = None,
) -> NightResult:
    """Take back round ``round_number``, drawn and none of its tables started: its
    players are free to sit elsewhere, and the night can close without it."""
    return _write(
        night_id, WithdrawRound(round_number), expected_version, actor_id, idempotency_key
    )


@transient_retry
def night_close(
    *,
    night_id: UUID,
    expected_version: int | None = None,
    actor_id: int | None = None,
    idempotency_key: str | None = None,
) -> NightResult:
    """Close the night, recording its points as the ranking has them (RULES D-16, D-17);
    refused while a table plays (its series can be abandoned first) or while a deal
    of its tables is disputed (RULES D-22). A correction that commits first is in
    the points it records; one after it is refused (``NightStream.appended``)."""
    state = night_load(night_id)
    ended = _ended_tables(state)
    current = state.current_round
    playing = (
        ()
        if current is None or current.closed
        else tuple(t.number for t in current.tables if t.started and t.number not in ended)
    )
    for attempt in range(1, CLOSE_ATTEMPTS + 1):
        try:
            with transaction.atomic():
                closing, expected = state, expected_version
                if not playing:
                    closing, expected = _round_closed(
                        night_id, state, expected_version, actor_id, idempotency_key
                    )
                points, disputed = close_reading(night_id, closing)
                command = CloseNight(points, playing, disputed)
                return _write(night_id, command, expected, actor_id, idempotency_key)
        except ResultMoved:
            if attempt == CLOSE_ATTEMPTS:
                raise
    raise AssertionError("unreachable")  # pragma: no cover


@transient_retry
def night_reopen(
    *,
    night_id: UUID,
    reason: str,
    expected_version: int | None = None,
    actor_id: int | None = None,
    idempotency_key: str | None = None,
) -> NightResult:
    """Reopen a closed night, saying why (RULES D-22): its tables take corrections,
    voids, abandons and director's results again; the league keeps the points of
    its last close until it closes again (``night_close``)."""
    return _write(night_id, ReopenNight(reason), expected_version, actor_id, idempotency_key)


# A close that a correction overtook reads its tables again: this many times at most.
CLOSE_ATTEMPTS = 3
