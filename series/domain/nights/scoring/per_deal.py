"""Per deal (RULES D-16): the average penalty per deal played; lower is better.
Tables are comparable because each plays one deal per player. In the season a
per-deal night adds points by its ranking, never its averages (RULES D-27).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from fractions import Fraction
from typing import Any

from ...errors import _
from ..results import TableResult
from .base import NightScoring, RecordedLine, points_by_place

PER_DEAL = "per_deal"


class PerDeal:
    """The average penalty per deal played; lower is better (RULES D-16)."""

    name = PER_DEAL
    higher_is_better = False

    def score(self, result: TableResult) -> dict[int, Fraction]:
        """Each player's average per deal; a player who played no deal is left out."""
        averages = {player: result.per_deal(player) for player in result.players}
        return {player: average for player, average in averages.items() if average is not None}


class PerDealScoring(NightScoring):
    code = PER_DEAL
    label = _("Per deal: the average penalty per deal played, lower is better")
    explained = _(
        "Per deal: the average penalty per deal played, lower is better; every table plays "
        "one deal per player, so tables of any size compare."
    )
    season_explained = _(
        "A per-deal night adds points by its ranking, never its averages: place p among its "
        "N players ranked by average penalty per deal scores 10 × (N − p) / (N − 1)."
    )
    season_line = _(
        "per deal: place %(place)s of %(ranked)s (%(average)s a deal), %(points)s points "
        "in the season"
    )
    higher_is_better = False
    averages = True

    def ranking(self, scoring: Mapping[str, Any]) -> PerDeal:
        return PerDeal()

    def season_points(self, lines: Sequence[RecordedLine]) -> dict[int, Fraction]:
        """Place p among the night's N ranked players as 10 × (N − p) / (N − 1)."""
        return points_by_place(lines)


PER_DEAL_SCORING = PerDealScoring()
