"""A second player confirms a deal, or disputes it (the Bridgemate "accept").

Whether a club needs confirmations is the club's setting, not the series': a
deal's event records whether the club asked for one when it was recorded (or
corrected), so that turning the setting on or off changes no earlier deal; the
series records who confirmed or disputed which deal, asked or not. A deal is confirmed
by a member other than the one who recorded its entry (a correction needs a
new confirmation); a disputed deal waits for a correction, and the series
cannot finish while a deal is disputed (see ``series._record_deal``).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import TYPE_CHECKING

from series.domain.errors import DomainError, InvalidDeal, NotFound, SeriesClosed, _
from series.domain.events import DealConfirmed, DealDisputed
from series.domain.registry import records
from series.domain.text import plain

if TYPE_CHECKING:
    from series.domain.series import SeriesState

TO_CONFIRM = ""
NOT_ASKED = "not_asked"  # recorded while the club asked for no confirmation
CONFIRMED = "confirmed"
DISPUTED = "disputed"


def asked(needs_confirmation: bool) -> str:
    """A deal's state as it is recorded or corrected: waiting for a second member
    when the club asked for one then (the event says), else not asked."""
    return TO_CONFIRM if needs_confirmation else NOT_ASKED


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


def decide_confirmation(state: SeriesState, command: ConfirmDeal | DisputeDeal) -> list:
    _require_deal(state, command)
    if isinstance(command, ConfirmDeal):
        if state.deal(command.number).confirmation == CONFIRMED:
            raise DomainError(
                _("Deal {number} is already confirmed."),
                code="deal_confirmed",
                number=command.number,
            )
        return [DealConfirmed(command.number, command.user, command.player)]
    reason = plain(command.reason, field="reason")
    if not reason:
        raise DomainError(_("Give a reason."), code="reason_required", field="reason")
    return [DealDisputed(command.number, command.user, reason, command.player)]


def _require_deal(state: SeriesState, command: ConfirmDeal | DisputeDeal) -> None:
    if state.setup is None:
        raise NotFound(_("This series has not started."), code="series_not_found")
    if state.abandoned:
        raise SeriesClosed(_("This series was abandoned."), code="series_abandoned")
    if state.deal(command.number).void:
        raise InvalidDeal(
            _("Deal {number} was voided; there is nothing to confirm."),
            code="deal_voided",
            number=command.number,
        )
    if command.recorder is not None and command.user == command.recorder:
        raise DomainError(
            _(
                "Deal {number} is confirmed or disputed by another member than the one who "
                "recorded it."
            ),
            code="own_deal",
            number=command.number,
        )
    if command.player is not None and command.player not in state.setup.players:
        raise DomainError(
            _("Deal {number}: player {player} is not seated in the series."),
            code="player_not_seated",
            number=command.number,
            player=command.player,
            field="player",
        )


def waiting(deals: Iterable) -> list[int]:
    """The numbers of the deals a second member must still look at: those
    recorded while the club asked for a confirmation and not confirmed yet,
    and every disputed one. A void deal never waits. ``deals`` have a number,
    void and confirmation (the state's deals and the score sheet's rows alike)."""
    return [
        deal.number
        for deal in deals
        if not deal.void and deal.confirmation in (TO_CONFIRM, DISPUTED)
    ]


def finishing_while_disputed(state: SeriesState, number: int) -> DomainError:
    disputed = [deal.number for deal in state.deals if deal.confirmation == DISPUTED]
    return SeriesClosed(
        _(
            "Deal {number} would end the series, but deal {disputed} is disputed: correct "
            "it, or have it confirmed, first."
        ),
        code="deal_disputed",
        number=number,
        disputed=disputed[0],
    )
