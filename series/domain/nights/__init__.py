"""Club nights, pure (RULES §5, D-15 … D-19): the draw of a round and the night's ranking.

A night has rounds; each round seats every present player at one table, and
each table plays one series. This package knows no database: the night's
events, services and pages build on these functions.

- ``table_sizes``: how many tables, of which sizes (D-15).
- ``table_rules``: a table's rules, with the large-table rule from 7 (D-15).
- ``draw``: tables, seats and first dealers from a seed, keeping repeat
  meetings low (D-15), grouped by one of the draw methods (``draws``, a
  registry); ``meetings`` and ``repeat_cost`` count them.
- ``table_result`` and the night's scoring methods (``scoring``, a registry:
  ``Placement``, ``PerDeal``, ``PointsTable``): a table's places and points (D-16, D-18).
- ``night_ranking``: the night over its rounds (D-17, D-18), provisional while
  tables still play.
- ``report.night_facts``: the night's notable facts for its report (the
  highest penalty in a deal, the lowest total, who went out most, tiebreaks,
  directors' results), from its tables' series.
"""

from .drawing import DrawnTable, draw
from .draws import RANDOM, RATING, STANDINGS
from .errors import InvalidNight
from .large_tables import LARGE_TABLE, THIRD_DECK, THIRTEEN_CARDS, TableRules, table_rules
from .meetings import Pair, meetings, pair, repeat_cost
from .ranking import NightLine, NightRanking, night_ranking
from .results import TableResult, shared_places, table_result
from .scoring import PER_DEAL, PLACEMENT, POINTS_TABLE, Method, PerDeal, Placement, PointsTable
from .sizes import check_bounds, table_sizes

__all__ = [
    "LARGE_TABLE",
    "PER_DEAL",
    "PLACEMENT",
    "POINTS_TABLE",
    "RANDOM",
    "RATING",
    "STANDINGS",
    "THIRD_DECK",
    "THIRTEEN_CARDS",
    "DrawnTable",
    "InvalidNight",
    "Method",
    "NightLine",
    "NightRanking",
    "Pair",
    "PerDeal",
    "Placement",
    "PointsTable",
    "TableResult",
    "TableRules",
    "check_bounds",
    "draw",
    "meetings",
    "night_ranking",
    "pair",
    "repeat_cost",
    "shared_places",
    "table_result",
    "table_rules",
    "table_sizes",
]
