"""How a night ranks its tables (RULES D-16, D-27): one module a method, each a
``NightScoring`` registered here by the code a night stores.

Adding a method is adding its module and registering it: the night checks and
ranks by it, the league adds it to the season, and the forms, the API and the
pages offer and explain it by what it answers. A night that names no method
is ranked by placement (``DEFAULT``).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from .base import Method, NightScoring, RecordedLine, points_by_place
from .per_deal import PER_DEAL, PER_DEAL_SCORING, PerDeal
from .placement import PLACEMENT, PLACEMENT_SCORING, Placement
from .points_table import POINTS_TABLE, POINTS_TABLE_SCORING, PointsTable
from .registry import all, codes, find, get, register, unregister

DEFAULT = PLACEMENT

__all__ = [
    "DEFAULT",
    "PER_DEAL",
    "PLACEMENT",
    "POINTS_TABLE",
    "Method",
    "NightScoring",
    "PerDeal",
    "Placement",
    "PointsTable",
    "RecordedLine",
    "all",
    "codes",
    "find",
    "get",
    "named",
    "of",
    "points_by_place",
    "register",
    "unregister",
]


def named(code: str | None) -> NightScoring:
    """The method of that code; an unknown or missing code reads as the default."""
    return find(code) or get(DEFAULT)


def of(scoring: Mapping[str, Any]) -> NightScoring:
    """The method a night's (or championship's) stored scoring names."""
    return named(scoring.get("method", DEFAULT))


register(PLACEMENT_SCORING)
register(PER_DEAL_SCORING)
register(POINTS_TABLE_SCORING)
