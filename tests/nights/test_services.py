"""A club night through its services: check-in, the draw, the tables' series, the
ranking and the close (RULES D-15 to D-19)."""

from __future__ import annotations

from fractions import Fraction

import pytest

from series.clubs import membership
from series.clubs import players as league
from series.domain.errors import DomainError
from series.eventstore.writer import StreamConflict
from series.models import Event, NightSeat, SeriesSheet
from series.nights import selectors
from series.nights import services as nights
from series.sheets import services
from tests.support.factories import start
from tests.support.nights import club_of, drawn, night_of, play_out

pytestmark = pytest.mark.django_db


def test_seventeen_players_are_drawn_at_tables_of_six_six_and_five():
    # RULES D-15
    _club, players, night = night_of(17)
    state = drawn(night.night_id).state
    tables = state.current_round.tables
    assert [len(t.seats) for t in tables] == [6, 6, 5]
    assert sorted(p for t in tables for p in t.seats) == sorted(p.id for p in players)
    assert all(t.first_dealer in t.seats for t in tables)


def test_the_same_seed_and_players_give_the_same_tables():
    # RULES D-15: the seed is in the event, so anyone can draw again and check
    _club, players, night = night_of(9)
    _club2, others, other = night_of(9)
    first = drawn(night.night_id, seed=1234).state.current_round
    again = drawn(other.night_id, seed=1234).state.current_round
    same = {one.id: two.id for one, two in zip(players, others, strict=True)}
    assert [tuple(same[p] for p in t.seats) for t in first.tables] == [
        t.seats for t in again.tables
    ]
    recorded = Event.objects.get(stream=night.night_id, type="RoundDrawn").payload
    assert recorded["seed"] == 1234


def test_a_draw_with_too_few_players_says_how_many_are_missing_and_records_nothing():
    _club, _players, night = night_of(2)
    with pytest.raises(DomainError) as refused:
        drawn(night.night_id, low=3, high=6)
    assert refused.value.code == "too_few_players"
    assert refused.value.params["missing"] == 1
    assert not Event.objects.filter(stream=night.night_id, type="RoundDrawn").exists()


def test_a_table_of_seven_plays_the_clubs_large_table_rule_and_says_so():
    # RULES D-15
    _club, _players, night = night_of(7)
    table = drawn(night.night_id, low=7, high=7).state.current_round.tables[0]
    assert table.large_table == "continental-13"
    assert table.rules["hand_size"] == 13


def test_started_tables_play_their_own_series_numbered_on_their_score_sheets():
    _club, _players, night = night_of(9)
    drawn(night.night_id, low=4, high=5)
    state = nights.night_tables_start(night_id=night.night_id).state
    for table in state.current_round.tables:
        sheet = SeriesSheet.objects.get(id=table.series)
        assert (sheet.night, sheet.table_number) == (night.night_id, table.number)
        assert [s.player_id for s in sheet.seats.order_by("seat")] == list(table.seats)


def test_starting_the_tables_again_with_the_same_key_starts_no_second_series():
    _club, _players, night = night_of(8)
    drawn(night.night_id, low=4, high=4)
    first = nights.night_tables_start(night_id=night.night_id, idempotency_key="k1", actor_id=None)
    again = nights.night_tables_start(night_id=night.night_id, idempotency_key="k1", actor_id=None)
    assert again.state.current_round == first.state.current_round
    assert SeriesSheet.objects.count() == 2


def test_a_player_drawn_at_a_night_table_is_not_seated_at_another_series():
    # RULES D-19: the refusal names the table
    club, players, night = night_of(8)
    table = drawn(night.night_id, low=4, high=4).state.current_round.tables[1]
    seated = next(p for p in players if p.id == table.seats[0])
    others = [league.player_add(club=club, name=name) for name in ("Absent", "Away")]
    with pytest.raises(services.SeatedElsewhere) as refused:
        start(club, [*others, seated])
    assert refused.value.params["table"] == 2
    assert "Table 2 of tonight's night" in refused.value.message


def test_a_player_at_an_open_series_is_not_drawn_at_a_night_table():
    # RULES D-19
    club, players = club_of(6)
    start(club, players[:3])
    opened = nights.night_open(club=club, date="2026-03-14")
    nights.night_check_in(
        night_id=opened.night_id, players=[p.id for p in players[3:]] + [players[0].id]
    )
    with pytest.raises(services.SeatedElsewhere):
        drawn(opened.night_id, low=4, high=4)
    assert not NightSeat.objects.exists()


def test_a_retired_player_and_another_clubs_player_are_not_checked_in():
    club, players = club_of(4)
    _other_club, (stranger,) = club_of(1, name="Other")
    league.player_retire(club=club, player_id=players[0].id)
    opened = nights.night_open(club=club)
    for player, code in (
        (players[0], "night_player_retired"),
        (stranger, "night_player_not_in_club"),
    ):
        with pytest.raises(DomainError) as refused:
            nights.night_check_in(night_id=opened.night_id, players=[player.id])
        assert refused.value.code == code
    assert nights.night_load(opened.night_id).present == ()


def test_a_move_after_a_tables_first_deal_is_refused():
    _club, _players, night = night_of(8)
    state = drawn(night.night_id, low=4, high=4).state
    nights.night_tables_start(night_id=night.night_id, tables=[1])
    player = state.current_round.tables[0].seats[0]
    with pytest.raises(DomainError) as refused:
        nights.night_player_move(night_id=night.night_id, player=player, table=2)
    assert refused.value.code == "night_table_started"


def test_a_move_and_a_swap_before_the_tables_start_change_the_seats():
    _club, _players, night = night_of(9)
    round_ = drawn(night.night_id, low=4, high=5).state.current_round
    one, other = round_.tables[0].seats[0], round_.tables[1].seats[0]
    swapped = nights.night_players_swap(night_id=night.night_id, player=one, other=other).state
    assert other in swapped.current_round.tables[0].seats
    moved = nights.night_player_move(night_id=night.night_id, player=one, table=1).state
    assert [len(t.seats) for t in moved.current_round.tables] == [6, 3]


def test_a_stale_draw_is_refused_with_a_conflict_and_changes_nothing():
    _club, _players, night = night_of(8)
    version = night.state.version
    drawn(night.night_id, low=4, high=4, expected_version=version)
    with pytest.raises(StreamConflict):
        drawn(night.night_id, low=4, high=4, expected_version=version)
    assert Event.objects.filter(stream=night.night_id, type="RoundDrawn").count() == 1


def test_the_ranking_gives_every_tables_winner_ten_whatever_its_size():
    # RULES D-16
    _club, _players, night = night_of(9, deals=1)
    drawn(night.night_id, low=4, high=5)
    state = nights.night_tables_start(night_id=night.night_id).state
    play_out(night.night_id)
    ranking = selectors.night_ranking(night.night_id)
    winners = {t.seats[0] for t in state.current_round.tables}
    assert not ranking.provisional
    assert {line.player for line in ranking.lines if line.points == 10} == winners
    assert min(line.points for line in ranking.lines) == Fraction(0)


def test_while_tables_play_the_ranking_is_if_every_table_ended_now():
    # RULES D-17
    _club, _players, night = night_of(8, deals=3)
    drawn(night.night_id, low=4, high=4)
    state = nights.night_tables_start(night_id=night.night_id).state
    table = state.current_round.tables[0]
    services.deal_record(series_id=table.series, entry=_entry(table.seats))
    ranking = selectors.night_ranking(night.night_id)
    assert ranking.provisional
    assert next(line for line in ranking.lines if line.player == table.seats[0]).points == 10


def _entry(seats):
    from tests.support.factories import entry

    return entry(seats[0], {p: 10 + 10 * n for n, p in enumerate(seats[1:], start=1)})


def test_closing_a_night_while_a_table_plays_names_the_table():
    _club, _players, night = night_of(8, deals=3)
    drawn(night.night_id, low=4, high=4)
    nights.night_tables_start(night_id=night.night_id)
    with pytest.raises(DomainError) as refused:
        nights.night_close(night_id=night.night_id)
    assert refused.value.code == "night_table_playing"
    assert refused.value.params["table"] == 1
    assert not nights.night_load(night.night_id).closed


def test_a_closed_night_records_its_points_in_the_event():
    # RULES D-16, D-17
    _club, _players, night = night_of(8, deals=1)
    drawn(night.night_id, low=4, high=4)
    nights.night_tables_start(night_id=night.night_id)
    play_out(night.night_id)
    closed = nights.night_close(night_id=night.night_id).state
    assert closed.closed
    recorded = Event.objects.get(stream=night.night_id, type="NightClosed").payload["points"]
    points = sorted(Fraction(line["points"]) for line in recorded)
    assert points == [
        0,
        0,
        Fraction(10, 3),
        Fraction(10, 3),
        Fraction(20, 3),
        Fraction(20, 3),
        10,
        10,
    ]
    assert NightSeat.objects.filter(open=True).count() == 0


def test_round_two_by_standings_seats_the_leaders_together():
    # RULES D-15: leaders together, table 1 first
    _club, _players, night = night_of(8, deals=1)
    drawn(night.night_id, low=4, high=4)
    nights.night_tables_start(night_id=night.night_id)
    play_out(night.night_id)
    leaders = [line.player for line in selectors.night_ranking(night.night_id).lines[:2]]
    second = drawn(night.night_id, low=4, high=4, method="standings").state
    assert len(second.rounds) == 2 and second.rounds[0].closed
    assert set(leaders) <= set(second.current_round.tables[0].seats)


def test_a_late_arrival_joins_the_next_round_and_a_player_leaves_between_rounds():
    # RULES D-18
    club, _players, night = night_of(8, deals=1)
    drawn(night.night_id, low=4, high=4)
    late = league.player_add(club=club, name="Late")
    nights.night_check_in(night_id=night.night_id, players=[late.id])
    seated = nights.night_load(night.night_id).current_round.tables[0].seats[0]
    with pytest.raises(DomainError) as refused:
        nights.night_check_out(night_id=night.night_id, player=seated)
    assert refused.value.code == "night_player_seated"
    nights.night_tables_start(night_id=night.night_id)
    play_out(night.night_id)
    nights.night_round_close(night_id=night.night_id)
    nights.night_check_out(night_id=night.night_id, player=seated)
    second = drawn(night.night_id, low=4, high=4).state.current_round
    seated_now = {p for t in second.tables for p in t.seats}
    assert late.id in seated_now and seated not in seated_now


def test_a_guest_added_on_the_spot_is_checked_in():
    _club, _players, night = night_of(4)
    state = nights.night_guest_add(night_id=night.night_id, name="Visitor").state
    assert len(state.present) == 5


def test_a_member_checks_themselves_in():
    from django.contrib.auth import get_user_model

    club, players = club_of(4)
    user = get_user_model().objects.create_user("anna", password="x-long-password-1")
    membership.member_set(club=club, user=user, role="member")
    type(players[0]).objects.filter(id=players[0].id).update(user=user)
    opened = nights.night_open(club=club)
    state = nights.night_self_check_in(night_id=opened.night_id, actor_id=user.id).state
    assert state.present == (players[0].id,)
