"""The final ranking of a championship (RULES D-24).

Each finalist carries over none, half (the default) or all of their
qualifying points. A finalist who played the final ranks by the carry-over
plus the final night's points, a tie broken by the place in the final night,
then shared. A finalist who did not play keeps the carry-over and follows the
finalists who played, in qualifying order. Non-finalists follow, in their
qualifying order. Places are shared as 1, 2, 2, 4.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction

from ..errors import _
from .errors import InvalidChampionship

NONE, HALF, ALL = "none", "half", "all"
CARRY_OVER = (NONE, HALF, ALL)
_SHARE = {NONE: Fraction(0), HALF: Fraction(1, 2), ALL: Fraction(1)}

PLAYED = "played"  # a finalist who played the final
ABSENT = "absent"  # a finalist who did not play it
OUT = "out"  # not a finalist


def check_carry_over(carry_over: str) -> None:
    if carry_over not in CARRY_OVER:
        raise InvalidChampionship(
            _("Carry over none, half or all of the qualifying points, not “{carry}”."),
            code="championship_unknown_carry_over",
            field="carry_over",
            carry=str(carry_over)[:20],
        )


def carried(points: Fraction, carry_over: str) -> Fraction:
    """What a finalist takes into the final of their qualifying ``points``."""
    check_carry_over(carry_over)
    return points * _SHARE[carry_over]


@dataclass(frozen=True, slots=True)
class Qualified:
    """A player's line after the qualifying nights: the standings' place and points."""

    player: int
    place: int
    points: Fraction
    finalist: bool


@dataclass(frozen=True, slots=True)
class FinalPlayed:
    """What the final night gave a player: its points (RULES D-27) and the place there."""

    points: Fraction
    place: int


@dataclass(frozen=True, slots=True)
class FinalLine:
    player: int
    place: int
    standing: str  # PLAYED, ABSENT or OUT
    carry: Fraction | None  # finalists only
    final: Fraction | None  # the final night's points, for a finalist who played
    final_place: int | None  # the place in the final night
    total: Fraction | None  # carry-over plus the final's points (finalists only)
    qualifying_place: int


def final_ranking(
    qualified: Sequence[Qualified],
    carry_over: str,
    final: Mapping[int, FinalPlayed],
) -> tuple[FinalLine, ...]:
    """The championship's ranking from the qualifying lines (standings' order) and
    what the final night gave each player who played it (tonight's, "if every table
    ended now", or its close)."""
    played, absent, out = [], [], []
    for line in qualified:
        if not line.finalist:
            out.append(FinalLine(line.player, 0, OUT, None, None, None, None, line.place))
            continue
        carry = carried(line.points, carry_over)
        tonight = final.get(line.player)
        if tonight is None:
            absent.append(FinalLine(line.player, 0, ABSENT, carry, None, None, carry, line.place))
        else:
            total = carry + tonight.points
            played.append(
                FinalLine(
                    line.player, 0, PLAYED, carry, tonight.points, tonight.place, total, line.place
                )
            )
    played.sort(key=lambda x: (-x.total, x.final_place, x.qualifying_place, x.player))
    absent.sort(key=lambda x: (x.qualifying_place, x.player))
    out.sort(key=lambda x: (x.qualifying_place, x.player))
    ranked = []
    for group, tied in (
        (played, lambda x: (x.total, x.final_place)),
        (absent, lambda x: x.qualifying_place),
        (out, lambda x: x.qualifying_place),
    ):
        for index, line in enumerate(group):
            same = index and tied(line) == tied(group[index - 1])
            place = ranked[-1].place if same else len(ranked) + 1
            ranked.append(_placed(line, place))
    return tuple(ranked)


def _placed(line: FinalLine, place: int) -> FinalLine:
    return FinalLine(
        line.player,
        place,
        line.standing,
        line.carry,
        line.final,
        line.final_place,
        line.total,
        line.qualifying_place,
    )
