"""Federations, pure: the ranking list across clubs (RULES D-25).

- ``person_score``: a person's score from their results, with each result's
  r, weight, age factor and part (A, B) so it can be checked by hand.
- ``placed``: places of a list, level scores sharing (1, 2, 2, 4).
- ``mean_places``: a night's shared places as the mean places D-25 reads.
- ``next_change``: when a score must be counted again as results age.
"""

from .ranking import (
    GONE_DAYS,
    LISTED_FROM,
    Counted,
    PersonScore,
    Placed,
    Result,
    age_factor,
    counted_today,
    event_weight,
    mean_places,
    next_change,
    part_a_size,
    person_score,
    placed,
    placement_score,
    today_in,
)

__all__ = [
    "GONE_DAYS",
    "LISTED_FROM",
    "Counted",
    "PersonScore",
    "Placed",
    "Result",
    "age_factor",
    "counted_today",
    "event_weight",
    "mean_places",
    "next_change",
    "part_a_size",
    "person_score",
    "placed",
    "placement_score",
    "today_in",
]
