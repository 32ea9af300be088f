"""A series' folded state as JSON: the snapshot kept on its score sheet.

Loading a series for a command reads the snapshot instead of folding the whole
log. ``encode`` and ``decode`` are pure; ``decode`` gives None for a snapshot
it cannot trust (none, an unknown schema, or one that folds another version of
the stream than the log holds), and the caller then folds the log.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from series.domain.events import DealEntry, Outcome
from series.domain.rules import Rules
from series.domain.series import Deal, Progress, SeriesState, Setup
from series.eventstore.transcoder import as_stored, from_stored

# Raise it when the snapshot's shape changes: older snapshots are then ignored
# (the log is folded instead) until the next write or rebuild replaces them.
SNAPSHOT_SCHEMA = 2  # 2: a deal's confirmation may be NOT_ASKED


def encode(state: SeriesState) -> dict[str, Any]:
    """The state of a started series as JSON-ready data."""
    setup, progress = state.setup, state.progress
    return {
        "schema": SNAPSHOT_SCHEMA,
        "version": state.version,
        "setup": {
            "club": setup.club,
            "players": list(setup.players),
            "first_dealer": setup.first_dealer,
            "rules": setup.rules.as_dict(),
        },
        "deals": [_deal(deal) for deal in state.deals],
        "progress": {
            "totals": _by_player(progress.totals),
            "outcome": as_stored(progress.outcome),
            "regular_deals": progress.regular_deals,
            "last_dealer": progress.last_dealer,
        },
        "abandoned": state.abandoned,
    }


def decode(data: Mapping[str, Any] | None, *, version: int) -> SeriesState | None:
    """The state ``encode`` was given, if ``data`` is a snapshot of this schema
    that folds stream version ``version``; otherwise None."""
    if not data or data.get("schema") != SNAPSHOT_SCHEMA or data.get("version") != version:
        return None
    setup, progress = data["setup"], data["progress"]
    return SeriesState(
        version=version,
        setup=Setup(
            club=setup["club"],
            players=tuple(setup["players"]),
            first_dealer=setup["first_dealer"],
            rules=Rules.from_dict(setup["rules"]),
        ),
        deals=tuple(_read_deal(deal) for deal in data["deals"]),
        progress=Progress(
            totals=_read_by_player(progress["totals"]),
            outcome=from_stored(Outcome, progress["outcome"]),
            regular_deals=progress["regular_deals"],
            last_dealer=progress["last_dealer"],
        ),
        abandoned=data["abandoned"],
    )


def _deal(deal: Deal) -> dict[str, Any]:
    return {
        "number": deal.number,
        "dealer": deal.dealer,
        "tiebreak": deal.tiebreak,
        "entry": as_stored(deal.entry),
        "players": list(deal.players),
        # By player: a deal folded from the log has its scores in the order a
        # database's JSON type keeps them, one just decided in the order scored.
        "scores": sorted([player, points] for player, points in deal.scores.items()),
        "corrected": deal.corrected,
        "void": deal.void,
        "confirmation": deal.confirmation,
    }


def _read_deal(data: Mapping[str, Any]) -> Deal:
    return Deal(
        number=data["number"],
        dealer=data["dealer"],
        tiebreak=data["tiebreak"],
        entry=from_stored(DealEntry, data["entry"]),
        players=tuple(data["players"]),
        scores=_read_by_player(data["scores"]),
        corrected=data["corrected"],
        void=data["void"],
        confirmation=data["confirmation"],
    )


def _by_player(values: Mapping[int, int]) -> list[list[int]]:
    # Pairs rather than an object: JSON keys are strings, and the order of the
    # players (seat order for the totals) survives a database's JSON type.
    return [[player, value] for player, value in values.items()]


def _read_by_player(pairs: list[list[int]]) -> dict[int, int]:
    return {player: value for player, value in pairs}
