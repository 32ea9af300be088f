"""A player who arrives after the draw joins a table of the round before its
first deal, from the night's page; else the next round's draw seats them
(RULES D-15, D-19)."""

from __future__ import annotations

import pytest
from django.test import Client

from series.clubs import membership
from series.clubs import players as player_services
from series.domain.errors import DomainError
from series.models import NightSeat, SeriesSeat, SeriesSheet
from series.nights import services as nights
from series.sheets import services as sheets
from tests.support.api import make_user
from tests.support.factories import entry, start
from tests.support.nights import drawn, night_of

pytestmark = pytest.mark.django_db


@pytest.fixture
def late():
    """A night of eight drawn at two tables of four, and Rita checked in after."""
    club, _players, night = night_of(8)
    drawn(night.night_id, low=4, high=4, seed=5)
    rita = player_services.player_add(club=club, name="Rita")
    nights.night_check_in(night_id=night.night_id, players=[rita.id])
    return club, night.night_id, rita


def test_a_late_arrival_joins_a_table_before_its_first_deal(late):
    _club, night_id, rita = late
    state = nights.night_player_move(night_id=night_id, player=rita.id, table=2).state
    table = state.current_round.table(2)
    assert table.seats[-1] == rita.id and len(table.seats) == 5
    assert len(state.current_round.table(1).seats) == 4
    started = nights.night_tables_start(night_id=night_id).state
    assert started.current_round.table(2).started


def test_a_late_arrival_joins_a_started_table_until_its_first_deal(late):
    # RULES D-22: after the last seat, the first dealer unchanged, one transaction.
    _club, night_id, rita = late
    table = nights.night_tables_start(night_id=night_id, tables=[1]).state.current_round.table(1)
    state = nights.night_player_move(night_id=night_id, player=rita.id, table=1).state
    joined = state.current_round.table(1)
    assert joined.seats == (*table.seats, rita.id)
    assert (joined.series, joined.first_dealer) == (table.series, table.first_dealer)
    series = sheets.series_load(table.series)
    assert series.setup.players == joined.seats
    assert series.setup.first_dealer == table.first_dealer
    assert series.next_dealer == table.first_dealer
    assert list(
        SeriesSeat.objects.filter(series_id=table.series)
        .order_by("seat")
        .values_list("player_id", flat=True)
    ) == list(joined.seats)
    assert NightSeat.objects.get(night_id=night_id, player_id=rita.id).series == table.series


def test_a_late_arrival_cannot_join_a_table_after_its_first_deal(late):
    _club, night_id, rita = late
    table = nights.night_tables_start(night_id=night_id, tables=[1]).state.current_round.table(1)
    out, *others = table.seats
    sheets.deal_record(
        series_id=table.series, entry=entry(out, {p: 20 + 10 * n for n, p in enumerate(others)})
    )
    with pytest.raises(DomainError) as refused:
        nights.night_player_move(night_id=night_id, player=rita.id, table=1)
    assert refused.value.code == "night_table_dealt"
    assert "Table 1 has recorded its first deal" in refused.value.message
    assert rita.id not in nights.night_load(night_id).current_round.table(1).seats
    assert rita.id not in sheets.series_load(table.series).setup.players


def test_a_seated_player_still_cannot_move_from_or_to_a_started_table(late):
    # RULES D-22: only a player not seated yet sits down at a started table.
    _club, night_id, _rita = late
    state = nights.night_tables_start(night_id=night_id, tables=[1]).state
    one, two = state.current_round.table(1), state.current_round.table(2)
    with pytest.raises(DomainError) as refused:
        nights.night_player_move(night_id=night_id, player=two.seats[0], table=1)
    assert refused.value.code == "night_table_started"
    with pytest.raises(DomainError) as refused:
        nights.night_players_swap(night_id=night_id, player=one.seats[0], other=two.seats[0])
    assert refused.value.code == "night_table_started"


def test_a_table_of_seven_joined_late_takes_the_large_table_rule():
    # RULES D-15, D-22: the table's rules are chosen again for its new size.
    club, _players, night = night_of(12)
    night_id = night.night_id
    drawn(night_id, low=6, high=6, seed=4)
    table = nights.night_tables_start(night_id=night_id, tables=[2]).state.current_round.table(2)
    assert table.large_table is None
    rita = player_services.player_add(club=club, name="Rita")
    nights.night_check_in(night_id=night_id, players=[rita.id])
    joined = nights.night_player_move(night_id=night_id, player=rita.id, table=2).state
    seven = joined.current_round.table(2)
    assert len(seven.seats) == 7 and seven.large_table == "continental-13"
    series = sheets.series_load(table.series)
    assert series.setup.rules.preset == "continental-13"
    assert series.setup.rules.hand_size == 13
    assert SeriesSheet.objects.get(id=table.series).preset == "continental-13"


def test_a_late_arrival_seated_at_another_open_table_is_not_seated(late):
    # RULES D-19, checked under the log's lock by the series' append.
    club, night_id, _rita = late
    table = nights.night_tables_start(night_id=night_id, tables=[1]).state.current_round.table(1)
    walter, *others = (player_services.player_add(club=club, name=n) for n in ("Walter", "X", "Y"))
    nights.night_check_in(night_id=night_id, players=[walter.id])
    start(club, [walter, *others])  # Walter plays at another table of the club meanwhile
    with pytest.raises(DomainError) as refused:
        nights.night_player_move(night_id=night_id, player=walter.id, table=1)
    assert refused.value.code == "player_seated_elsewhere"
    assert walter.id not in sheets.series_load(table.series).setup.players
    assert walter.id not in nights.night_load(night_id).current_round.table(1).seats


def test_the_night_page_offers_the_late_arrival_a_seat(late):
    club, night_id, rita = late
    director = make_user("director")
    membership.member_set(club=club, user=director, role="admin")
    client = Client()
    client.force_login(director)
    page = f"/clubs/{club.slug}/nights/{night_id}/"
    html = client.get(page).content.decode()
    assert "Rita (not seated yet)" in html
    version = nights.night_load(night_id).version
    sent = client.post(
        page, {"action": "move", "player": rita.id, "table": 1, "expected_version": version}
    )
    assert sent.status_code == 302
    assert rita.id in nights.night_load(night_id).current_round.table(1).seats
