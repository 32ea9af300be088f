"""A table's points and the night's ranking (RULES D-16, D-17, D-18)."""

from dataclasses import replace
from fractions import Fraction
from itertools import pairwise

import pytest
from hypothesis import given
from hypothesis import strategies as st

from series.domain.nights import (
    InvalidNight,
    PerDeal,
    Placement,
    PointsTable,
    TableResult,
    night_ranking,
    table_result,
)
from series.domain.nights.ranking import RoundPoints
from series.domain.rules import rules_from
from series.domain.series import (
    AbandonSeries,
    SeriesState,
    StartSeries,
    decide,
    fold,
)
from series.domain.series.standing import standing_of
from tests.support.series import record_points as record
from tests.support.series import started_in_seat_order as started

A, B, C, D, E = 1, 2, 3, 4, 5


def result(*order, totals=None, deals=None, played=True, finished=True):
    groups = tuple(tuple(g) if isinstance(g, tuple) else (g,) for g in order)
    players = [p for g in groups for p in g]
    return TableResult(
        groups,
        totals or {p: 10 * i for i, p in enumerate(players)},
        deals or dict.fromkeys(players, len(players)),
        played=played,
        finished=finished,
    )


# -- a table's points (RULES D-16) ----------------------------------------------------


def test_every_tables_winner_scores_10_and_its_last_0_whatever_its_size():
    assert Placement().score(result(A, B, C)) == {A: 10, B: 5, C: 0}
    four = Placement().score(result(A, B, C, D, E))
    assert four == {A: 10, B: Fraction(15, 2), C: 5, D: Fraction(5, 2), E: 0}


def test_players_level_for_second_and_third_share_the_mean_of_their_places():
    table = result(A, (B, C), D)
    assert table.places() == {A: 1, B: Fraction(5, 2), C: Fraction(5, 2), D: 4}
    assert Placement().score(table) == {A: 10, B: 5, C: 5, D: 0}


def test_a_club_points_table_pays_its_points_per_place_and_shares_ties():
    points = PointsTable({3: (6, 3, 0), 4: (7, 4, 2, 0)})
    assert points.score(result(A, B, C)) == {A: 6, B: 3, C: 0}
    assert points.score(result(A, B, (C, D))) == {A: 7, B: 4, C: 1, D: 1}


def test_a_points_table_without_the_tables_size_says_which_row_to_add():
    with pytest.raises(InvalidNight) as refused:
        PointsTable({4: (7, 4, 2, 0)}).score(result(A, B, C))
    assert "no row for tables of 3" in refused.value.message


@pytest.mark.parametrize("row", [(3, 1), (1, 3, 0), (3, 2, -1)])
def test_a_points_table_row_of_the_wrong_length_rising_or_negative_is_refused(row):
    with pytest.raises(InvalidNight) as refused:
        PointsTable({3: row})
    assert refused.value.code == "invalid_points_table"


def test_per_deal_is_the_average_penalty_per_deal_played():
    table = result(A, B, C, totals={A: 30, B: 60, C: 90}, deals={A: 4, B: 4, C: 3})
    assert PerDeal().score(table) == {A: Fraction(15, 2), B: 15, C: 30}


orders = (
    st.lists(st.integers(1, 4), min_size=1, max_size=8)
    .map(
        lambda sizes: tuple(
            tuple(range(sum(sizes[:i]) + 1, sum(sizes[: i + 1]) + 1)) for i in range(len(sizes))
        )
    )
    .filter(lambda order: sum(map(len, order)) >= 2)
)


@given(orders)
def test_placement_pays_a_table_of_n_5n_in_all_with_its_winner_10_and_its_last_0(order):
    table = result(*order)
    n = table.size
    points = Placement().score(table)
    assert sum(points.values()) == 5 * n  # RULES D-16, ties shared
    if len(order[0]) == 1:
        assert points[order[0][0]] == 10
    if len(order[-1]) == 1:
        assert points[order[-1][0]] == 0
    assert all(0 <= p <= 10 for p in points.values())


# -- a table from its series ---------------------------------------------------------


def test_a_finished_table_places_its_players_as_the_series_ended():
    state = started([A, B, C])
    state = record(state, A, {B: 20, C: 30})
    state = record(state, B, {A: 20, C: 15})
    state = record(state, C, {A: 15, B: 15})
    state = record(state, A, {B: 20})  # the tiebreak deal (RULES D-8)
    table = table_result(standing_of(state))
    assert table.finished and table.played
    assert Placement().score(table) == {A: 10, B: 5, C: 0}  # RULES D-21
    assert table.deals == {A: 4, B: 4, C: 3}


def test_a_table_still_playing_is_ranked_as_if_it_ended_now():
    state = record(started([A, B, C]), A, {B: 20, C: 30})
    ranking = night_ranking([[table_result(standing_of(state))]])
    assert ranking.provisional
    assert [line.player for line in ranking.lines] == [A, B, C]


def test_an_abandoned_table_is_not_played_unless_the_director_records_a_result():
    # RULES D-18
    state = record(started([A, B, C]), A, {B: 20, C: 30})
    state = fold(decide(state, AbandonSeries("the hall closed")), state)
    assert not table_result(standing_of(state)).played
    entered = table_result(standing_of(state), director_order=[[C], [A, B]])
    assert entered.played and Placement().score(entered) == {
        C: 10,
        A: Fraction(5, 2),
        B: Fraction(5, 2),
    }


def test_a_director_result_must_place_every_seated_player_once():
    state = fold(decide(started([A, B, C]), AbandonSeries("late")), started([A, B, C]))
    with pytest.raises(InvalidNight) as refused:
        table_result(standing_of(state), director_order=[[A], [B]])
    assert refused.value.code == "result_does_not_match_table"


# -- the night (RULES D-17, D-18) --------------------------------------------------------


def test_the_night_adds_up_its_rounds():
    first = [result(A, B, C), result(D, E)]
    second = [result(D, A, C), result(B, E)]
    ranking = night_ranking([first, second])
    scores = {line.player: line.score for line in ranking.lines}
    assert scores == {A: 15, B: 15, C: 0, D: 20, E: 0}
    # A and B level on 15: A's 10 penalty points came over 6 deals, B's over 5 (RULES D-17)
    assert [line.player for line in ranking.lines] == [D, A, B, E, C]
    assert not ranking.provisional


def test_each_line_says_its_points_round_by_round_with_table_and_place():
    """Why these points: R1 T2 2nd 5 · R2 T1 1st 10, a table not played without
    place or points (RULES D-18); the penalty and deals the average is made of."""
    first = [replace(result(C, D), table=1), replace(result(A, B, E), table=2)]
    second = [
        replace(result(B, A, totals={B: 0, A: 30}, deals={A: 2, B: 2}), table=1),
        replace(result(C, D, E, played=False), table=2),
    ]
    lines = {line.player: line for line in night_ranking([first, second]).lines}
    assert lines[B].per_round == (RoundPoints(1, 2, 2, 5), RoundPoints(2, 1, 1, 10))
    assert lines[E].per_round == (RoundPoints(1, 2, 3, 0), RoundPoints(2, 2, None, None))
    assert (lines[B].penalty, lines[B].deals) == (10 + 0, 3 + 2)
    by_deal = {line.player: line for line in night_ranking([first, second], PerDeal()).lines}
    assert by_deal[A].per_round[1] == RoundPoints(2, 1, 2, 15)  # 30 over 2 deals


def test_a_tie_on_points_goes_to_the_lower_average_per_deal_then_is_shared():
    a_better = result(A, B, totals={A: 10, B: 40}, deals={A: 2, B: 2})
    b_better = result(B, A, totals={B: 10, A: 20}, deals={A: 2, B: 2})
    level = result(C, D, totals={C: 0, D: 30}, deals={C: 2, D: 2})
    also_level = result(D, C, totals={D: 0, C: 30}, deals={C: 2, D: 2})
    ranking = night_ranking([[a_better, level], [b_better, also_level]])
    lines = {line.player: line for line in ranking.lines}
    assert lines[A].score == lines[B].score == lines[C].score == lines[D].score == 10
    assert lines[A].per_deal == Fraction(30, 4) and lines[B].per_deal == Fraction(50, 4)
    assert lines[C].per_deal == lines[D].per_deal == Fraction(30, 4)
    assert [(line.player, line.place) for line in ranking.lines] == [(A, 1), (C, 1), (D, 1), (B, 4)]


def test_a_table_not_played_gives_no_points_and_stays_out_of_the_average():
    played = result(A, B, totals={A: 10, B: 20}, deals={A: 2, B: 2})
    abandoned = result(B, A, totals={B: 0, A: 90}, deals={A: 1, B: 1}, played=False)
    ranking = night_ranking([[played], [abandoned]])
    lines = {line.player: line for line in ranking.lines}
    assert lines[A].score == 10 and lines[A].per_deal == 5 and lines[A].rounds == 1
    assert lines[B].score == 0 and lines[B].per_deal == 10


def test_by_per_deal_the_night_is_the_average_over_every_deal_played_lower_first():
    first = result(A, B, totals={A: 10, B: 20}, deals={A: 2, B: 2})
    second = result(A, C, totals={A: 50, C: 0}, deals={A: 2, C: 2})
    ranking = night_ranking([[first], [second]], PerDeal())
    assert [(line.player, line.score) for line in ranking.lines] == [(C, 0), (B, 10), (A, 15)]


rounds_of_results = st.lists(
    st.lists(
        st.tuples(
            st.permutations([A, B, C, D]),
            st.lists(st.integers(0, 60), min_size=4, max_size=4),
            st.booleans(),
        ),
        min_size=1,
        max_size=1,
    ),
    min_size=1,
    max_size=4,
)


@given(rounds_of_results)
def test_the_night_is_ordered_by_points_then_by_the_lower_average_and_not_played_is_excluded(
    rounds,
):
    night = [
        [
            result(
                *order,
                totals=dict(zip(order, totals, strict=True)),
                deals=dict.fromkeys(order, 4),
                played=played,
            )
            for order, totals, played in tables
        ]
        for tables in rounds
    ]
    lines = night_ranking(night).lines
    keys = [
        (-(line.score or 0), line.per_deal if line.per_deal is not None else 10**9)
        for line in lines
        if line.rounds
    ]
    assert keys == sorted(keys)  # RULES D-17
    for line in lines:
        counted = [t for r in night for t in r if t.played and line.player in t.players]
        assert line.rounds == len(counted)  # RULES D-18
        if counted:
            penalty = sum(t.totals[line.player] for t in counted)
            assert line.per_deal == Fraction(penalty, 4 * len(counted))
        else:
            assert line.per_deal is None and line.score is None
    for before, after in pairwise(lines):
        level = (before.score, before.per_deal) == (after.score, after.per_deal)
        assert (before.place == after.place) == level


def test_a_rummy_table_places_by_elimination_order_then_totals():
    command = StartSeries(1, (A, B, C, D), A, rules_from("rummy"))
    state = fold(decide(SeriesState(), command))
    state = record(state, A, {B: 70, C: 10, D: 20})
    state = record(state, C, {A: 30, B: 40, D: 60})  # B reaches the cap: out first
    state = record(state, C, {A: 70, D: 30})  # A (100) and D (110) out together
    points = Placement().score(table_result(standing_of(state)))
    assert points == {C: 10, A: Fraction(20, 3), D: Fraction(10, 3), B: 0}


FULL_TABLE = {n: tuple(range(n - 1, -1, -1)) for n in range(3, 9)}


def opened(points_table) -> list:
    from series.domain.nights.commands import OpenNight
    from series.domain.nights.night import NightState, decide

    scoring = {"method": "points_table", "points_table": points_table}
    return decide(NightState(), OpenNight(1, "2026-03-14", {"preset": "continental"}, scoring))


def test_a_points_table_night_opens_only_with_a_row_for_every_table_size():
    # RULES D-16: a draw or a move may make any size from 3 to 8, and the night's
    # ranking must never meet one it has no points for.
    assert opened({str(n): row for n, row in FULL_TABLE.items()})
    with pytest.raises(InvalidNight) as refused:
        opened({"4": (7, 4, 2, 0)})
    assert refused.value.code == "points_table_missing_size"
    assert "add the rows for tables of 3, 5, 6, 7, 8" in refused.value.message


@pytest.mark.parametrize(
    "table",
    [
        {**FULL_TABLE, "abc": (1,)},
        {**FULL_TABLE, "-4": (1,)},
        {**FULL_TABLE, "99999999999999999999": (1,)},
        {**FULL_TABLE, "²": (1,)},
        {**FULL_TABLE, 9: tuple(range(9))[::-1]},
        {**FULL_TABLE, 3: (10**40, 1, 0)},
        {**FULL_TABLE, 3: (float("inf"), 1, 0)},
        {**FULL_TABLE, 3: ("ten", 1, 0)},
    ],
)
def test_a_points_table_with_a_size_or_points_no_table_has_is_refused_by_name(table):
    with pytest.raises(InvalidNight) as refused:
        opened(table)
    assert refused.value.code == "invalid_points_table"
