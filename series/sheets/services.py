"""The series' writers. A series' commands go through the one writer of every
stream (``series.eventstore.writer``: load → decide → project → append, in one
transaction), as the series' stream kind (``stream.SERIES``). Clubs, players
and members have their own writers in ``series.clubs``.

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
from series.domain.events import DealEntry
from series.domain.rules import Rules, rules_from
from series.domain.series import (
    AbandonSeries,
    Command,
    CorrectDeal,
    RecordDeal,
    SeatPlayer,
    SeriesState,
    StartSeries,
    VoidDeal,
)
from series.domain.series.commands import ConfirmDeal, DisputeDeal
from series.eventstore import writer
from series.eventstore.retry import transient_retry

# The refusal a replayed key with other fields raises, for the writes' callers.
from series.eventstore.writer import IdempotencyMismatch, Recording  # noqa: F401
from series.models import Club, Player
from series.sheets import selectors

# The refusal a seat at another open table raises (RULES D-19), for the writes' callers.
from series.sheets.stream import SERIES, SeatedElsewhere, series_loaded  # noqa: F401


@dataclass(frozen=True, slots=True)
class SeriesResult:
    """A series' state after a command; ``replayed`` when a retry found it."""

    series_id: UUID
    state: SeriesState
    replayed: bool = False


def series_load(series_id: UUID, *, up_to_version: int | None = None) -> SeriesState:
    return series_loaded(series_id, up_to_version=up_to_version).state


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


def _execute(
    series_id: UUID, command: Command, expected_version: int | None, recording: Recording
) -> SeriesResult:
    written = writer.write(
        SERIES, series_id, command, expected_version=expected_version, recording=recording
    )
    return SeriesResult(written.stream, written.state, written.replayed)
