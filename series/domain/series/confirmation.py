"""A second player confirms a deal, or disputes it (the Bridgemate "accept").

Whether a club needs confirmations is the club's setting, not the series': a
deal's event records whether the club asked for one when it was recorded (or
corrected), so that turning the setting on or off changes no earlier deal; the
series records who confirmed or disputed which deal, asked or not. A deal is confirmed
by a member other than the one who recorded its entry (a correction needs a
new confirmation); a disputed deal waits for a correction, and the series
cannot finish while a deal is disputed. The commands are in ``commands``, the
decisions in ``series`` with the rest of the series'.
"""

from __future__ import annotations

from collections.abc import Iterable

TO_CONFIRM = ""
NOT_ASKED = "not_asked"  # recorded while the club asked for no confirmation
CONFIRMED = "confirmed"
DISPUTED = "disputed"


def asked(needs_confirmation: bool) -> str:
    """A deal's state as it is recorded or corrected: waiting for a second member
    when the club asked for one then (the event says), else not asked."""
    return TO_CONFIRM if needs_confirmation else NOT_ASKED


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
