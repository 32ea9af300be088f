"""By the championship's standings (a championship's final, RULES D-24): the
finalists by the championship's standings cut into tables in order, table 1 the
top, with no swap; a player present who is not a finalist is refused. The
championship gives the order (``series.nights.services.DRAW_ORDERS``)."""

from __future__ import annotations

from ...errors import _
from ..errors import InvalidNight
from .base import Drawing, DrawMethod, cut

CHAMPIONSHIP = "championship"


class ByChampionship(DrawMethod):
    code = CHAMPIONSHIP
    label = _("By the championship's standings: table 1 the top")
    final = True
    suggested = True
    reads_standings = True

    def group(self, drawing: Drawing) -> list[list[int]]:
        here = set(drawing.present)
        stranger = sorted(here - set(drawing.standings))
        if stranger:
            raise InvalidNight(
                _("{player} is not a finalist: check them out, or draw the final another way."),
                code="night_player_not_finalist",
                field="method",
                player=stranger[0],
            )
        return cut([p for p in dict.fromkeys(drawing.standings) if p in here], drawing.sizes)


CHAMPIONSHIP_DRAW = ByChampionship()
