"""By tonight's standings (from round 2, RULES D-15): leaders together, table 1
first: the night's standings cut into tables in order. A swap may then exchange
two players at different tables whose places in the standings are at most
``STANDINGS_REACH`` apart, so the leaders stay together and a repeat meeting is
avoided only by moving a player across the nearest cut."""

from __future__ import annotations

from collections.abc import Callable

from ...errors import _
from ..swaps import improve
from .base import Drawing, DrawMethod, cut

STANDINGS = "standings"
STANDINGS_REACH = 2  # how far apart in the standings two swapped players may be


class ByStandings(DrawMethod):
    code = STANDINGS
    label = _("By tonight's standings: leaders together, table 1 first")
    from_round = 2
    suggested = True
    reads_standings = True

    def group(self, drawing: Drawing) -> list[list[int]]:
        """Players not in the standings (a late arrival) follow in id order."""
        here = set(drawing.present)
        ranked = [player for player in dict.fromkeys(drawing.standings) if player in here]
        unranked = here - set(ranked)
        order = ranked + [player for player in drawing.present if player in unranked]
        place = {player: index for index, player in enumerate(order)}
        near: Callable[[int, int], bool] = lambda one, other: (  # noqa: E731
            abs(place[one] - place[other]) <= STANDINGS_REACH
        )
        return improve(cut(order, drawing.sizes), drawing.met, near, drawing.swapped)


STANDINGS_DRAW = ByStandings()
