"""A director's result for an abandoned table (RULES D-18, D-20): who may enter
it, what it must place, and what the night's ranking makes of it."""

from fractions import Fraction

import pytest

from series.domain.events import DealEntry, Hand
from series.domain.nights import PerDeal, PointsTable, night_ranking, table_result
from series.domain.nights.commands import CloseNight, EnterTableResult
from series.domain.nights.errors import InvalidNight
from series.domain.nights.events import (
    NightOpened,
    NightTableDrawn,
    PlayersCheckedIn,
    RoundClosed,
    RoundDrawn,
    TableResultEntered,
    TableStarted,
)
from series.domain.nights.night import apply, check_recorded, decide, fold
from series.domain.nights.results import order_from_places
from series.domain.rules import rules_from
from series.domain.series import (
    ABANDONED,
    FINISHED,
    IN_PROGRESS,
    AbandonSeries,
    RecordDeal,
    SeriesState,
    StartSeries,
)
from series.domain.series import decide as decide_series
from series.domain.series import fold as fold_series
from series.domain.series.finishing import places_from_order
from series.domain.series.standing import standing_of

A, B, C, D, E, F = 1, 2, 3, 4, 5, 6
SERIES = "00000000-0000-4000-8000-000000000001"


def night(*, closed_round: bool = False):
    """A night of six at two tables of three, both started; round 1 closed if told."""
    events = [
        NightOpened(1, "2026-03-14", {"preset": "continental"}, {"method": "placement"}, "x", 3, 8),
        PlayersCheckedIn((A, B, C, D, E, F)),
        RoundDrawn(
            1,
            7,
            "random",
            (3, 3),
            (NightTableDrawn(1, (A, B, C), A), NightTableDrawn(2, (D, E, F), D)),
        ),
        TableStarted(1, 1, SERIES),
        TableStarted(1, 2, "00000000-0000-4000-8000-000000000002"),
    ]
    if closed_round:
        events.append(RoundClosed(1))
    return fold(events)


def enter(state, order, status=ABANDONED, *, table=1, round_number=1):
    return decide(state, EnterTableResult(round_number, table, order, status))


def test_a_director_places_an_abandoned_tables_players_with_ties():
    # RULES D-18
    (entered,) = enter(night(), ((C,), (A, B)))
    assert entered == TableResultEntered(1, 1, ((C,), (A, B)))
    table = apply(night(), entered).current_round.table(1)
    assert table.result == ((C,), (A, B))


def test_a_past_rounds_abandoned_table_takes_a_result_too():
    # RULES D-18: the round closed with the table abandoned; the director enters it later
    (entered,) = enter(night(closed_round=True), ((A,), (B,), (C,)))
    assert entered.round == 1


def test_a_result_entered_again_replaces_the_first():
    state = night()
    first = fold(enter(state, ((A,), (B,), (C,))), state)
    again = fold(enter(first, ((B,), (A, C))), first)
    assert again.current_round.table(1).result == ((B,), (A, C))


@pytest.mark.parametrize(
    ("status", "code", "says"),
    [
        (IN_PROGRESS, "night_table_playing", "Table 1 is still playing"),
        (FINISHED, "night_table_finished", "Table 1 finished its series"),
    ],
)
def test_a_table_still_playing_or_finished_takes_no_directors_result(status, code, says):
    with pytest.raises(InvalidNight) as refused:
        enter(night(), ((A,), (B,), (C,)), status)
    assert refused.value.code == code
    assert says in refused.value.message


def test_a_table_not_started_or_not_drawn_takes_no_result():
    drawn_only = fold(
        [
            NightOpened(
                1, "2026-03-14", {"preset": "continental"}, {"method": "placement"}, "x", 3, 8
            ),
            PlayersCheckedIn((A, B, C)),
            RoundDrawn(1, 7, "random", (3,), (NightTableDrawn(1, (A, B, C), A),)),
        ]
    )
    with pytest.raises(InvalidNight) as refused:
        enter(drawn_only, ((A,), (B,), (C,)), None)
    assert refused.value.code == "night_table_not_started"
    with pytest.raises(InvalidNight) as refused:
        enter(night(), ((A,), (B,), (C,)), table=3)
    assert refused.value.code == "night_no_table"
    with pytest.raises(InvalidNight) as refused:
        enter(night(), ((A,), (B,), (C,)), round_number=2)
    assert refused.value.code == "night_no_table"


@pytest.mark.parametrize(
    ("order", "code", "player"),
    [
        (((A,), (B,), (D,)), "night_player_not_at_table", D),
        (((A,), (B,), (A, C)), "night_player_placed_twice", A),
        (((A,), (B,)), "night_player_not_placed", C),
    ],
)
def test_a_result_places_only_the_tables_players_each_exactly_once(order, code, player):
    # RULES D-18
    with pytest.raises(InvalidNight) as refused:
        enter(night(), order)
    assert refused.value.code == code
    assert refused.value.params["player"] == player
    assert refused.value.params["table"] == 1


def test_a_closed_night_takes_no_result():
    state = night(closed_round=True)
    closed = fold(decide(state, CloseNight(())), state)
    with pytest.raises(InvalidNight) as refused:
        enter(closed, ((A,), (B,), (C,)))
    assert refused.value.code == "night_closed"


def test_a_restored_result_must_place_the_tables_players():
    check_recorded(night(), TableResultEntered(1, 1, ((A,), (B, C))))
    with pytest.raises(InvalidNight):
        check_recorded(night(), TableResultEntered(1, 1, ((A,), (B, D))))


def test_places_become_an_order_with_level_players_together_and_back():
    order = order_from_places({A: 2, B: 1, C: 2, D: 4})
    assert order == ((B,), (A, C), (D,))
    assert places_from_order(order) == {B: 1, A: 2, C: 2, D: 4}


# -- the ranking (RULES D-16, D-17, D-20) ----------------------------------------------


def abandoned(players, *deals):
    """A Continental series of ``players`` that played ``deals`` (who went out, the
    others' points), then was abandoned."""
    command = StartSeries(1, tuple(players), players[0], rules_from("continental"))
    state = fold_series(decide_series(SeriesState(), command))
    for went_out, points in deals:
        entry = DealEntry(went_out, tuple(Hand(p, points=n) for p, n in points.items()))
        state = fold_series(decide_series(state, RecordDeal(entry)), state)
    return fold_series(decide_series(state, AbandonSeries("the hall closed")), state)


def test_by_placement_the_places_entered_score_and_the_deals_played_count_in_averages():
    # RULES D-16, D-20
    state = abandoned([A, B, C], (A, {B: 20, C: 30}))
    entered = table_result(standing_of(state), ((C,), (A, B)))
    ranking = night_ranking([[entered]])
    lines = {line.player: line for line in ranking.lines}
    assert (lines[C].score, lines[A].score, lines[B].score) == (10, Fraction(5, 2), Fraction(5, 2))
    assert lines[A].per_deal == 0 and lines[B].per_deal == 20  # the deal played counts
    assert lines[A].place == 2 and lines[B].place == 3  # level on points: D-17's tiebreak
    assert all(line.rounds == 1 for line in ranking.lines)
    assert not ranking.provisional


def test_a_points_table_pays_the_places_entered():
    # RULES D-16, D-20
    state = abandoned([A, B, C])
    ranking = night_ranking(
        [[table_result(standing_of(state), ((B,), (C,), (A,)))]], PointsTable({3: (6, 3, 0)})
    )
    assert [(line.player, line.score) for line in ranking.lines] == [(B, 6), (C, 3), (A, 0)]


def test_by_per_deal_a_result_counts_the_deals_played_and_a_table_without_deals_adds_none():
    # RULES D-20: per deal ranks by the average over deals played; places change none
    played = table_result(
        standing_of(abandoned([A, B, C], (A, {B: 20, C: 30}))), ((C,), (B,), (A,))
    )
    ranking = night_ranking([[played]], PerDeal())
    assert [(line.player, line.score) for line in ranking.lines] == [(A, 0), (B, 20), (C, 30)]
    before_any_deal = table_result(standing_of(abandoned([D, E, F])), ((D,), (E,), (F,)))
    ranking = night_ranking([[before_any_deal]], PerDeal())
    assert all(line.score is None and line.rounds == 1 for line in ranking.lines)


def test_without_a_result_the_abandoned_table_stays_not_played():
    # RULES D-18
    state = abandoned([A, B, C], (A, {B: 20, C: 30}))
    ranking = night_ranking([[table_result(standing_of(state))]])
    assert all(line.score is None and line.rounds == 0 for line in ranking.lines)
