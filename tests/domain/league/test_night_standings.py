"""The season's night standings, counted as the club chooses: points added
(RULES D-27), a tie broken by the pooled average per deal, then shared."""

from __future__ import annotations

from fractions import Fraction
from itertools import pairwise

from hypothesis import given
from hypothesis import strategies as st

from series.domain.league.night_standings import (
    AVERAGE,
    BEST,
    TOTAL,
    NightCount,
    NightLineRecorded,
    NightScore,
    night_standings,
    season_points,
)


def scores(*nights):
    """(person, points) or (person, points, penalty, deals) of each night."""
    return [
        NightScore(person, Fraction(points), *(rest or (None, None)), order=(index,))
        for index, (person, points, *rest) in enumerate(nights)
    ]


# Anna: three nights (10, 5, 0); Bruno: two (10, 10); Carla: one (7.5).
NIGHTS = scores((1, 10), (2, 10), (3, Fraction(15, 2)), (1, 5), (2, 10), (1, 0))


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


def test_level_scores_with_no_average_to_tell_them_apart_share_a_place():
    lines = night_standings(scores((1, 10), (2, 10), (3, 5)), NightCount(TOTAL))
    assert [line.place for line in lines] == [1, 1, 3]


def test_level_points_go_to_the_lower_pooled_average_per_deal_then_share():
    """RULES D-17, D-27: pooled over the nights counted (penalties added, divided
    by deals added), not an average of averages."""
    lines = night_standings(
        scores(
            (1, 10, 100, 4),  # Anna: 100 + 20 over 4 + 4 deals: 15 a deal
            (1, 5, 20, 4),
            (2, 15, 130, 8),  # Bruno: 16.25 a deal
            (3, 15, 60, 4),  # Carla: 15 a deal, as Anna
            (4, 14, 10, 4),
        ),
        NightCount(TOTAL),
    )
    assert [(line.person, line.place) for line in lines] == [(1, 1), (3, 1), (2, 3), (4, 4)]
    assert by_person(lines)[1].per_deal == 15


def test_a_season_of_one_night_never_shares_a_place_the_night_told_apart():
    """RULES D-17: 9th and 10th on level points in the night stay 9th and 10th."""
    night = [(9, 3, 250, 10), (10, 3, 260, 10), (8, 5, 200, 10)]
    lines = night_standings(scores(*night), NightCount(TOTAL))
    assert [(line.person, line.place) for line in lines] == [(8, 1), (9, 2), (10, 3)]


def test_best_n_keeps_the_night_of_the_lower_average_between_equal_nights():
    lines = night_standings(
        scores((1, 10, 120, 4), (1, 10, 80, 4), (2, 10, 100, 4)), NightCount(BEST, best_n=1)
    )
    assert [(line.person, line.per_deal) for line in lines] == [(1, 20), (2, 25)]


# -- RULES D-27: what a night adds ---------------------------------------------------


def test_a_per_deal_night_adds_points_by_its_places_never_its_averages():
    """RULES D-27: the best average (25.9) adds 10, the worst (56.5) adds 0."""
    lines = [
        NightLineRecorded(1, 1, Fraction(259, 10)),
        NightLineRecorded(2, 2, Fraction(30)),
        NightLineRecorded(3, 3, Fraction(113, 2)),
    ]
    assert season_points("per_deal", lines) == {1: 10, 2: 5, 3: 0}


def test_level_players_of_a_per_deal_night_share_the_mean_place():
    lines = [
        NightLineRecorded(1, 1, Fraction(20)),
        NightLineRecorded(2, 2, Fraction(30)),
        NightLineRecorded(3, 2, Fraction(30)),
        NightLineRecorded(4, 4, Fraction(40)),
        NightLineRecorded(5, 5, None),  # played nothing: not ranked, adds nothing
    ]
    # N = 4 ranked; places 2 and 3 shared: mean 2.5 → 10 × 1.5 / 3 = 5.
    assert season_points("per_deal", lines) == {1: 10, 2: 5, 3: 5, 4: 0}


def test_placement_and_points_table_nights_add_their_own_points():
    lines = [NightLineRecorded(1, 1, Fraction(35, 2)), NightLineRecorded(2, 2, Fraction(5))]
    assert season_points("placement", lines) == {1: Fraction(35, 2), 2: 5}
    assert season_points("points_table", lines) == {1: Fraction(35, 2), 2: 5}


@given(st.lists(st.integers(1, 200), min_size=1, max_size=20))
def test_a_lower_average_never_adds_fewer_points(averages):
    """RULES D-27: more is better in the season, whatever the night's method."""
    ordered = sorted(averages)
    lines = [
        NightLineRecorded(player, 1 + sum(1 for other in ordered if other < average), average)
        for player, average in enumerate(ordered)
    ]
    added = season_points("per_deal", lines)
    for one, other in pairwise(lines):
        assert added[one.player] >= added[other.player]
        assert (added[one.player] == added[other.player]) == (one.points == other.points)
    assert all(0 <= points <= 10 for points in added.values())
