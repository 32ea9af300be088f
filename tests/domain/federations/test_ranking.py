"""The ranking list across clubs (RULES D-25): a score worked by hand, and the
rules against a brute-force reference."""

from __future__ import annotations

import random
from datetime import UTC, date, datetime, timedelta
from fractions import Fraction
from itertools import combinations, pairwise

from hypothesis import given
from hypothesis import strategies as st

from series.domain.federations import (
    Result,
    age_factor,
    event_weight,
    mean_places,
    next_change,
    part_a_size,
    person_score,
    placed,
    placement_score,
)

NOW = datetime(2026, 6, 1, 12, tzinfo=UTC)
TODAY = NOW.date()


def played(key, ranked, place, days_ago=10, zone="UTC"):
    return Result(key, TODAY - timedelta(days=days_ago), ranked, Fraction(place), zone=zone)


# Five persons over nights of two clubs. Night "a1" of club 1 ranked five players
# with Bruno and Carla level for 2nd and 3rd (listed 2, 2), so each has p = 2.5.
ADA = [
    played("a1", 5, 1),  # r = 1000 × (5 − 1) / 4 = 1000
    played("a2", 5, 2),  # 750
    played("a3", 5, 3),  # 500
    played("a4", 5, 4),  # 250
    played("a5", 5, 4),  # 250
    played("a6", 17, 5),  # r = 1000 × 12 / 16 = 750, 17 players: weight 1.5
    played("a7", 5, 3, days_ago=584),  # 500, age factor (730 − 584) / 365 = 0.4
    played("a8", 5, 2),  # 750
    played("a9", 5, 3),  # 500
    played("b1", 5, 1),  # 1000
    played("b2", 5, 1, days_ago=800),  # older than 730 days: dropped, not in n
]
BRUNO = [  # plays in both clubs
    played("a0", 5, Fraction(5, 2)),  # 1000 × 2.5 / 4 = 625
    played("b3", 5, 1, zone="Europe/Rome"),  # 1000
    played("b4", 17, 9, zone="Europe/Rome"),  # 1000 × 8 / 16 = 500, weight 1.5
]
CARLA = [played("a0", 5, Fraction(5, 2)), played("b5", 5, 4)]  # 625, 250
DINO = [played("b6", 5, Fraction(5, 2)), played("b7", 5, 4)]  # 625, 250
EVA = [played("b6", 5, Fraction(5, 2))]  # one result: not listed


def test_a_ranking_worked_by_hand_agrees_to_the_third_decimal():
    """RULES D-25, by hand.

    Ada: 11 results, b2 is 800 days old (factor 0), so n = 10 and
    NA = ceil(5 + 0.8 × 5) = 9. r × weight, best first:
    a6 750 × 1.5 = 1125; a1, b1 1000; a2, a8 750; a3, a9 500; a4, a5 250;
    a7 500 × 0.4 = 200. By r alone a7 (500) would beat a4 and a5 (250);
    by r × weight it is the one left out of A.
      A = (1125 + 2×1000 + 2×750 + 2×500 + 2×250) / (1.5 + 8)
        = 6125 / 9.5 = 644.737
      B = (1125 + 1000 + 1000 + 750) / (1.5 + 3) = 3875 / 4.5 = 861.111
      score = (644.737 + 861.111) / 2 = 752.924
    Bruno (two clubs): 625, 1000, 500 × 1.5 = 750; n = 3, so A counts
    2 missing at r = 0, weight 1, and B one:
      A = (1000 + 750 + 625) / (1 + 1.5 + 1 + 2) = 2375 / 5.5 = 431.818
      B = 2375 / (3.5 + 1) = 527.778;   score = 479.798
    Carla and Dino: 625 and 250, n = 2:
      A = 875 / 5 = 175;  B = 875 / 4 = 218.75;  score = 196.875 each,
      level: both 3rd, no 4th.
    Eva: one result, not listed.
    """
    scores = {
        name: person_score(results, NOW)
        for name, results in [
            ("Ada", ADA),
            ("Bruno", BRUNO),
            ("Carla", CARLA),
            ("Dino", DINO),
            ("Eva", EVA),
        ]
    }
    ada = scores["Ada"]
    assert ada.results == 10
    assert part_a_size(10) == 9
    assert round(float(ada.part_a), 3) == 644.737
    assert round(float(ada.part_b), 3) == 861.111
    assert round(float(ada.score), 3) == 752.924
    by_key = {c.result.key: c for c in ada.counted}
    assert "b2" not in by_key
    assert by_key["a7"].age == Fraction(2, 5) and not by_key["a7"].in_a
    assert by_key["a4"].in_a and not by_key["a4"].in_b
    assert by_key["a6"].weight == Fraction(3, 2) and by_key["a6"].in_b

    bruno = scores["Bruno"]
    assert (bruno.missing_a, bruno.missing_b) == (2, 1)
    assert round(float(bruno.part_a), 3) == 431.818
    assert round(float(bruno.part_b), 3) == 527.778
    assert round(float(bruno.score), 3) == 479.798

    assert scores["Carla"].score == scores["Dino"].score == Fraction(196875, 1000)
    assert not scores["Eva"].listed
    listed = [(name, s.score) for name, s in scores.items() if s.listed]
    assert [(line.key, line.place) for line in placed(listed)] == [
        ("Ada", 1),
        ("Bruno", 2),
        ("Carla", 3),
        ("Dino", 3),
    ]


def test_a_night_of_level_players_gives_each_the_mean_place():
    assert mean_places([1, 2, 2, 4, 5, 5, 5]) == [1, Fraction(5, 2), Fraction(5, 2), 4, 6, 6, 6]
    assert placement_score(5, Fraction(5, 2)) == 625


def test_the_weight_grows_with_the_players_and_for_a_championship():
    assert [event_weight(n) for n in (16, 17, 32, 33)] == [1, Fraction(3, 2), Fraction(3, 2), 2]
    assert event_weight(8, championship=True) == 2


def test_the_age_factor_has_no_cliff_between_365_and_730_days():
    start = date(2024, 1, 1)
    factors = [age_factor(start, start + timedelta(days=d)) for d in range(0, 800)]
    assert factors[365] == 1 and factors[730] == 0 and factors[547] == Fraction(183, 365)
    assert all(0 <= a - b <= Fraction(1, 365) for a, b in pairwise(factors))


def test_a_score_is_counted_again_at_the_next_local_midnight_its_factor_moves():
    fresh = played("x", 5, 1, days_ago=10, zone="Europe/Rome")
    at = next_change([fresh], NOW)
    assert at.date() == fresh.day + timedelta(days=366) and at.hour == 0
    assert person_score([fresh], at).counted[0].age < 1
    assert person_score([fresh], at - timedelta(seconds=1)).counted[0].age == 1
    ageing = played("y", 5, 1, days_ago=400)
    assert next_change([fresh, ageing], NOW) == datetime(2026, 6, 2, tzinfo=UTC)
    assert next_change([played("z", 5, 1, days_ago=731)], NOW) is None


# The brute-force reference: every subset, every pair of persons.


def reference_score(results, today):
    alive = []
    for result in results:
        days = (today - result.day).days
        age = min(Fraction(1), max(Fraction(0), Fraction(730 - days, 365)))
        if age == 0:
            continue
        n_ranked, place = result.ranked, result.place
        r = 1000 * (n_ranked - place) / (n_ranked - 1) if n_ranked > 1 else Fraction(0)
        weight = 1 + Fraction(n_ranked > 16, 2) + Fraction(n_ranked > 32, 2)
        alive.append((Fraction(r), weight * age))
    n = len(alive)
    size_a = 5
    while size_a < 5 + Fraction(4, 5) * max(n - 5, 0):
        size_a += 1

    def best_mean(size):
        pool = alive + [(Fraction(0), Fraction(1))] * max(size - n, 0)
        best = max(
            combinations(pool, size),
            key=lambda chosen: (sum(r * w for r, w in chosen), -sum(w for _r, w in chosen)),
        )
        return sum(r * w for r, w in best) / sum(w for _r, w in best)

    part_a, part_b = best_mean(size_a), best_mean(4)
    return n, part_a, part_b, (part_a + part_b) / 2


@st.composite
def results(draw, max_size=8):
    count = draw(st.integers(0, max_size))
    made = []
    for index in range(count):
        ranked = draw(st.integers(1, 40))
        place = Fraction(draw(st.integers(2, 2 * ranked)), 2)
        days = draw(st.integers(0, 800))
        made.append(played(f"k{index}", ranked, place, days_ago=days))
    return made


@given(results())
def test_a_score_equals_the_brute_force_reference(made):
    score = person_score(made, NOW)
    assert (score.results, score.part_a, score.part_b, score.score) == reference_score(made, TODAY)
    assert 0 <= score.score <= 1000


@given(results(), st.randoms(use_true_random=False))
def test_a_score_does_not_depend_on_the_order_of_its_results(made, shuffler: random.Random):
    shuffled = list(made)
    shuffler.shuffle(shuffled)
    assert person_score(shuffled, NOW) == person_score(made, NOW)


@given(st.lists(st.fractions(0, 1000, max_denominator=7), max_size=12))
def test_places_are_shared_as_the_brute_force_counts_them(scores):
    lines = placed(list(enumerate(scores)))
    assert [line.score for line in lines] == sorted(scores, reverse=True)
    for line in lines:
        assert line.place == 1 + sum(other > line.score for other in scores)
