"""A series' standing (what a night's page reads of each table) says what the
series' state says, and comes back from the JSON a sheet keeps it in (no database)."""

from hypothesis import given, settings

from series.domain.series import SeriesState
from series.domain.series.finishing import series_order
from series.domain.series.standing import Standing, standing_of
from tests.support.examples import examples
from tests.support.series import series_on_the_way
from tests.support.series import started_in_seat_order as started


@settings(max_examples=examples(100), deadline=None)
@given(series_on_the_way())
def test_a_standing_says_what_the_series_state_says(state):
    standing = standing_of(state)

    assert standing.status == state.status
    assert standing.is_open == state.is_open
    assert standing.totals == dict(state.totals)
    assert standing.order == series_order(state)
    assert standing.dealt == len(state.deals)
    assert standing.winner == state.winner
    assert standing.disputed == state.disputed
    assert sum(standing.deals.values()) == sum(len(deal.players) for deal in state.deals)
    if state.winner is not None:
        assert standing.leaders == (state.winner,)
    elif state.deals:
        best = (max if state.setup.rules.higher_wins else min)(state.totals.values())
        assert {state.totals[p] for p in standing.leaders} == {best}
        assert all(
            state.totals[p] != best for p in set(state.setup.players) - set(standing.leaders)
        )


def test_before_its_first_deal_nobody_leads_and_every_seat_has_played_nothing():
    standing = standing_of(started((1, 2, 3), "continental"))
    assert standing.leaders == ()
    assert standing.deals == {1: 0, 2: 0, 3: 0}
    assert standing.dealt == 0
    assert standing_of(SeriesState()) == Standing("not_started")
