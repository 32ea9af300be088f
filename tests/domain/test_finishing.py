"""A series' order of places (RULES D-21): one function for the night, the
league's placement points and the ratings."""

import uuid
from datetime import UTC, datetime

from hypothesis import given, settings
from hypothesis import strategies as st

from series.domain.league.results import DealFacts, SeriesFacts, places, series_results
from series.domain.nights import Placement, table_result
from series.domain.series import SeriesState, VoidDeal, decide, fold
from series.domain.series.finishing import places_from_order, series_order
from series.domain.series.standing import standing_of
from tests.support.examples import examples
from tests.support.series import record_points as record
from tests.support.series import started_in_seat_order as started

A, B, C, D, E = 1, 2, 3, 4, 5


def league_facts(state: SeriesState) -> SeriesFacts:
    """The facts the league reads of a finished series (its score sheet's rows)."""
    deals = tuple(
        DealFacts(deal.number, deal.tiebreak, deal.entry.went_out, dict(deal.scores))
        for deal in state.deals
        if not deal.void
    )
    return SeriesFacts(
        uuid.uuid4(),
        1,
        state.setup.rules.game,
        datetime(2026, 1, 1, tzinfo=UTC),
        state.setup.players,
        state.winner,
        state.setup.rules.higher_wins,
        deals,
        tuple(state.eliminated),
    )


def test_the_loser_of_the_tiebreak_for_first_is_second_whatever_the_tiebreak_cost():
    """RULES D-21: the tiebreak deal orders only the players tied for first; its
    penalty counts in the totals, never below a player whose total was higher."""
    state = started([A, B, C])
    state = record(state, A, {B: 20, C: 30})
    state = record(state, B, {A: 20, C: 15})
    state = record(state, C, {A: 15, B: 15})
    assert state.totals == {A: 35, B: 35, C: 45}
    state = record(state, A, {B: 20})  # the tiebreak between A and B: B ends on 55
    assert state.winner == A and state.totals[B] > state.totals[C]
    assert series_order(state) == ((A,), (B,), (C,))


def test_the_night_of_seventeen_gives_the_tiebreak_loser_second_place_at_a_table_of_five():
    """RULES D-21, D-16: tied on 372 for first, the tiebreak's loser finishing 96
    worse than the table's 3rd total is 2nd, with 7.5 points, not last with 0."""
    state = started([A, B, C, D, E])
    state = record(state, A, {B: 90, C: 100, D: 120, E: 150})
    state = record(state, B, {A: 100, C: 100, D: 100, E: 100})
    state = record(state, C, {A: 100, B: 100, D: 100, E: 100})
    state = record(state, D, {A: 100, B: 100, C: 100, E: 100})
    state = record(state, E, {A: 72, B: 82, C: 90, D: 120})
    assert state.totals == {A: 372, B: 372, C: 390, D: 440, E: 450}
    state = record(state, A, {B: 174})  # B ends on 546: 96 worse than E's 450
    table = table_result(standing_of(state))
    assert table.order == ((A,), (B,), (C,), (D,), (E,))
    assert Placement().score(table)[B] == 7.5
    assert places(league_facts(state)) == {A: 1, B: 2, C: 3, D: 4, E: 5}


def test_rummy_places_the_eliminated_after_those_still_in_the_later_out_ahead():
    """RULES §3, D-21: standard Rummy keeps its order, elimination then totals."""
    state = started([A, B, C, D], preset="rummy")
    state = record(state, A, {B: 70, C: 10, D: 20})
    state = record(state, C, {A: 30, B: 40, D: 60})
    assert state.eliminated == (B,)
    assert series_order(state) == ((C,), (A,), (D,), (B,))
    state = record(state, C, {A: 70, D: 30})  # A and D out in the same deal: totals decide
    assert state.winner == C
    assert series_order(state) == ((C,), (A,), (D,), (B,))


def test_the_league_places_standard_rummy_as_the_night_does_the_later_out_ahead():
    """RULES D-21: one order wherever places are used. B, out first on 110, is
    behind D, out later on 130 (the league placed B ahead, on its total)."""
    state = started([A, B, C, D], preset="rummy")
    state = record(state, A, {B: 70, C: 10, D: 20})
    state = record(state, C, {A: 30, B: 40, D: 60})
    state = record(state, C, {A: 70, D: 50})
    assert state.eliminated == (A, B, D) and state.winner == C
    assert state.totals == {A: 100, B: 110, C: 10, D: 130}
    night = places_from_order(table_result(standing_of(state)).order)
    assert night == {C: 1, A: 2, D: 3, B: 4}
    assert places(league_facts(state)) == night


def test_players_out_in_the_same_deal_on_the_same_total_share_a_place():
    state = started([A, B, C], preset="rummy")
    state = record(state, A, {B: 60, C: 60})
    state = record(state, A, {B: 40, C: 40})
    assert state.winner == A
    assert series_order(state) == ((A,), (B, C))
    assert places(league_facts(state)) == {A: 1, B: 2, C: 2}


def test_a_series_still_playing_is_ordered_on_its_totals_with_level_leaders_together():
    state = started([A, B, C, D])
    state = record(state, A, {B: 20, C: 20, D: 15})
    assert series_order(state) == ((A,), (D,), (B, C))
    state = record(state, D, {A: 15, B: 20, C: 20})
    assert series_order(state) == ((A, D), (B, C))


def test_a_voided_deal_orders_nobody():
    state = started([A, B, C])
    state = record(state, A, {B: 20, C: 30})
    state = record(state, B, {A: 90, C: 15})
    state = fold(decide(state, VoidDeal(2, "wrong table")), state)
    assert series_order(state) == ((A,), (B,), (C,))


# -- properties, over whole series played through the domain ---------------------

penalties = st.sampled_from([15, 20, 25, 40, 60])


@st.composite
def played_series(draw):
    """A series played to its end (tiebreak deals included), deal by deal."""
    preset = draw(st.sampled_from(["continental", "continental", "rummy"]))
    players = tuple(range(1, draw(st.integers(3, 6)) + 1))
    state = started(players, preset=preset)
    for _ in range(80):
        if not state.is_open:
            break
        playing = state.next_players
        went_out = draw(st.sampled_from(playing))
        others = {p: draw(penalties) for p in playing if p != went_out}
        state = record(state, went_out, others)
    return state


def regular_totals(state):
    totals = dict.fromkeys(state.setup.players, 0)
    for deal in state.deals:
        if not deal.tiebreak:
            for player, points in deal.scores.items():
                totals[player] += points
    return totals


@settings(max_examples=examples(150), deadline=None)
@given(played_series())
def test_the_order_places_every_player_once_the_winner_alone_first(state):
    """RULES D-21: a finished series' winner is 1st alone; every seat has one place."""
    order = series_order(state)
    placed = [player for group in order for player in group]
    assert sorted(placed) == sorted(state.setup.players)
    if state.winner is not None:
        assert order[0] == (state.winner,)


@settings(max_examples=examples(150), deadline=None)
@given(played_series())
def test_no_player_is_placed_below_one_whose_total_after_the_regular_deals_was_higher(state):
    """RULES D-21 (Continental): the tiebreak orders only those tied for first, so
    places follow the totals after the regular deals; level totals share a place
    unless the tiebreak told them apart."""
    if state.setup.rules.game != "continental":
        return
    place = places_from_order(series_order(state))
    regular = regular_totals(state)
    tied = {p for deal in state.deals if deal.tiebreak for p in deal.scores}
    for one in state.setup.players:
        for other in state.setup.players:
            if regular[one] < regular[other]:
                assert place[one] < place[other]
            if regular[one] == regular[other] and not {one, other} & tied:
                assert place[one] == place[other]


@settings(max_examples=examples(150), deadline=None)
@given(played_series())
def test_standard_rummy_places_those_out_later_ahead_then_by_total(state):
    """RULES §3, D-21: elimination, then totals."""
    if state.setup.rules.game != "rummy":
        return
    place = places_from_order(series_order(state))
    last = {p: max(d.number for d in state.deals if p in d.scores) for p in state.setup.players}
    for one in state.setup.players:
        for other in state.setup.players:
            if state.winner in (one, other):
                continue
            if last[one] > last[other] or (
                last[one] == last[other] and state.totals[one] < state.totals[other]
            ):
                assert place[one] < place[other]


@settings(max_examples=examples(150), deadline=None)
@given(played_series(), st.randoms())
def test_the_night_and_the_league_give_a_series_the_same_places_whatever_the_seat_order(
    state, shuffle
):
    """RULES D-21: one order wherever places are used: the night's table, the
    league's places (its placement points and ratings), in any seat order."""
    night = places_from_order(table_result(standing_of(state)).order)
    facts = league_facts(state)
    assert places(facts) == night
    assert {r.player: r.place for r in series_results(facts, lambda p: p)} == night
    seats = list(facts.seats)
    shuffle.shuffle(seats)
    reseated = SeriesFacts(
        facts.series_id,
        facts.club_id,
        facts.game,
        facts.started_at,
        tuple(seats),
        facts.winner,
        facts.higher_wins,
        facts.deals,
        facts.eliminated,
    )
    assert places(reseated) == night
