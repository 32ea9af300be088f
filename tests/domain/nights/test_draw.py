"""The draw of a round: tables, seats and first dealers from a seed (RULES D-15)."""

import random
from collections import Counter

import pytest
from hypothesis import given
from hypothesis import strategies as st

from series.domain.nights import (
    RANDOM,
    RATING,
    STANDINGS,
    InvalidNight,
    draw,
    meetings,
    pair,
    repeat_cost,
    table_sizes,
)

present_players = st.sets(st.integers(1, 10_000), min_size=3, max_size=40).map(sorted)
methods = st.sampled_from([RANDOM, STANDINGS, RATING])


def seen_meetings(players, seed):
    """A season's meeting counts, made up from a few random tables."""
    rng = random.Random(seed)
    met = Counter()
    for _night in range(3):
        order = list(players)
        rng.shuffle(order)
        met += meetings([order[i : i + 4] for i in range(0, len(order), 4)])
    return met


@given(players=present_players, seed=st.integers(0, 2**32), method=methods, data=st.data())
def test_the_same_seed_draws_the_same_tables_whatever_order_the_players_come_in(
    players, seed, method, data
):
    # RULES D-15: the draw can be re-run and checked.
    sizes = table_sizes(len(players), 3, 8)
    shuffled = data.draw(st.permutations(players))
    met = seen_meetings(players, seed)
    standings = data.draw(st.permutations(players))
    ratings = {p: float(p % 17) for p in players}
    one = draw(players, sizes, seed, method=method, met=met, standings=standings, ratings=ratings)
    other = draw(
        shuffled, sizes, seed, method=method, met=dict(met), standings=standings, ratings=ratings
    )
    assert one == other


@given(players=present_players, seed=st.integers(0, 2**32), method=methods)
def test_every_present_player_is_seated_exactly_once_at_a_table_of_its_size(players, seed, method):
    sizes = table_sizes(len(players), 3, 6) if len(players) != 7 else (4, 3)
    tables = draw(
        players,
        sizes,
        seed,
        method=method,
        met=seen_meetings(players, seed),
        standings=players[::-1],
    )
    seated = [player for table in tables for player in table.seats]
    assert sorted(seated) == players
    assert tuple(len(table.seats) for table in tables) == sizes
    assert [table.number for table in tables] == list(range(1, len(sizes) + 1))
    assert all(table.first_dealer in table.seats for table in tables)


def test_another_seed_draws_other_seats():
    players = list(range(1, 18))
    draws = {draw(players, (6, 6, 5), seed) for seed in range(5)}
    assert len(draws) == 5


def test_the_draw_keeps_apart_a_pair_that_met_often_when_it_can():
    players = list(range(1, 13))
    met = {pair(1, 2): 5, pair(3, 4): 5, pair(5, 6): 5}
    for seed in range(20):
        tables = draw(players, (4, 4, 4), seed, met=met)
        assert repeat_cost([t.seats for t in tables], met) == 0


def test_by_standings_the_leaders_sit_together_at_table_one():
    standings = [8, 3, 5, 1, 7, 2, 6, 4, 9]
    tables = draw(range(1, 10), (3, 3, 3), 7, method=STANDINGS, standings=standings)
    assert [sorted(t.seats) for t in tables] == [[3, 5, 8], [1, 2, 7], [4, 6, 9]]


def test_by_standings_a_repeat_is_avoided_across_the_nearest_cut_only():
    standings = [1, 2, 3, 4, 5, 6, 7, 8, 9]
    met = {pair(1, 3): 3}
    tables = draw(range(1, 10), (3, 3, 3), 7, method=STANDINGS, standings=standings, met=met)
    assert sorted(tables[0].seats) in ([1, 2, 4], [1, 2, 5], [2, 3, 4], [2, 3, 5])
    assert sorted(tables[2].seats) == [7, 8, 9]


def test_by_rating_every_table_gets_one_player_of_each_tier():
    ratings = {p: 2000 - 10 * p for p in range(1, 13)}  # 1 is the best
    tables = draw(range(1, 13), (4, 4, 4), 3, method=RATING, ratings=ratings)
    assert [sorted(t.seats) for t in tables] == [[1, 6, 7, 12], [2, 5, 8, 11], [3, 4, 9, 10]]


def test_a_draw_of_sizes_that_do_not_seat_the_players_is_refused():
    with pytest.raises(InvalidNight) as refused:
        draw(range(10), (4, 4), 1)
    assert refused.value.code == "sizes_do_not_seat_players"


def test_an_unknown_draw_method_names_the_methods():
    with pytest.raises(InvalidNight) as refused:
        draw(range(8), (4, 4), 1, method="swiss")
    assert "random, standings, rating" in refused.value.message


@given(players=present_players, seed=st.integers(0, 2**32))
def test_no_single_swap_of_two_players_lowers_a_random_draws_repeat_meetings(players, seed):
    sizes = table_sizes(len(players), 3, 6) if len(players) != 7 else (4, 3)
    met = seen_meetings(players, seed)
    seated = [list(table.seats) for table in draw(players, sizes, seed, met=met)]
    cost = repeat_cost(seated, met)
    for here in range(len(seated)):
        for there in range(here + 1, len(seated)):
            for one in seated[here]:
                for other in seated[there]:
                    swapped = [list(table) for table in seated]
                    swapped[here][swapped[here].index(one)] = other
                    swapped[there][swapped[there].index(other)] = one
                    assert repeat_cost(swapped, met) >= cost


def test_a_round_drawn_by_standings_records_whom_it_swapped_to_avoid_a_repeat():
    """The night's page says when and why a draw by standings swapped players: the
    round's event records each swap it made, and a draw that needed none records none."""
    from series.domain.nights.commands import CheckIn, DrawRound, OpenNight
    from series.domain.nights.events import DrawSwap
    from series.domain.nights.night import NightState, decide, fold

    state = fold(decide(NightState(), OpenNight(1, "2026-03-14", {"preset": "continental"}, {})))
    state = fold(decide(state, CheckIn(tuple(range(1, 10)))), state)
    standings = (1, 2, 3, 4, 5, 6, 7, 8, 9)
    asked = DrawRound(7, 3, 3, STANDINGS, met={pair(1, 3): 3}, standings=standings)
    (drawn,) = decide(state, asked)
    assert drawn.swaps and all(isinstance(swap, DrawSwap) for swap in drawn.swaps)
    swapped = {p for swap in drawn.swaps for p in (swap.player, swap.other)}
    assert swapped & {1, 3}  # one of the two who met three times moved
    table_of = {p: t.number for t in drawn.tables for p in t.seats}
    assert table_of[1] != table_of[3]
    assert fold([drawn], state).current_round.swaps == tuple(
        (swap.player, swap.other) for swap in drawn.swaps
    )
    (no_repeat,) = decide(state, DrawRound(7, 3, 3, STANDINGS, standings=standings))
    assert no_repeat.swaps == ()
