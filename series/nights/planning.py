"""The writers of a night planned ahead: plan it, move it, withdraw it, and
the members' "I'm coming" (``series.domain.nights.planning`` holds the rules).

Like the night's other writers they go through the one writer as the night's
stream kind, take keyword arguments and return the night's state after the
command (``NightResult``).
"""

from __future__ import annotations

import random
import uuid
from datetime import date as Date
from time import sleep
from typing import Any
from uuid import UUID

from series.domain.errors import DomainError, _
from series.domain.nights.planning import AnswerNight, MoveNight, PlanNight, WithdrawNight
from series.eventstore.retry import transient_retry
from series.eventstore.store import VersionConflict
from series.models import Club, Player
from series.nights.services import (
    NightResult,
    _check_players,
    _day,
    _write,
    club_today,
    night_load,
    night_open,
)

KEEP: Any = object()  # a move that leaves the time or the venue as planned
MOVE_READS = 3  # a move keeping what another move changed meanwhile reads it again
ANSWER_READS = 12  # answers sent at once from many phones: each is written in turn


@transient_retry
def night_plan(
    *,
    club: Club,
    date: Date | str,
    time: str | None = None,
    venue: str = "",
    actor_id: int | None = None,
    idempotency_key: str | None = None,
) -> NightResult:
    """Plan a night of ``club`` for ``date``, a day after today in the club's time
    zone, at ``time`` ("20:30", or the day only) and ``venue``."""
    command = PlanNight(
        club.id, _day(club, date), time or None, venue or "", club_today(club).isoformat()
    )
    return _write(uuid.uuid4(), command, 0, actor_id, idempotency_key)


def night_new(
    *,
    club: Club,
    date: Date | str | None,
    time: str | None = None,
    venue: str | None = None,
    opening: dict[str, Any] | None = None,
    actor_id: int | None = None,
    idempotency_key: str | None = None,
) -> NightResult:
    """A new night of ``club``: planned ahead for a day after today, else opened
    today (``night_open`` with ``opening``: rules, scoring, table sizes, each None
    when not chosen). A night planned ahead takes those when it opens."""
    opening = {name: value for name, value in (opening or {}).items() if value is not None}
    day = None if date is None else _day(club, date)
    if day is not None and day > club_today(club).isoformat():
        if opening:
            raise DomainError(
                _(
                    "A night planned ahead is given its rules, ranking and table sizes when "
                    "it opens on the day: leave them out."
                ),
                code="night_planned_later",
                field=next(iter(opening)),
            )
        return night_plan(
            club=club,
            date=day,
            time=time,
            venue=venue or "",
            actor_id=actor_id,
            idempotency_key=idempotency_key,
        )
    if time or venue:
        raise DomainError(
            _("A start time and a venue are for a night planned ahead, on a day after today."),
            code="night_not_ahead",
            field="time" if time else "venue",
        )
    return night_open(
        club=club, date=day, actor_id=actor_id, idempotency_key=idempotency_key, **opening
    )


@transient_retry
def night_move(
    *,
    night_id: UUID,
    date: Date | str,
    time: str | None = KEEP,
    venue: str = KEEP,
    expected_version: int | None = None,
    actor_id: int | None = None,
    idempotency_key: str | None = None,
) -> NightResult:
    """Move a planned night to ``date`` (today or later), and to ``time`` and
    ``venue`` when given (None or "": the day only, no venue).

    What is kept is kept as the night stands when the move is written: without
    an ``expected_version`` the move is written on the version it read, and read
    again if another move was written meanwhile, so it undoes none."""
    for attempt in range(1, MOVE_READS + 1):
        state = night_load(night_id)
        club = Club.objects.get(id=state.club)
        command = MoveNight(
            _day(club, date),
            state.time if time is KEEP else time or None,
            state.venue if venue is KEEP else venue or "",
            club_today(club).isoformat(),
        )
        keeps = time is KEEP or venue is KEEP
        read = state.version if expected_version is None and keeps else expected_version
        try:
            return _write(night_id, command, read, actor_id, idempotency_key)
        except VersionConflict:
            if expected_version is not None or attempt == MOVE_READS:
                raise
    raise AssertionError("unreachable")


@transient_retry
def night_withdraw(
    *,
    night_id: UUID,
    reason: str,
    expected_version: int | None = None,
    actor_id: int | None = None,
    idempotency_key: str | None = None,
) -> NightResult:
    """A planned night will not take place: its calendar entry says cancelled."""
    return _write(night_id, WithdrawNight(reason), expected_version, actor_id, idempotency_key)


@transient_retry
def night_answer(
    *,
    night_id: UUID,
    player: int,
    coming: bool,
    actor_id: int | None = None,
    idempotency_key: str | None = None,
) -> NightResult:
    """Record ``player``'s answer (a director answering for them): the last counts.
    No expected version, as a self check-in: answers from many phones never
    conflict (one written first, the others read the night again and are
    written after it). The same answer again records nothing (``replayed``)."""
    state = night_load(night_id)
    _check_players(state.club, [player], field="player")
    for attempt in range(1, ANSWER_READS + 1):
        if dict(state.answers).get(player) is coming:
            return NightResult(night_id, state, replayed=True)
        try:
            return _write(night_id, AnswerNight(player, coming), None, actor_id, idempotency_key)
        except VersionConflict:  # another answer was written first: read the night again
            if attempt == ANSWER_READS:
                raise
            sleep(random.uniform(0, 0.01 * attempt))
            state = night_load(night_id)
    raise AssertionError("unreachable")


def own_player(club_id: int, user_id: int) -> int | None:
    """The player account ``user_id`` is linked to in the club, if any."""
    found = Player.objects.filter(club_id=club_id, user_id=user_id).values_list("id", flat=True)
    return found.first()


def night_answer_own(
    *, night_id: UUID, actor_id: int, coming: bool, idempotency_key: str | None = None
) -> NightResult:
    """A member answers for their own player; 422 ``night_not_a_player`` for an
    account linked to no player of the night's club."""
    state = night_load(night_id)
    player = own_player(state.club, actor_id)
    if player is None:
        raise DomainError(
            _(
                "Your account is not linked to a player of this club: ask a club admin to "
                "link you to your player."
            ),
            code="night_not_a_player",
        )
    return night_answer(
        night_id=night_id,
        player=player,
        coming=coming,
        actor_id=actor_id,
        idempotency_key=idempotency_key,
    )
