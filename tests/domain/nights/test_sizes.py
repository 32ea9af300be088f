"""How many tables a night makes, and their sizes (RULES D-15)."""

import pytest
from hypothesis import assume, given
from hypothesis import strategies as st

from series.domain.nights import InvalidNight, table_sizes


def test_seventeen_players_make_two_tables_of_six_and_one_of_five():
    assert table_sizes(17, 3, 8) == (6, 6, 5)  # RULES D-15


def test_nine_players_make_five_and_four_or_three_threes_as_the_director_prefers():
    assert table_sizes(9, 3, 5) == (5, 4)
    assert table_sizes(9, 3, 3) == (3, 3, 3)


def test_rummy_tables_stop_at_six_players():
    assert table_sizes(13, 2, 6, game="rummy") == (5, 4, 4)


def test_too_few_players_says_how_many_are_missing():
    with pytest.raises(InvalidNight) as refused:
        table_sizes(2, 3, 8)
    assert refused.value.code == "too_few_players"
    assert "1 more must come" in refused.value.message


def test_players_that_fill_no_tables_in_the_bounds_say_what_would_work():
    with pytest.raises(InvalidNight) as refused:
        table_sizes(7, 4, 5)  # two tables need 8
    assert refused.value.code == "sizes_do_not_fit"
    assert "1 more players are missing, or allow tables of 3" in refused.value.message


def test_a_size_the_game_does_not_seat_names_the_sizes_it_does():
    with pytest.raises(InvalidNight) as refused:
        table_sizes(20, 3, 9)
    assert refused.value.code == "invalid_table_size"
    assert refused.value.field == "max_table"
    assert "tables of 3 to 8" in refused.value.message
    with pytest.raises(InvalidNight) as refused:
        table_sizes(20, 7, 2, game="rummy")
    assert "tables of 2 to 6" in refused.value.message


def test_a_smallest_table_above_the_largest_is_refused():
    with pytest.raises(InvalidNight) as refused:
        table_sizes(20, 6, 4)
    assert "swap them" in refused.value.message


bounds = st.tuples(st.integers(3, 8), st.integers(3, 8)).map(sorted)


@given(players=st.integers(3, 200), bounds=bounds)
def test_sizes_lie_within_the_bounds_seat_everyone_and_are_as_equal_as_possible(players, bounds):
    low, high = bounds
    tables = -(-players // high)
    assume(tables * low <= players)
    sizes = table_sizes(players, low, high)
    assert sum(sizes) == players
    assert all(low <= size <= high for size in sizes)
    assert max(sizes) - min(sizes) <= 1
    assert list(sizes) == sorted(sizes, reverse=True)
    assert len(sizes) == tables  # no fewer tables could seat them


@given(players=st.integers(3, 200), bounds=bounds)
def test_sizes_are_refused_only_when_no_tables_in_the_bounds_fit(players, bounds):
    low, high = bounds
    fits = any(k * low <= players <= k * high for k in range(1, players + 1))
    try:
        table_sizes(players, low, high)
    except InvalidNight:
        assert not fits
    else:
        assert fits
