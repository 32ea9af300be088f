"""Ratings that weigh the strength of the table (pure: no database).

Each finished series is a Plackett-Luce match (``openskill``): the persons at
the table ranked by their places, level places as ties. A club's series of
one game are rated one after another in order of start, so the same history
always gives the same numbers, whether walked at once (a rebuild) or from a
changed series onwards (a correction, a merge).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass

from openskill.models import PlackettLuce

MODEL = PlackettLuce()


@dataclass(frozen=True, slots=True)
class Form:
    """A person's rating and winning run after a series."""

    mu: float
    sigma: float
    streak: int = 0

    @property
    def ordinal(self) -> float:
        """The rating shown: a cautious estimate, mu less three sigmas."""
        return MODEL.rating(mu=self.mu, sigma=self.sigma).ordinal()


NEWCOMER = Form(MODEL.mu, MODEL.sigma)


@dataclass(frozen=True, slots=True)
class Placing:
    person: int
    place: int
    won: bool


class RatingWalk:
    """Walks a club's series of one game in order, carrying every person's form."""

    def __init__(self, forms: Mapping[int, Form] | None = None) -> None:
        self.forms: dict[int, Form] = dict(forms or {})

    def step(self, table: Iterable[Placing]) -> dict[int, Form]:
        """The standings of the persons of one series after it."""
        # One order whoever calls: the sums inside the model then add up alike.
        table = sorted(table, key=lambda placing: (placing.place, placing.person))
        before = [self.forms.get(placing.person, NEWCOMER) for placing in table]
        after = _rate(before, [placing.place for placing in table])
        for placing, rated in zip(table, after, strict=True):
            streak = self.forms.get(placing.person, NEWCOMER).streak + 1 if placing.won else 0
            self.forms[placing.person] = Form(rated.mu, rated.sigma, streak)
        return {placing.person: self.forms[placing.person] for placing in table}


def _rate(before: list[Form], places: list[int]) -> list[Form]:
    if len(before) < 2:  # nobody to be measured against
        return before
    teams = [[MODEL.rating(mu=s.mu, sigma=s.sigma)] for s in before]
    rated = MODEL.rate(teams, ranks=places)
    return [Form(team[0].mu, team[0].sigma) for team in rated]
