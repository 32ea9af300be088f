"""A fourth way of ranking a night, known to the tests only: tables won.

Each table's winners score a point between them; everyone else scores none.
It shows that a night's scoring method is one module and its registration:
nothing outside this module names it.
"""

from __future__ import annotations

from collections.abc import Mapping
from fractions import Fraction
from typing import Any

from series.domain.nights.results import TableResult
from series.domain.nights.scoring import NightScoring

TABLES_WON = "tables_won"


class TablesWon:
    higher_is_better = True

    def score(self, result: TableResult) -> dict[int, Fraction]:
        winners, *_others = result.order
        points = dict.fromkeys(result.players, Fraction(0))
        return points | dict.fromkeys(winners, Fraction(1, len(winners)))


class TablesWonScoring(NightScoring):
    code = TABLES_WON
    label = "Tables won: a point for each table won"
    explained = "Tables won: each table's winner scores a point, everyone else none."
    season_explained = "A tables-won night adds a point for each table won."
    season_line = "tables won: place %(place)s, %(points)s points"

    def ranking(self, scoring: Mapping[str, Any]) -> TablesWon:
        return TablesWon()
