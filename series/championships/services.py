"""A championship's writers: its commands go through the one writer of every
stream as the championship's stream kind (``stream.CHAMPIONSHIP``). What a
command needs of the nights (their club, game and method, whether they closed,
the points of their last close) is read here and handed to the pure rules.

Every function takes keyword arguments, returns the championship's state after
the command (``ChampionshipResult``), and raises a DomainError (rules),
StreamConflict (another director got there first: HTTP 409) or
IdempotencyMismatch without changing anything.
"""

from __future__ import annotations

import uuid
from dataclasses import dataclass
from typing import Any
from uuid import UUID

from django.db import transaction

from series.domain.championships.championship import (
    AddNight,
    ChampionshipState,
    CloseChampionship,
    MakeCut,
    NightFacts,
    OpenChampionship,
    OpenFinal,
    WithdrawNight,
    check_plays,
    decide,
)
from series.domain.errors import NotFound, _
from series.domain.nights.scoring import DEFAULT as DEFAULT_SCORING
from series.eventstore import store, writer
from series.eventstore.retry import transient_retry
from series.eventstore.writer import Recording
from series.models import ChampionshipNight, Club, Night
from series.nights import services as nights

from . import selectors
from .stream import CHAMPIONSHIP


@dataclass(frozen=True, slots=True)
class ChampionshipResult:
    championship_id: UUID
    state: ChampionshipState
    replayed: bool = False


def _write(
    championship_id: UUID,
    command,
    expected_version: int | None,
    actor_id: int | None,
    idempotency_key: str | None,
) -> ChampionshipResult:
    written = writer.write(
        CHAMPIONSHIP,
        championship_id,
        command,
        expected_version=expected_version,
        recording=Recording(actor_id, idempotency_key),
    )
    return ChampionshipResult(written.stream, written.state, written.replayed)


def championship_load(championship_id: UUID) -> ChampionshipState:
    """The championship's state; NotFound when there is none."""
    state = CHAMPIONSHIP.load(championship_id).state
    if state.club is None:
        raise NotFound(_("There is no such championship."), code="championship_not_found")
    return state


def _scoring(method: str, points_table: dict | None) -> dict[str, Any]:
    scoring: dict[str, Any] = {"method": method}
    if points_table:
        scoring["points_table"] = {str(size): list(row) for size, row in points_table.items()}
    return scoring


@transient_retry
def championship_open(
    *,
    club: Club,
    name: str,
    qualifying_nights: int,
    rules: str | None = None,
    options: dict[str, Any] | None = None,
    scoring: str = DEFAULT_SCORING,
    points_table: dict | None = None,
    best: int | None = None,
    final_size: int = 8,
    carry_over: str = "half",
    actor_id: int | None = None,
    idempotency_key: str | None = None,
) -> ChampionshipResult:
    """Open a championship of ``club`` whose nights play ``rules`` (the club's
    defaults) ranked by ``scoring`` (RULES D-23, D-24)."""
    defaults = club.default_rules or {}
    preset = rules or defaults.get("preset", "continental")
    club_options = {} if rules else defaults.get("options") or {}
    chosen = club_options if options is None else options
    command = OpenChampionship(
        club.id,
        name,
        {"preset": preset, "options": dict(chosen)},
        _scoring(scoring, points_table),
        qualifying_nights,
        best,
        final_size,
        carry_over,
    )
    return _write(uuid.uuid4(), command, 0, actor_id, idempotency_key)


def _facts(night_id: UUID, championship_id: UUID) -> NightFacts:
    if not Night.objects.filter(id=night_id).exists():  # another stream's id is no night
        raise NotFound(_("There is no such night."), code="night_not_found")
    night = nights.night_load(night_id)
    other = (
        ChampionshipNight.objects.filter(night_id=night_id)
        .exclude(championship_id=championship_id)
        .values_list("championship_id", flat=True)
        .first()
    )
    return NightFacts(
        str(night_id),
        night.club,
        dict(night.rules),
        dict(night.scoring),
        night.closed or night.closes > 0,
        None if other is None else str(other),
        night.planned,
    )


@transient_retry
def championship_night_add(
    *,
    championship_id: UUID,
    night_id: UUID,
    expected_version: int | None = None,
    actor_id: int | None = None,
    idempotency_key: str | None = None,
) -> ChampionshipResult:
    """A night of the club, not closed yet, joins the championship as a qualifying
    night, when it plays the championship's game and method (RULES D-23)."""
    command = AddNight(_facts(night_id, championship_id))
    return _write(championship_id, command, expected_version, actor_id, idempotency_key)


@transient_retry
def championship_night_withdraw(
    *,
    championship_id: UUID,
    night_id: UUID,
    reason: str,
    expected_version: int | None = None,
    actor_id: int | None = None,
    idempotency_key: str | None = None,
) -> ChampionshipResult:
    """Take a night out of the championship, before the cut, saying why."""
    command = WithdrawNight(str(night_id), reason)
    return _write(championship_id, command, expected_version, actor_id, idempotency_key)


@transient_retry
def championship_cut(
    *,
    championship_id: UUID,
    final_size: int | None = None,
    expected_version: int | None = None,
    actor_id: int | None = None,
    idempotency_key: str | None = None,
) -> ChampionshipResult:
    """Make the cut once the qualifying nights have closed (RULES D-24): the top
    ``final_size`` (the championship's K unless told) and everyone sharing the
    K-th place go to the final; the event records each line and why."""
    state = championship_load(championship_id)
    closes, still_open = selectors.cut_reading(state)
    command = MakeCut(closes, still_open, final_size)
    return _write(championship_id, command, expected_version, actor_id, idempotency_key)


@transient_retry
def championship_close(
    *,
    championship_id: UUID,
    expected_version: int | None = None,
    actor_id: int | None = None,
    idempotency_key: str | None = None,
) -> ChampionshipResult:
    """Record the final ranking once the final night has closed (RULES D-24)."""
    state = championship_load(championship_id)
    night = None
    if state.final_night is not None:
        night = Night.objects.filter(id=state.final_night).first()
    final, closed = selectors.final_points(night)
    command = CloseChampionship(final, closed)
    return _write(championship_id, command, expected_version, actor_id, idempotency_key)


def _derived(key: str | None, part: str) -> str | None:
    return f"{key}:{part}" if key else None


def night_open_for_championship(
    *,
    club: Club,
    championship_id: UUID,
    final: bool = False,
    rules: str | None = None,
    options: dict[str, Any] | None = None,
    scoring: str | None = None,
    points_table: dict | None = None,
    actor_id: int | None = None,
    idempotency_key: str | None = None,
    **night: Any,
) -> nights.NightResult:
    """Open a night of the championship: a qualifying night, or its ``final``. It
    plays the championship's rules and method unless told otherwise (and then the
    championship refuses it); the night and the championship's record of it are
    one transaction, so a refusal opens no night."""
    state = championship_load(championship_id)
    if state.club != club.id:
        raise NotFound(_("There is no such championship."), code="championship_not_found")
    if final:
        decide(state, OpenFinal(""))  # refused before the cut, or a second final
    with transaction.atomic():
        opened = nights.night_open(
            club=club,
            rules=rules or state.rules.get("preset"),
            options=state.rules.get("options") if rules is None and options is None else options,
            scoring=scoring or state.scoring.get("method", DEFAULT_SCORING),
            points_table=points_table if scoring is not None else state.scoring.get("points_table"),
            actor_id=actor_id,
            idempotency_key=idempotency_key,
            **night,
        )
        key = _derived(idempotency_key, "championship")
        if opened.replayed and store.find_by_key(writer.scoped_key(actor_id, key)) is None:
            # The key opened a night that no championship took: another request.
            raise writer.IdempotencyMismatch(
                _("This idempotency key was already used for a different request."),
                field="idempotency_key",
            )
        if final:  # its game, method and points table as a qualifying night's
            check_plays(state, _facts(opened.night_id, championship_id))
            command = OpenFinal(str(opened.night_id))
        else:
            command = AddNight(_facts(opened.night_id, championship_id))
        _write(championship_id, command, None, actor_id, key)
    return opened
