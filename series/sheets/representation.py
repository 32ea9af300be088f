"""A series as the API shows it, built from either of its two sources.

Writes answer from the state the service returns; reads answer from the
projections (the score sheet tables). Both give the same dict, and a test
holds them equal; ``SeriesSerializer`` documents its shape (reads pass it
through the serializer, writes answer it as it is).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any
from uuid import UUID

from series.domain.events import without_members
from series.domain.rules import PRESETS
from series.domain.series import SeriesState
from series.eventstore.mapper import from_payload, to_payload
from series.models import Club, Event, SeriesSheet
from series.sheets import selectors

NOT_OPTIONS = ("preset", "game")


def rules_options(rules: Mapping[str, Any]) -> dict[str, Any]:
    """The house rules in force: every setting that differs from the preset's."""
    preset = PRESETS.get(rules.get("preset"))
    defaults = preset.as_dict() if preset else {}
    return {
        name: value
        for name, value in rules.items()
        if name not in NOT_OPTIONS and (name not in defaults or defaults[name] != value)
    }


def night_table(night: UUID | None, table: int | None) -> dict[str, Any] | None:
    """``{"id": night, "table": 3}`` for a night's table; None for a series outside a night."""
    return None if night is None else {"id": night, "table": table}


def series_from_state(
    series_id: UUID,
    state: SeriesState,
    club: Club,
    names: Mapping[int, str] | None = None,
    night: dict[str, Any] | None = None,
) -> dict[str, Any]:
    """The dict from a state; ``names`` of its players, unless they are to be read;
    ``night`` as ``night_table`` gives it (the state knows no night)."""
    setup = state.setup
    if names is None:
        names = selectors.player_names(club_id=club.id, ids=setup.players)
    rules = setup.rules.as_dict()
    return {
        "id": series_id,
        "club": club.slug,
        "rules": setup.rules.preset,
        "options": rules_options(rules),
        "status": state.status,
        "night": night,
        "players": [
            {"id": player, "name": names.get(player, ""), "seat": seat}
            for seat, player in enumerate(setup.players, start=1)
        ],
        "deals": [
            {
                "number": deal.number,
                "dealer": deal.dealer,
                "went_out": deal.entry.went_out,
                "tiebreak": deal.tiebreak,
                "corrected": deal.corrected,
                "void": deal.void,
                "confirmation": deal.confirmation,
                "scores": _by_player(deal.scores),
            }
            for deal in state.deals
        ],
        "totals": _by_player(state.totals),
        "next_number": state.next_number,
        "next_dealer": state.next_dealer,
        "tiebreak_players": list(state.tiebreak_players),
        "eliminated": list(state.eliminated),
        "winner": state.winner,
        "version": state.version,
    }


def series_from_sheet(sheet: SeriesSheet) -> dict[str, Any]:
    """The same dict from a sheet loaded by ``selectors.series_sheet_rows``."""
    seats = list(sheet.seats.all())
    deals = list(sheet.deals.all())
    scores: dict[int, dict[int, int]] = {}
    for score in sheet.scores.all():
        scores.setdefault(score.number, {})[score.player_id] = score.points
    return {
        "id": sheet.id,
        "club": sheet.club.slug,
        "rules": sheet.preset,
        "options": rules_options(sheet.rules),
        "status": sheet.status,
        "night": night_table(sheet.night, sheet.table_number),
        "players": [{"id": s.player_id, "name": s.player.name, "seat": s.seat} for s in seats],
        "deals": [
            {
                "number": deal.number,
                "dealer": deal.dealer_id,
                "went_out": deal.went_out_id,
                "tiebreak": deal.tiebreak,
                "corrected": deal.corrected,
                "void": deal.void,
                "confirmation": deal.confirmation,
                "scores": _by_player(scores.get(deal.number, {})),
            }
            for deal in deals
        ],
        "totals": {str(seat.player_id): sheet.totals.get(str(seat.player_id), 0) for seat in seats},
        "next_number": len(deals) + 1,
        "next_dealer": sheet.next_dealer_id,
        "tiebreak_players": list(sheet.tiebreak_players),
        "eliminated": list(sheet.eliminated),
        "winner": sheet.winner_id,
        "version": sheet.version,
    }


def _by_player(points: Mapping[int, int]) -> dict[str, int]:
    """JSON object keys are strings: ``{"12": 40}``."""
    return {str(player): value for player, value in points.items()}


def event_payload(row: Event, *, members: bool = True) -> dict[str, Any]:
    """An event's payload in today's schema: older payloads are upcast as they are
    read; for readers outside the club, without the accounts it names."""
    event = from_payload(row.type, row.payload, row.schema_version)
    return to_payload(event if members else without_members(event))[1]
