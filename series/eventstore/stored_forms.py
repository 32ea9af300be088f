"""How a field is stored where its type alone does not say (the transcoder
reads every other field off its type hint).

The domain's events are plain frozen dataclasses; their stored form is the
log's, declared here beside the codec that reads it. Every entry below is part
of a payload already in the log and in old backups: changing one changes what
is written, and ``tests/eventstore/test_stored_events.py`` pins each.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Mapping
from typing import Any

from series.domain.events import (
    DealCorrected,
    DealDisputed,
    DealEntry,
    DealRecorded,
    DealVoided,
    Hand,
    PlayerSeated,
    SeriesStarted,
)
from series.domain.nights.events import NightPoints, RoundDrawn
from series.domain.rules import Rules


@dataclasses.dataclass(frozen=True, slots=True)
class Stored:
    """How one field is stored: its fields nested in the owner's own payload
    (``flat``); written only when not its default (``omitted_when_default``)
    or only when ``written(owner)`` says so; with an encoder or a decoder of
    its own (the other read off its type)."""

    flat: bool = False
    omitted_when_default: bool = False
    written: Callable[[Any], bool] | None = None
    encode: Callable[[Any], Any] | None = None
    decode: Callable[[Any], Any] | None = None


OPTIONAL = Stored(omitted_when_default=True)
FLAT = Stored(flat=True)


def _buys_by_player(buys: Mapping[int, int]) -> dict[str, int]:
    return {str(player): n for player, n in sorted(buys.items())}


def _known_rules(rules: Mapping[str, Any]) -> dict[str, Any]:
    """A series' rules as read: options added since the event was written read
    as their defaults."""
    return Rules.from_dict(rules).as_dict()


# Each class's fields stored otherwise than their types say.
FIELDS: Mapping[type, Mapping[str, Stored]] = {
    Hand: {"cards": OPTIONAL, "points": Stored(written=lambda hand: hand.cards is None)},
    DealEntry: {
        "going_out": OPTIONAL,
        "buys": Stored(omitted_when_default=True, encode=_buys_by_player),
        "rummy": OPTIONAL,
    },
    SeriesStarted: {"rules": Stored(decode=_known_rules)},
    PlayerSeated: {"rules": Stored(decode=_known_rules)},
    # A deal's events keep the entry's fields in their own payload; what a deal
    # decided is written since schema version 2, and a confirmation only when asked.
    DealRecorded: {
        "entry": FLAT,
        "scores": OPTIONAL,
        "outcome": OPTIONAL,
        "needs_confirmation": OPTIONAL,
    },
    DealCorrected: {
        "entry": FLAT,
        "scores": OPTIONAL,
        "outcome": OPTIONAL,
        "needs_confirmation": OPTIONAL,
    },
    DealVoided: {"outcome": OPTIONAL},
    NightPoints: {"penalty": OPTIONAL, "deals": OPTIONAL, "per_round": OPTIONAL},
    RoundDrawn: {"ratings": OPTIONAL, "swaps": OPTIONAL},
}

# The payload's keys where their order is not the fields'.
ORDERS: Mapping[type, tuple[str, ...]] = {
    DealCorrected: ("number", "reason", "entry", "scores", "outcome", "needs_confirmation"),
    DealDisputed: ("number", "user", "player", "reason"),
}
