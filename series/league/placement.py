"""Placement points in the standings (RULES D-16): each series a person counts
gives them 10 × (n − p) / (n − 1) for place p at a table of n, so a win at a
table of 3 counts as much as one at a table of 8, no more. Level players share
the mean of the places they cover. Ratings keep counting each series as before.
"""

from __future__ import annotations

from collections import defaultdict
from fractions import Fraction

from django.db import connection
from django.db.models import QuerySet

from series.domain.nights.scoring import Placement


def placement_points(results: QuerySet) -> dict[int, Fraction]:
    """Each person's placement points over ``results`` (``SeriesResult`` rows): one
    query, which counts each person's series by table size, place and how many
    shared it, so a season of thousands of series comes back as a few rows a
    person and the exact sums are made of those."""
    scale = Placement()
    points: dict[int, Fraction] = defaultdict(Fraction)
    for person, players, place, level, series in _places(results):
        covered = scale.points(players)[place - 1 : place - 1 + level]
        points[person] += series * sum(covered, Fraction(0)) / len(covered)
    return dict(points)


def _places(results: QuerySet) -> list[tuple[int, int, int, int, int]]:
    """(person, players, place, players level on that place, series) of ``results``."""
    rows = results.order_by().values("series_id", "players", "place", "person")
    sql, params = rows.query.sql_with_params()
    with connection.cursor() as cursor:
        cursor.execute(
            "SELECT person, players, place, level, COUNT(*) FROM ("
            " SELECT person, players, place,"
            " COUNT(*) OVER (PARTITION BY series_id, place) AS level"
            f" FROM ({sql}) AS counted"
            ") AS placed GROUP BY person, players, place, level",
            params,
        )
        return cursor.fetchall()
