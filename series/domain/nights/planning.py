"""A night planned ahead, and who is coming: its commands, their refusals and
the fold of their events (``night.apply`` hands these events here).

A director plans a night for a day after today, with an optional start time
and a venue; until the day it opens (``OpenNight``, as a night opened on the
spot) it can be moved or withdrawn. Members say whether they are coming, on a
planned night or an open one; the last answer counts. What the caller reads
(today in the club's time zone, whether a player is the club's) it hands to
the commands, as the night's other commands are handed their series.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, replace

from ..errors import _
from ..registry import records
from ..text import iso_day, plain
from .errors import InvalidNight
from .events import NightMoved, NightPlanned, NightWithdrawn, PlayerAnswered
from .state import NightState

VENUE_LENGTH = 120
REASON_LENGTH = 500
_CLOCK = re.compile("([01][0-9]|2[0-3]):[0-5][0-9]")

# A night's stages, as the API's ``state`` names them.
PLANNED, OPEN, CLOSED, WITHDRAWN = "planned", "open", "closed", "withdrawn"
STAGES = (PLANNED, OPEN, CLOSED, WITHDRAWN)


@records(NightPlanned)
@dataclass(frozen=True, slots=True)
class PlanNight:
    """``today``: the club's today as the caller read it ("" on a restore, which
    does not judge a past plan by today)."""

    club: int
    date: str
    time: str | None = None
    venue: str = ""
    today: str = ""


@records(NightMoved)
@dataclass(frozen=True, slots=True)
class MoveNight:
    date: str
    time: str | None = None
    venue: str = ""
    today: str = ""


@records(NightWithdrawn)
@dataclass(frozen=True, slots=True)
class WithdrawNight:
    reason: str


@records(PlayerAnswered)
@dataclass(frozen=True, slots=True)
class AnswerNight:
    """``player``: checked by the caller as an active player of the night's club."""

    player: int
    coming: bool


PlanningCommand = PlanNight | MoveNight | WithdrawNight | AnswerNight


def stage(state: NightState) -> str:
    """planned, open, closed or withdrawn."""
    if state.withdrawn is not None:
        return WITHDRAWN
    if state.planned:
        return PLANNED
    return CLOSED if state.closed else OPEN


def clock_time(text: str | None, *, field: str = "time") -> str | None:
    """A start time written HH:MM on a 24-hour clock ("20:30"); None or "" for none."""
    if text is None or text == "":
        return None
    if not _CLOCK.fullmatch(text):
        raise InvalidNight(
            _("Write the start time as HH:MM on a 24-hour clock, e.g. 20:30."),
            code="invalid_time",
            field=field,
        )
    return text


def venue_text(text: str) -> str:
    venue = plain(text, field="venue")
    if len(venue) > VENUE_LENGTH:
        raise InvalidNight(
            _("Write the venue in at most {most} characters."),
            code="venue_too_long",
            field="venue",
            most=VENUE_LENGTH,
        )
    return venue


def _day_ahead(date: str, today: str, *, later: bool) -> str:
    """``date`` as an ISO day; after ``today`` (``later``) or not before it."""
    day = iso_day(date, field="date").isoformat()
    if today and (day <= today if later else day < today):
        raise InvalidNight(
            _("A night is planned for a day after today ({today}): open it today instead.")
            if later
            else _("A night is moved to today ({today}) or a later day, not to a day gone by."),
            code="night_date_past",
            field="date",
            today=today,
        )
    return day


def decide_planning(state: NightState, command: PlanningCommand) -> list:
    """The events a planning command records, or an InvalidNight naming the fix."""
    match command:
        case PlanNight():
            if state.version:
                raise InvalidNight(_("This night is open already."), code="night_open_already")
            day = _day_ahead(command.date, command.today, later=True)
            return [
                NightPlanned(command.club, day, clock_time(command.time), venue_text(command.venue))
            ]
        case MoveNight():
            _still_planned(state)
            day = _day_ahead(command.date, command.today, later=False)
            moved = NightMoved(day, clock_time(command.time), venue_text(command.venue))
            if (moved.date, moved.time, moved.venue) == (state.date, state.time, state.venue):
                raise InvalidNight(
                    _("The night is planned for that day, time and venue already."),
                    code="night_not_moved",
                    field="date",
                )
            return [moved]
        case WithdrawNight():
            _still_planned(state)
            return [NightWithdrawn(_reason(command.reason))]
        case AnswerNight():
            if state.withdrawn is not None:
                _refuse_withdrawn()
            if state.closed:
                raise InvalidNight(
                    _("The night is over: answers are for a night to come."),
                    code="night_closed",
                )
            return [PlayerAnswered(command.player, command.coming)]
    raise TypeError(f"not a planning command: {command!r}")


def _still_planned(state: NightState) -> None:
    if state.withdrawn is not None:
        _refuse_withdrawn()
    if not state.planned:
        raise InvalidNight(
            _("The night is open already: only a night planned ahead is moved or withdrawn."),
            code="night_not_planned",
        )


def _refuse_withdrawn() -> None:
    raise InvalidNight(
        _("The night was withdrawn: plan another one."),
        code="night_withdrawn",
    )


def refuse_while_planned(state: NightState) -> None:
    """A night's own commands (check-in, the draw …) wait until it opens."""
    if state.withdrawn is not None:
        _refuse_withdrawn()
    if state.planned:
        raise InvalidNight(
            _("The night is planned for {date}: open it on the day to check players in."),
            code="night_planned",
            date=state.date,
        )


def _reason(text: str) -> str:
    reason = plain(text, field="reason")
    if not reason:
        raise InvalidNight(
            _("Say why the night is withdrawn."), code="reason_required", field="reason"
        )
    if len(reason) > REASON_LENGTH:
        raise InvalidNight(
            _("Say why the night is withdrawn in at most {most} characters."),
            code="reason_too_long",
            field="reason",
            most=REASON_LENGTH,
        )
    return reason


def apply_planning(state: NightState, event) -> NightState:
    """The state after a planning event (``state``'s version already counted)."""
    match event:
        case NightPlanned():
            return replace(
                state,
                club=event.club,
                date=event.date,
                time=event.time,
                venue=event.venue,
                planned=True,
            )
        case NightMoved():
            return replace(
                state, date=event.date, time=event.time, venue=event.venue, moves=state.moves + 1
            )
        case NightWithdrawn():
            return replace(state, withdrawn=event.reason)
        case PlayerAnswered():
            answers = tuple(a for a in state.answers if a[0] != event.player)
            return replace(state, answers=(*answers, (event.player, event.coming)))
    raise TypeError(f"not a planning event: {event!r}")


def coming(state: NightState) -> tuple[int, ...]:
    """The players who said they are coming, in the order of their answers."""
    return tuple(player for player, yes in state.answers if yes)


def not_coming(state: NightState) -> tuple[int, ...]:
    return tuple(player for player, yes in state.answers if not yes)
