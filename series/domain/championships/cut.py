"""The cut to the final (RULES D-24): the top K of the standings go; players who
share the K-th place after D-23's tiebreak all go, so a final may seat more
than K. Each player's line says why they are in or out."""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass

from ..errors import _
from .errors import InvalidChampionship
from .standings import StandingLine, level

SMALLEST_FINAL = 3

TOP = "top"  # placed within the top K
TIED = "tied_at_cut"  # shares the K-th place: goes in with everyone sharing it
PER_DEAL = "out_on_per_deal"  # level on points with a finalist, out on the average per deal
BELOW = "below_cut"  # placed below the top K
CUT_REASONS = (TOP, TIED, PER_DEAL, BELOW)


@dataclass(frozen=True, slots=True)
class CutDecision:
    player: int
    qualified: bool
    reason: str


def check_final_size(final_size: int, players: int | None = None) -> None:
    """K is at least 3, and at most the players who played (when known)."""
    if final_size < SMALLEST_FINAL:
        raise InvalidChampionship(
            _("A final seats at least {least} players, not {size}."),
            code="championship_final_too_small",
            field="final_size",
            least=SMALLEST_FINAL,
            size=final_size,
        )
    if players is not None and final_size > players:
        raise InvalidChampionship(
            _(
                "Only {players} players played the qualifying nights: make the final of "
                "{players} or fewer, not {size}."
            ),
            code="championship_final_too_large",
            field="final_size",
            players=players,
            size=final_size,
        )


def cut(lines: Sequence[StandingLine], final_size: int) -> tuple[CutDecision, ...]:
    """Who goes to a final of ``final_size`` and why, in the standings' order."""
    check_final_size(final_size, len(lines))
    sharing = Counter(line.place for line in lines)
    last_in = max((line for line in lines if line.place <= final_size), key=lambda x: x.place)
    decisions = []
    for line in lines:
        if line.place <= final_size:
            tied = line.place + sharing[line.place] - 1 > final_size
            decisions.append(CutDecision(line.player, True, TIED if tied else TOP))
        else:
            on_points = line.points == last_in.points and level(line) != level(last_in)
            decisions.append(CutDecision(line.player, False, PER_DEAL if on_points else BELOW))
    return tuple(decisions)
