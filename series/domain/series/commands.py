"""The commands a series takes, each registered as the one recording its event.

The package's ``decide`` turns a command into events; ``registry.command_for``
goes the other way, so that a restored log is validated by deciding each
event again.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from series.domain.events import (
    DealConfirmed,
    DealCorrected,
    DealDisputed,
    DealEntry,
    DealRecorded,
    DealVoided,
    PlayerSeated,
    SeriesAbandoned,
    SeriesStarted,
)
from series.domain.registry import records
from series.domain.rules import Rules


@records(SeriesStarted, rules=Rules.from_dict)
@dataclass(frozen=True, slots=True)
class StartSeries:
    club: int
    players: tuple[int, ...]
    first_dealer: int
    rules: Rules


@records(DealRecorded)
@dataclass(frozen=True, slots=True)
class RecordDeal:
    entry: DealEntry
    number: int | None = None  # when given, must be the next deal's number
    dealer: int | None = None  # when given, must be the player whose turn it is
    # The club's setting at the time (Club.deals_need_confirmation), recorded in the
    # event. Not part of what a retry repeats (its repr, the idempotency digest):
    # a retry after the setting changed is still the same request.
    needs_confirmation: bool = field(default=False, repr=False)


@records(DealCorrected)
@dataclass(frozen=True, slots=True)
class CorrectDeal:
    number: int
    entry: DealEntry
    reason: str
    needs_confirmation: bool = field(default=False, repr=False)


@records(DealVoided)
@dataclass(frozen=True, slots=True)
class VoidDeal:
    number: int
    reason: str


@records(SeriesAbandoned)
@dataclass(frozen=True, slots=True)
class AbandonSeries:
    reason: str = ""


@records(PlayerSeated, rules=Rules.from_dict)
@dataclass(frozen=True, slots=True)
class SeatPlayer:
    """Seat ``player`` after the last seat before the first deal, the series then
    playing ``rules`` (those of its new size)."""

    player: int
    rules: Rules


@records(DealConfirmed)
@dataclass(frozen=True, slots=True)
class ConfirmDeal:
    number: int
    user: int
    player: int | None = None
    recorder: int | None = None  # who recorded the deal's entry; None when unknown


@records(DealDisputed)
@dataclass(frozen=True, slots=True)
class DisputeDeal:
    number: int
    user: int
    reason: str
    player: int | None = None
    recorder: int | None = None


Command = (
    StartSeries
    | RecordDeal
    | CorrectDeal
    | VoidDeal
    | AbandonSeries
    | SeatPlayer
    | ConfirmDeal
    | DisputeDeal
)
