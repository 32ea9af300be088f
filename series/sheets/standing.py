"""A series' standing (``series.domain.series.standing``) as the score sheet
keeps it, in JSON beside the snapshot.

Like the snapshot it carries its schema: a standing of another schema (written
before ``Standing`` or the order of places changed) decodes to None, and its
reader computes it from the series' state instead, so such a change needs no
migration.
"""

from __future__ import annotations

from collections.abc import Mapping

from series.domain.series.standing import Standing

# Raised whenever what a standing holds, or how it is computed, changes.
STANDING_SCHEMA = 1


def encode(standing: Standing) -> dict:
    """The standing as JSON (player ids as text keys, as JSON has them)."""
    return {
        "schema": STANDING_SCHEMA,
        "status": standing.status,
        "players": list(standing.players),
        "totals": {str(p): total for p, total in standing.totals.items()},
        "deals": {str(p): count for p, count in standing.deals.items()},
        "order": [list(group) for group in standing.order],
        "dealt": standing.dealt,
        "winner": standing.winner,
        "leaders": list(standing.leaders),
        "tiebreak_players": list(standing.tiebreak_players),
        "disputed": list(standing.disputed),
    }


def decode(data: Mapping | None) -> Standing | None:
    """The standing kept in ``data``; None when there is none or it is of
    another schema (the reader computes it from the state then)."""
    if not data or data.get("schema") != STANDING_SCHEMA:
        return None
    return Standing(
        status=data["status"],
        players=tuple(data["players"]),
        totals={int(p): total for p, total in data["totals"].items()},
        deals={int(p): count for p, count in data["deals"].items()},
        order=tuple(tuple(group) for group in data["order"]),
        dealt=data["dealt"],
        winner=data["winner"],
        leaders=tuple(data["leaders"]),
        tiebreak_players=tuple(data["tiebreak_players"]),
        disputed=tuple(data["disputed"]),
    )
