"""A season's night standings: each person's night points over the season's
closed nights, counted as the club chooses (the issue's item 8):

- ``total``: the sum of every night's points;
- ``average``: the mean over the nights attended, ranked only from
  ``min_nights`` nights on (fewer: listed below, unranked);
- ``best``: the sum of each person's best ``best_n`` nights.

RULES D-27: the standings add points where more is better. A placement or
points-table night adds each player's night points; a per-deal night adds
10 × (N − p) / (N − 1) for the player's place p among its N ranked players
(level players share the mean of the places they cover), so a lower average
never counts as more points (``season_points``).

A tie is broken by the pooled average penalty per deal over the nights counted
(their penalties added, divided by their deals added), then shared (1, 2, 2,
4): the night's own tiebreak (RULES D-17), so a season of one night places its
players as the night does. Among equal nights, best N counts the one with the
lower average per deal, then the earlier. The nights attended are shown with
every line whatever the choice.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from fractions import Fraction

from ..errors import DomainError, _
from ..nights import scoring as scorings

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
class NightLineRecorded:
    """One player's line of a closed night, as recorded at its close."""

    player: int
    place: int  # shared by level players (1, 2, 2, 4)
    points: Fraction | None  # the night's figure (the average per deal, by per deal)
    penalty: int | None = None
    deals: int | None = None


@dataclass(frozen=True, slots=True)
class NightScore:
    """What one night adds to one person's season (RULES D-27)."""

    person: int
    points: Fraction
    penalty: int | None  # over the night's tables played: the pooled tiebreak
    deals: int | None
    order: tuple = ()  # where the night stands in the season (its day): earlier first

    @property
    def per_deal(self) -> Fraction | None:
        return Fraction(self.penalty, self.deals) if self.deals else None


def season_points(method: str, lines: Sequence[NightLineRecorded]) -> dict[int, Fraction]:
    """The points each ranked player of a closed night adds to the season (RULES
    D-27), as the night's method says: its own points, or by per deal its place
    among its N ranked players. A player who played nothing (no points) adds nothing."""
    return scorings.named(method).season_points(lines)


@dataclass(frozen=True, slots=True)
class NightStandingLine:
    person: int
    place: int | None  # None: not ranked (fewer nights than the average needs)
    score: Fraction
    nights: int  # nights attended
    counted: int  # nights that count in the score
    per_deal: Fraction | None = None  # pooled over the nights counted: the tiebreak


def night_standings(
    scores: Iterable[NightScore], count: NightCount = NightCount()
) -> tuple[NightStandingLine, ...]:
    """The lines, best first, from what each night adds to each person."""
    nights: dict[int, list[NightScore]] = defaultdict(list)
    for score in scores:
        nights[score.person].append(score)
    lines = [_scored(person, got, count) for person, got in nights.items()]
    ranked = sorted((line for line in lines if line.place), key=_rank_key)
    unranked = sorted(
        (line for line in lines if not line.place), key=lambda s: (-s.nights, s.person)
    )
    placed: list[NightStandingLine] = []
    for index, line in enumerate(ranked):
        level = index and _level(line) == _level(ranked[index - 1])
        place = placed[-1].place if level else index + 1
        placed.append(_with_place(line, place))
    placed.extend(_with_place(line, None) for line in unranked)
    return tuple(placed)


def _level(line: NightStandingLine) -> tuple:
    """What tells two lines apart: the score, then the pooled average per deal
    (none pooled comes after any)."""
    average = line.per_deal
    return (-line.score, average is None, average or Fraction(0))


def _rank_key(line: NightStandingLine) -> tuple:
    return (*_level(line), line.person)


def _with_place(line: NightStandingLine, place: int | None) -> NightStandingLine:
    return NightStandingLine(
        line.person, place, line.score, line.nights, line.counted, line.per_deal
    )


def _best_first(score: NightScore) -> tuple:
    """Best N keeps the most points; between equal nights the lower average per
    deal, then the earlier night."""
    average = score.per_deal
    return (-score.points, average is None, average or Fraction(0), score.order)


def _scored(person: int, got: list[NightScore], count: NightCount) -> NightStandingLine:
    attended = len(got)
    counted = sorted(got, key=_best_first)
    if count.choice == BEST:
        counted = counted[: count.best_n]
    total = sum((night.points for night in counted), Fraction(0))
    pooled = [night for night in counted if night.deals is not None and night.penalty is not None]
    deals = sum(night.deals for night in pooled)
    per_deal = Fraction(sum(night.penalty for night in pooled), deals) if deals else None
    if count.choice == AVERAGE:
        ranked = 1 if attended >= count.min_nights else None
        return NightStandingLine(person, ranked, total / attended, attended, attended, per_deal)
    return NightStandingLine(person, 1, total, attended, len(counted), per_deal)
