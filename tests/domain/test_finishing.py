"""The order a series' players finish in, as the night's ranking reads it."""

from series.domain.events import DealEntry, Hand
from series.domain.finishing import finishing_order
from series.domain.rules import rules_from
from series.domain.series import RecordDeal, SeriesState, StartSeries, decide, fold

A, B, C, D = 1, 2, 3, 4


def started(players, preset="continental", **options):
    command = StartSeries(1, tuple(players), players[0], rules_from(preset, options))
    return fold(decide(SeriesState(), command))


def record(state, went_out, points):
    entry = DealEntry(went_out, tuple(Hand(p, points=n) for p, n in points.items()))
    return fold(decide(state, RecordDeal(entry)), state)


def test_the_tiebreak_winner_is_first_even_when_another_total_is_lower_after_it():
    # RULES D-8: the tiebreak deal is added to the tied players' totals only.
    state = started([A, B, C])
    state = record(state, A, {B: 20, C: 30})
    state = record(state, B, {A: 20, C: 15})
    state = record(state, C, {A: 15, B: 15})
    assert state.totals == {A: 35, B: 35, C: 45}
    state = record(state, A, {B: 20})  # the tiebreak between A and B: B ends on 55
    assert state.winner == A
    assert finishing_order(state) == ((A,), (C,), (B,))


def test_a_series_still_playing_is_ordered_on_its_totals_with_level_leaders_together():
    state = started([A, B, C, D])
    state = record(state, A, {B: 20, C: 20, D: 15})
    assert finishing_order(state) == ((A,), (D,), (B, C))
    state = record(state, D, {A: 15, B: 20, C: 20})
    assert finishing_order(state) == ((A, D), (B, C))


def test_rummy_places_the_eliminated_after_those_still_in_the_later_out_ahead():
    # RULES §3: reaching the cap eliminates; the last one left wins.
    state = started([A, B, C, D], preset="rummy")
    state = record(state, A, {B: 70, C: 10, D: 20})
    state = record(state, C, {A: 30, B: 40, D: 60})
    assert state.eliminated == (B,)
    assert finishing_order(state) == ((C,), (A,), (D,), (B,))
    state = record(state, C, {A: 70, D: 30})  # A and D out in the same deal: totals decide
    assert state.winner == C
    assert finishing_order(state) == ((C,), (A,), (D,), (B,))


def test_players_out_in_the_same_deal_on_the_same_total_share_a_group():
    state = started([A, B, C], preset="rummy")
    state = record(state, A, {B: 60, C: 60})
    state = record(state, A, {B: 40, C: 40})
    assert state.winner == A
    assert finishing_order(state) == ((A,), (B, C))
