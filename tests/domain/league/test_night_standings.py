"""The season's night standings, counted as the club chooses."""

from __future__ import annotations

from fractions import Fraction

from series.domain.league.night_standings import (
    AVERAGE,
    BEST,
    TOTAL,
    NightCount,
    night_standings,
)

# Anna: three nights (10, 5, 0); Bruno: two (10, 10); Carla: one (7.5).
NIGHTS = [(1, 10), (2, 10), (3, Fraction(15, 2)), (1, 5), (2, 10), (1, 0)]


def by_person(lines):
    return {line.person: line for line in lines}


def test_the_total_adds_every_night_and_shows_the_nights_attended():
    lines = night_standings(NIGHTS, NightCount(TOTAL))
    assert [(line.person, line.place, line.score) for line in lines] == [
        (2, 1, 20),
        (1, 2, 15),
        (3, 3, Fraction(15, 2)),
    ]
    assert by_person(lines)[1].nights == 3


def test_the_average_ranks_only_who_came_to_enough_nights():
    lines = night_standings(NIGHTS, NightCount(AVERAGE, min_nights=2))
    assert [(line.person, line.place, line.score) for line in lines] == [
        (2, 1, 10),
        (1, 2, 5),
        (3, None, Fraction(15, 2)),
    ]


def test_best_n_of_m_drops_each_persons_worst_nights():
    lines = by_person(night_standings(NIGHTS, NightCount(BEST, best_n=2)))
    assert lines[1].score == 15  # 10 + 5; the 0 does not count
    assert (lines[1].nights, lines[1].counted) == (3, 2)


def test_level_scores_share_a_place():
    lines = night_standings([(1, 10), (2, 10), (3, 5)], NightCount(TOTAL))
    assert [line.place for line in lines] == [1, 1, 3]
