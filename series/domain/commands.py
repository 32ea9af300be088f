"""The commands a series takes, and the command that records a given event.

``decide`` (series.py) turns a command into events; ``command_for`` goes the
other way, so that a restored log is validated by deciding each event again.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from series.domain.confirmation import ConfirmDeal, DisputeDeal
from series.domain.events import (
    DealConfirmed,
    DealCorrected,
    DealDisputed,
    DealEntry,
    DealRecorded,
    DealVoided,
    Event,
    SeriesAbandoned,
    SeriesStarted,
)
from series.domain.rules import Rules


@dataclass(frozen=True, slots=True)
class StartSeries:
    club: int
    players: tuple[int, ...]
    first_dealer: int
    rules: Rules


@dataclass(frozen=True, slots=True)
class RecordDeal:
    entry: DealEntry
    number: int | None = None  # when given, must be the next deal's number
    dealer: int | None = None  # when given, must be the player whose turn it is
    # The club's setting at the time (Club.deals_need_confirmation), recorded in the
    # event. Not part of what a retry repeats (its repr, the idempotency digest):
    # a retry after the setting changed is still the same request.
    needs_confirmation: bool = field(default=False, repr=False)


@dataclass(frozen=True, slots=True)
class CorrectDeal:
    number: int
    entry: DealEntry
    reason: str
    needs_confirmation: bool = field(default=False, repr=False)


@dataclass(frozen=True, slots=True)
class VoidDeal:
    number: int
    reason: str


@dataclass(frozen=True, slots=True)
class AbandonSeries:
    reason: str = ""


Command = (
    StartSeries | RecordDeal | CorrectDeal | VoidDeal | AbandonSeries | ConfirmDeal | DisputeDeal
)


def command_for(event: Event) -> Command:
    """The command that records ``event``: deciding it again on the state before
    must give back the same event, which is how a restored log is validated."""
    match event:
        case SeriesStarted():
            return StartSeries(
                event.club, tuple(event.players), event.first_dealer, Rules.from_dict(event.rules)
            )
        case DealRecorded():
            return RecordDeal(
                event.entry,
                number=event.number,
                dealer=event.dealer,
                needs_confirmation=event.needs_confirmation,
            )
        case DealCorrected():
            return CorrectDeal(
                event.number, event.entry, event.reason, needs_confirmation=event.needs_confirmation
            )
        case DealVoided():
            return VoidDeal(event.number, event.reason)
        case SeriesAbandoned():
            return AbandonSeries(event.reason)
        case DealConfirmed():
            return ConfirmDeal(event.number, event.user, event.player)
        case DealDisputed():
            return DisputeDeal(event.number, event.user, event.reason, event.player)
    raise TypeError(f"not an event: {event!r}")
