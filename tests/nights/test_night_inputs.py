"""A night's own bad inputs get one clear answer at the step that takes them: a
player seated at another night's table is refused at the check-in (RULES D-19), a
player chosen twice is refused, and a night whose round is drawn but never
started does not close until its tables start or the round is withdrawn."""

from __future__ import annotations

import pytest
from django.test import Client

from series.clubs import membership
from series.domain.errors import DomainError
from series.models import Event, Night, NightSeat
from series.nights import services as nights
from series.sheets import services
from tests.support.api import client_for, make_user
from tests.support.nights import club_of, drawn, play_out

pytestmark = pytest.mark.django_db


def two_nights(count: int = 8):
    """A club, a night with every player drawn at its tables, and a second night."""
    club, players = club_of(count)
    first = nights.night_open(club=club, date="2026-03-14").night_id
    nights.night_check_in(night_id=first, players=[p.id for p in players])
    drawn(first, low=4, high=4, seed=2)
    second = nights.night_open(club=club, date="2026-03-14").night_id
    return club, players, first, second


def test_a_player_drawn_at_another_nights_table_is_refused_at_the_check_in():
    # RULES D-19: refused where the director chooses them, not later at the draw.
    _club, players, first, second = two_nights()
    table = nights.night_load(first).current_round.table_of(players[0].id)
    with pytest.raises(services.SeatedElsewhere) as refused:
        nights.night_check_in(night_id=second, players=[players[0].id])
    assert refused.value.params["table"] == table.number
    assert f"Table {table.number} of tonight's night" in refused.value.message
    assert nights.night_load(second).present == ()


def test_a_player_playing_at_another_nights_table_is_refused_at_the_check_in():
    # RULES D-19
    _club, players, first, second = two_nights()
    nights.night_tables_start(night_id=first)
    with pytest.raises(services.SeatedElsewhere):
        nights.night_check_in(night_id=second, players=[players[3].id])
    assert not Event.objects.filter(stream=second, type="PlayersCheckedIn").exists()


def test_a_player_whose_other_night_is_over_checks_in():
    club, players = club_of(4)
    first = nights.night_open(club=club, date="2026-03-14").night_id
    nights.night_check_in(night_id=first, players=[p.id for p in players])
    drawn(first, low=4, high=4)
    nights.night_tables_start(night_id=first)
    play_out(first)
    nights.night_close(night_id=first)
    second = nights.night_open(club=club, date="2026-03-15").night_id
    state = nights.night_check_in(night_id=second, players=[players[0].id]).state
    assert state.present == (players[0].id,)


def test_a_player_chosen_twice_is_refused_not_merged():
    club, players = club_of(4)
    night = nights.night_open(club=club).night_id
    with pytest.raises(DomainError) as refused:
        nights.night_check_in(night_id=night, players=[players[0].id, players[0].id])
    assert (refused.value.code, refused.value.field) == ("night_player_twice", "players")
    assert nights.night_load(night).present == ()


def test_the_api_refuses_a_player_twice_and_one_seated_at_another_night():
    club, players, _first, second = two_nights()
    admin = make_user("director")
    membership.member_set(club=club, user=admin, role="admin")
    client = client_for(admin)
    path = f"/api/v1/nights/{second}/check-ins"
    twice = client.post(path, {"players": [players[0].id, players[0].id]}, format="json")
    assert (twice.status_code, twice.json()["code"]) == (422, "night_player_twice")
    seated = client.post(path, {"players": [players[1].id]}, format="json")
    assert (seated.status_code, seated.json()["code"]) == (422, "player_seated_elsewhere")


def a_drawn_night():
    club, players = club_of(8)
    night = nights.night_open(club=club, date="2026-03-14").night_id
    nights.night_check_in(night_id=night, players=[p.id for p in players])
    drawn(night, low=4, high=4, seed=2)
    return club, players, night


def test_a_night_whose_round_never_started_does_not_close():
    _club, _players, night = a_drawn_night()
    with pytest.raises(DomainError) as refused:
        nights.night_close(night_id=night)
    assert refused.value.code == "night_round_not_started"
    assert "open the tables' score sheets" in refused.value.message
    assert "withdraw the round" in refused.value.message
    assert not nights.night_load(night).closed


def test_a_withdrawn_round_frees_its_players_and_the_night_closes_without_it():
    club, players, night = a_drawn_night()
    state = nights.night_round_withdraw(night_id=night, round_number=1).state
    assert state.rounds == ()
    assert not NightSeat.objects.filter(night_id=night).exists()
    # its players are free: another night checks them in, and this one closes
    other = nights.night_open(club=club, date="2026-03-14").night_id
    nights.night_check_in(night_id=other, players=[players[0].id])
    closed = nights.night_close(night_id=night).state
    assert closed.closed and Night.objects.get(id=night).rounds == 0


def test_a_round_whose_table_started_is_not_withdrawn():
    _club, _players, night = a_drawn_night()
    nights.night_tables_start(night_id=night, tables=[2])
    with pytest.raises(DomainError) as refused:
        nights.night_round_withdraw(night_id=night, round_number=1)
    assert (refused.value.code, refused.value.params["table"]) == ("night_round_started", 2)


def test_round_two_withdrawn_leaves_round_one_and_the_next_draw_is_round_two():
    _club, _players, night = a_drawn_night()
    nights.night_tables_start(night_id=night)
    play_out(night)
    drawn(night, low=4, high=4)
    with pytest.raises(DomainError) as refused:
        nights.night_round_withdraw(night_id=night, round_number=1)
    assert refused.value.code == "night_no_round"
    state = nights.night_round_withdraw(night_id=night, round_number=2).state
    assert [r.number for r in state.rounds] == [1]
    assert drawn(night, low=4, high=4).state.current_round.number == 2
    nights.night_round_withdraw(night_id=night, round_number=2)
    assert nights.night_close(night_id=night).state.closed


def test_the_api_withdraws_a_round_and_names_both_fixes_of_a_close():
    club, _players, night = a_drawn_night()
    admin = make_user("director")
    membership.member_set(club=club, user=admin, role="admin")
    client = client_for(admin)
    refused = client.post(f"/api/v1/nights/{night}/close", {}, format="json")
    assert (refused.status_code, refused.json()["code"]) == (422, "night_round_not_started")
    withdrawn = client.post(f"/api/v1/nights/{night}/rounds/1/withdraw", {}, format="json")
    assert withdrawn.status_code == 200, withdrawn.json()
    assert withdrawn.json()["rounds"] == []
    again = client.post(f"/api/v1/nights/{night}/rounds/1/withdraw", {}, format="json")
    assert (again.status_code, again.json()["code"]) == (422, "night_no_round")
    assert client.post(f"/api/v1/nights/{night}/close", {}, format="json").status_code == 200


def test_the_nights_page_withdraws_the_round_it_refuses_to_close():
    club, _players, night = a_drawn_night()
    director = make_user("director")
    membership.member_set(club=club, user=director, role="admin")
    client = Client()
    client.force_login(director)
    page = f"/clubs/{club.slug}/nights/{night}/"
    version = nights.night_load(night).version
    refused = client.post(page, {"action": "close", "expected_version": version})
    assert refused.status_code == 422
    html = refused.content.decode()
    assert "none of its tables has started" in html
    assert "Withdraw round 1" in html
    sent = client.post(
        page, {"action": "round_withdraw", "round_number": 1, "expected_version": version}
    )
    assert sent.status_code == 302
    after = client.get(page).content.decode()
    assert "The round is withdrawn" in after
    assert "Withdraw round 1" not in after
    assert "Draw the tables" in after
