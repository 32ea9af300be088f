"""A championship's standings over its qualifying nights (RULES D-23).

Each player adds their night points over the qualifying nights: a placement
or points-table night's own points, a per-deal night's place made into points
as the season does (RULES D-27: 10 × (N − p) / (N − 1)), so more is better
whatever the method. With best N only a player's N best nights count; between
two nights of equal points the one with the lower average per deal counts,
then the earlier night. A tie is broken by the lower average penalty per deal
over the counted nights pooled (their penalties added, divided by their deals
added), then shared (1, 2, 2, 4).
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction

from ..league.night_standings import NightLineRecorded, season_points


@dataclass(frozen=True, slots=True)
class QualifyingNight:
    """A qualifying night as recorded at its last close (RULES D-22), earliest first."""

    night: str
    method: str
    lines: tuple[NightLineRecorded, ...]


@dataclass(frozen=True, slots=True)
class NightScored:
    """What one night gave one player, and whether it counts."""

    night: str
    points: Fraction
    per_deal: Fraction | None
    counted: bool


@dataclass(frozen=True, slots=True)
class StandingLine:
    player: int
    place: int  # shared by level players (1, 2, 2, 4)
    points: Fraction  # over the nights counted
    per_deal: Fraction | None  # pooled over the nights counted: the tiebreak
    nights: tuple[NightScored, ...]  # every night played, in the championship's order

    @property
    def counted(self) -> tuple[str, ...]:
        return tuple(n.night for n in self.nights if n.counted)

    @property
    def dropped(self) -> tuple[str, ...]:
        return tuple(n.night for n in self.nights if not n.counted)


@dataclass(frozen=True, slots=True)
class _Played:
    order: int
    night: str
    points: Fraction
    penalty: int | None
    deals: int | None

    @property
    def per_deal(self) -> Fraction | None:
        return Fraction(self.penalty, self.deals) if self.deals else None


def standings(
    nights: Sequence[QualifyingNight], best: int | None = None
) -> tuple[StandingLine, ...]:
    """The standings, best first, over ``nights`` (earliest first); ``best``: how
    many of each player's nights count (None: all)."""
    played: dict[int, list[_Played]] = defaultdict(list)
    for order, night in enumerate(nights):
        points = season_points(night.method, night.lines)
        for line in night.lines:
            if line.player in points:
                played[line.player].append(
                    _Played(order, night.night, points[line.player], line.penalty, line.deals)
                )
    lines = [_line(player, got, best) for player, got in played.items()]
    lines.sort(key=lambda line: (*level(line), line.player))
    placed: list[StandingLine] = []
    for index, line in enumerate(lines):
        same = index and level(line) == level(lines[index - 1])
        placed.append(_placed(line, placed[-1].place if same else index + 1))
    return tuple(placed)


def level(line: StandingLine) -> tuple:
    """What tells two lines apart: more points, then the lower pooled average per
    deal (a line with no deal pooled comes after any)."""
    return (-line.points, line.per_deal is None, line.per_deal or Fraction(0))


def _best_first(night: _Played) -> tuple:
    """Between nights of equal points the lower average per deal counts, then the earlier."""
    average = night.per_deal
    return (-night.points, average is None, average or Fraction(0), night.order)


def _line(player: int, got: list[_Played], best: int | None) -> StandingLine:
    ranked = sorted(got, key=_best_first)
    counted = ranked if best is None else ranked[:best]
    kept = {night.order for night in counted}
    total = sum((night.points for night in counted), Fraction(0))
    pooled = [n for n in counted if n.deals is not None and n.penalty is not None]
    deals = sum(n.deals for n in pooled)
    per_deal = Fraction(sum(n.penalty for n in pooled), deals) if deals else None
    scored = tuple(
        NightScored(n.night, n.points, n.per_deal, n.order in kept)
        for n in sorted(got, key=lambda n: n.order)
    )
    return StandingLine(player, 0, total, per_deal, scored)


def _placed(line: StandingLine, place: int) -> StandingLine:
    return StandingLine(line.player, place, line.points, line.per_deal, line.nights)
