"""Placement points in the standings (RULES D-16): each series a person counts
gives them 10 × (n − p) / (n − 1) for place p at a table of n, so a win at a
table of 3 counts as much as one at a table of 8, no more. Level players share
the mean of the places they cover. Ratings keep counting each series as before.
"""

from __future__ import annotations

from collections import Counter, defaultdict
from fractions import Fraction

from django.db.models import QuerySet

from series.domain.nights.methods import Placement


def placement_points(results: QuerySet) -> dict[int, Fraction]:
    """Each person's placement points over ``results`` (``SeriesResult`` rows): one query."""
    rows = list(results.values_list("series_id", "players", "place", "person").order_by())
    level = Counter((series, place) for series, _players, place, _person in rows)
    scale = Placement()
    points: dict[int, Fraction] = defaultdict(Fraction)
    for series, players, place, person in rows:
        covered = scale.points(players)[place - 1 : place - 1 + level[series, place]]
        points[person] += sum(covered, Fraction(0)) / len(covered)
    return dict(points)
