"""Ratings that weigh the strength of the table (pure: no database).

Each finished series is a Bradley-Terry "full" match (``openskill``): every
person at the table measured against every other, a better place a win, a
shared place a draw. Of openskill's models it is one that keeps RULES D-26's
promise with shared places: placing higher never gives a lower mu than
placing lower would have (Plackett-Luce breaks it). A club's series of one
game are rated one after another in order of start, so the same history
always gives the same numbers, whether walked at once (a rebuild) or from a
changed series onwards (a correction, a merge).

Time away (D-26): sigma squared grows by ``DAILY_VARIANCE`` for each whole
day between a person's series, never past the starting sigma; days are the
club's calendar days (date ordinals), so a rebuild gives the same ratings.
The model adds no growth of its own per series (``tau`` 0): only time does.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, replace

from openskill.models import BradleyTerryFull

MODEL = BradleyTerryFull(tau=0.0)
START_MU = MODEL.mu
START_SIGMA = MODEL.sigma
DAILY_VARIANCE = 0.02  # RULES D-26: sigma squared gained a day away
SETTLED_AFTER = 10  # rated series of a game at the club before a rating settles (D-26)
AWAY_FOR = 365  # days without a series after which a rating is provisional again


def grown(sigma: float, days: int) -> float:
    """Sigma after ``days`` whole days away (D-26): its square grows by
    ``DAILY_VARIANCE`` a day, never past the starting sigma, never shrinks."""
    if days <= 0 or sigma >= START_SIGMA:
        return sigma
    return math.sqrt(min(sigma * sigma + DAILY_VARIANCE * days, START_SIGMA * START_SIGMA))


def shown(mu: float, sigma: float) -> float:
    """The rating shown: a cautious estimate, mu less three sigmas."""
    return mu - 3 * sigma


@dataclass(frozen=True, slots=True)
class Form:
    """A person's rating and winning run after a series, and that series' day
    (a date ordinal in the club's calendar; ``None`` for a newcomer)."""

    mu: float
    sigma: float
    streak: int = 0
    day: int | None = None

    @property
    def ordinal(self) -> float:
        """The rating shown right after the series."""
        return shown(self.mu, self.sigma)

    def on(self, day: int | None) -> Form:
        """This form as of ``day``: sigma grown for the whole days since the
        person's last series (D-26)."""
        if day is None or self.day is None:
            return self
        return replace(self, sigma=grown(self.sigma, day - self.day))


NEWCOMER = Form(START_MU, START_SIGMA)


@dataclass(frozen=True, slots=True)
class Placing:
    person: int
    place: int
    won: bool


@dataclass(frozen=True, slots=True)
class Standing:
    """What a person's rating says as of a day (D-26): the estimate shown, its
    uncertainty, and whether it is still provisional and why."""

    mu: float
    sigma: float
    series: int  # rated series of the game at the club
    last_day: int | None

    @property
    def shown(self) -> float:
        return shown(self.mu, self.sigma)

    def provisional_because(self, today: int) -> str | None:
        """``"few"`` while fewer than ``SETTLED_AFTER`` series are rated,
        ``"away"`` when none was played in the last ``AWAY_FOR`` days."""
        if self.series < SETTLED_AFTER:
            return "few"
        if self.last_day is None or today - self.last_day > AWAY_FOR:
            return "away"
        return None

    @property
    def spread(self) -> float:
        """How far the strength may lie from mu: three sigmas."""
        return 3 * self.sigma

    @property
    def series_to_go(self) -> int:
        return max(SETTLED_AFTER - self.series, 0)


def standing_on(form: Form, series: int, day: int) -> Standing:
    """A person's rating as shown on ``day`` (today, or a past season's last
    day): sigma grown for the days since their last series."""
    grown_form = form.on(day)
    return Standing(grown_form.mu, grown_form.sigma, series, form.day)


class RatingWalk:
    """Walks a club's series of one game in order, carrying every person's form."""

    def __init__(self, forms: Mapping[int, Form] | None = None) -> None:
        self.forms: dict[int, Form] = dict(forms or {})

    def step(self, table: Iterable[Placing], day: int | None = None) -> dict[int, Form]:
        """The standings of the persons of one series, played on ``day``, after it."""
        # One order whoever calls: the sums inside the model then add up alike.
        table = sorted(table, key=lambda placing: (placing.place, placing.person))
        before = [self.forms.get(placing.person, NEWCOMER).on(day) for placing in table]
        after = _rate(before, [placing.place for placing in table])
        for placing, prior, rated in zip(table, before, after, strict=True):
            streak = prior.streak + 1 if placing.won else 0
            self.forms[placing.person] = Form(rated.mu, rated.sigma, streak, day)
        return {placing.person: self.forms[placing.person] for placing in table}


def _rate(before: list[Form], places: list[int]) -> list[Form]:
    if len(before) < 2:  # nobody to be measured against
        return before
    teams = [[MODEL.rating(mu=s.mu, sigma=s.sigma)] for s in before]
    rated = MODEL.rate(teams, ranks=places)
    return [Form(team[0].mu, team[0].sigma) for team in rated]
