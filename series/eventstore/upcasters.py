"""Payloads of older schema versions, read as the next version writes them.

Old payloads are upcast when read, never rewritten: the log and old backups
keep what was written then. Each function turns a type's payload of one schema
version into the next's; ``mapper.from_payload`` runs them in order from the
payload's version to ``mapper.SCHEMA_VERSION``.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from series.domain.nights import scoring as scorings
from series.domain.rules import rules_from

Upcaster = Callable[[dict[str, Any]], dict[str, Any]]
# (type, schema version) -> the function turning that version's payload into the next's.
UPCASTERS: dict[tuple[str, int], Upcaster] = {}


def upcaster(type_name: str, version: int) -> Callable[[Upcaster], Upcaster]:
    """Register the function that turns a ``type_name`` payload of schema
    ``version`` into one of the next version."""

    def register(upcast: Upcaster) -> Upcaster:
        UPCASTERS[(type_name, version)] = upcast
        return upcast

    return register


# -- a series ---------------------------------------------------------------------
# A deal's events record what was decided (each player's score for the deal and
# where the series stands afterwards) since schema version 2. Those written
# before have neither (``None``); ``series.domain.series.decided`` works them
# out once, when they are folded, from the series' state then.


@upcaster("DealRecorded", 1)
@upcaster("DealCorrected", 1)
def _deal_not_decided(payload: dict[str, Any]) -> dict[str, Any]:
    """Version 1 recorded a deal's entry only: its scores and the outcome after it
    are not in the event, and the fold decides them (``series.domain.series.decided``)."""
    return payload | {"scores": None, "outcome": None}


@upcaster("DealVoided", 1)
def _void_not_decided(payload: dict[str, Any]) -> dict[str, Any]:
    """Version 1 recorded a void without the outcome after it: the fold decides it."""
    return payload | {"outcome": None}


# -- a night ----------------------------------------------------------------------


@upcaster("NightOpened", 2)
def _points_table_read(payload: dict[str, Any]) -> dict[str, Any]:
    """Version 2 stored a points table sent with any method, unchecked unless the
    method ranks by it (keys such as "" or "__proto__"): a table no ranking reads
    is read as absent. A points-table night's table was checked when it opened."""
    scoring = dict(payload.get("scoring") or {})
    chosen = scorings.find(scoring.get("method", scorings.DEFAULT))
    for other in scorings.all():
        if other is not chosen:
            for option in other.options:
                if chosen is None or option not in chosen.options:
                    scoring.pop(option, None)
    return payload | {"scoring": scoring}


@upcaster("NightOpened", 3)
def _with_table_bounds(payload: dict[str, Any]) -> dict[str, Any]:
    """Version 3 (and 2, upcast to it) had no table sizes: a night opened before it
    declared them seats any size its game is played at."""
    rules = payload.get("rules") or {}
    played = rules_from(rules.get("preset", "continental"), rules.get("options"))
    return {"min_table": played.min_players, "max_table": played.max_players, **payload}
