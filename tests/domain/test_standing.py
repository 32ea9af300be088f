"""A series' standing (what a night's page reads of each table) says what the
series' state says, and comes back from the JSON a sheet keeps it in (no database)."""

import json

from hypothesis import given, settings
from hypothesis import strategies as st

from series.domain.events import DealEntry, Hand
from series.domain.series import RecordDeal, SeriesState, VoidDeal, decide, fold
from series.domain.series.finishing import series_order
from series.domain.series.standing import Standing, decode, encode, standing_of
from tests.support.examples import examples
from tests.support.series import started_in_seat_order as started

penalties = st.sampled_from([15, 20, 25, 40, 60])


@st.composite
def series_on_the_way(draw):
    """A series some deals in (perhaps over, perhaps with a void deal)."""
    preset = draw(st.sampled_from(["continental", "rummy"]))
    players = tuple(range(1, draw(st.integers(3, 6)) + 1))
    state = started(players, preset)
    for _ in range(draw(st.integers(0, 30))):
        if not state.is_open:
            break
        playing = state.next_players
        went_out = draw(st.sampled_from(playing))
        hands = tuple(Hand(p, points=draw(penalties)) for p in playing if p != went_out)
        state = fold(decide(state, RecordDeal(DealEntry(went_out, hands))), state)
        if state.is_open and draw(st.integers(0, 9)) == 0:
            state = fold(decide(state, VoidDeal(len(state.deals), "misdeal")), state)
    return state


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


@settings(max_examples=examples(100), deadline=None)
@given(series_on_the_way())
def test_a_standing_comes_back_from_the_json_a_sheet_keeps(state):
    standing = standing_of(state)
    assert decode(json.loads(json.dumps(encode(standing)))) == standing


def test_before_its_first_deal_nobody_leads_and_every_seat_has_played_nothing():
    standing = standing_of(started((1, 2, 3), "continental"))
    assert standing.leaders == ()
    assert standing.deals == {1: 0, 2: 0, 3: 0}
    assert standing.dealt == 0
    assert standing_of(SeriesState()) == Standing("not_started")


def test_a_standing_of_another_schema_or_none_is_not_read():
    kept = encode(standing_of(started((1, 2, 3), "continental")))
    assert decode(kept | {"schema": 0}) is None
    assert decode({k: v for k, v in kept.items() if k != "schema"}) is None
    assert decode(None) is None
