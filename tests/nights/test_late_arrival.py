"""A player who arrives after the draw joins a table of the round before its
first deal, from the night's page; else the next round's draw seats them
(RULES D-15, D-19)."""

from __future__ import annotations

import pytest
from django.test import Client

from series.clubs import membership
from series.clubs import players as player_services
from series.domain.errors import DomainError
from series.nights import services as nights
from tests.support.api import make_user
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


def test_a_late_arrival_cannot_join_a_table_that_has_started(late):
    _club, night_id, rita = late
    nights.night_tables_start(night_id=night_id, tables=[1])
    with pytest.raises(DomainError) as refused:
        nights.night_player_move(night_id=night_id, player=rita.id, table=1)
    assert refused.value.code == "night_table_started"


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
