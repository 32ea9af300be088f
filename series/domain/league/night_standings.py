"""A season's night standings: each person's night points over the season's
closed nights, counted as the club chooses (the issue's item 8):

- ``total``: the sum of every night's points;
- ``average``: the mean over the nights attended, ranked only from
  ``min_nights`` nights on (fewer: listed below, unranked);
- ``best``: the sum of each person's best ``best_n`` nights.

Level scores share a place (1, 2, 2, 4); the nights attended are shown with
every line whatever the choice.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable
from dataclasses import dataclass
from fractions import Fraction

from ..errors import DomainError, _

TOTAL = "total"
AVERAGE = "average"
BEST = "best"
CHOICES = (TOTAL, AVERAGE, BEST)


def check_night_count(night_count: str = TOTAL, night_min: int = 1, night_best: int = 5) -> None:
    """A club's choice of night standings: one of ``CHOICES``, 1 to 1000 nights."""
    if night_count not in CHOICES:
        raise DomainError(
            _("Count the nights by total, average or best nights."),
            code="invalid_ladder",
            field="night_count",
        )
    for field, nights in (("night_min", night_min), ("night_best", night_best)):
        if not 1 <= nights <= 1000:
            raise DomainError(_("Nights must be 1 to 1000."), code="invalid_ladder", field=field)


@dataclass(frozen=True, slots=True)
class NightCount:
    """How a club counts its nights in the season's night standings."""

    choice: str = TOTAL
    min_nights: int = 1  # for the average: nights needed to be ranked
    best_n: int = 5  # for best N: the nights that count


@dataclass(frozen=True, slots=True)
class NightStandingLine:
    person: int
    place: int | None  # None: not ranked (fewer nights than the average needs)
    score: Fraction
    nights: int  # nights attended
    counted: int  # nights that count in the score


def night_standings(
    points: Iterable[tuple[int, Fraction]], count: NightCount = NightCount()
) -> tuple[NightStandingLine, ...]:
    """The lines, best first, from each (person, points of one night)."""
    nights: dict[int, list[Fraction]] = defaultdict(list)
    for person, scored in points:
        nights[person].append(Fraction(scored))
    scored_lines = [
        _scored(person, sorted(got, reverse=True), count) for person, got in nights.items()
    ]
    ranked = sorted((line for line in scored_lines if line[1]), key=lambda s: (-s[2], s[0]))
    unranked = sorted((line for line in scored_lines if not line[1]), key=lambda s: (-s[3], s[0]))
    lines: list[NightStandingLine] = []
    for index, (person, _ranked, score, attended, counted) in enumerate(ranked):
        level = index and score == lines[-1].score
        place = lines[-1].place if level else index + 1
        lines.append(NightStandingLine(person, place, score, attended, counted))
    lines.extend(NightStandingLine(p, None, s, a, c) for p, _r, s, a, c in unranked)
    return tuple(lines)


def _scored(person: int, got: list[Fraction], count: NightCount):
    attended = len(got)
    if count.choice == AVERAGE:
        return (
            person,
            attended >= count.min_nights,
            sum(got, Fraction(0)) / attended,
            attended,
            attended,
        )
    counted = got[: count.best_n] if count.choice == BEST else got
    return (person, True, sum(counted, Fraction(0)), attended, len(counted))
