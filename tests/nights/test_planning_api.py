"""The API of a night planned ahead: planned by a date after today, moved,
withdrawn, answered with "I'm coming", and its states."""

from __future__ import annotations

import pytest

from series.clubs import membership
from series.clubs import players as player_services
from series.clubs import services as club_services
from tests.support.api import client_for, director, make_user
from tests.support.nights import NAMES, directed_club
from tests.support.nights import day_ahead as ahead

pytestmark = pytest.mark.django_db


@pytest.fixture
def club():
    return directed_club()


def reader(club):
    return client_for(club.memberships.get(role="member").user)


def planned(client, club, **body) -> dict:
    body = {"date": ahead(club), "time": "20:30", "venue": "Circolo", **body}
    response = client.post(f"/api/v1/clubs/{club.slug}/nights", body, format="json")
    assert response.status_code == 201, response.json()
    return response.json()


def test_a_date_after_today_plans_the_night(club):
    night = planned(director(club), club)
    assert night["state"] == "planned"
    assert (night["date"], night["time"], night["venue"]) == (ahead(club), "20:30", "Circolo")
    assert night["coming"] == [] and night["method"] is None and night["min_table"] is None
    listed = director(club).get(f"/api/v1/clubs/{club.slug}/nights").json()
    assert [(n["state"], n["coming"], n["time"]) for n in listed] == [("planned", 0, "20:30")]


def test_a_planned_night_refuses_the_rules_it_takes_when_it_opens(club):
    body = {"date": ahead(club), "scoring": "per_deal"}
    response = director(club).post(f"/api/v1/clubs/{club.slug}/nights", body, format="json")
    assert response.status_code == 422
    assert response.json()["code"] == "night_planned_later"


def test_a_time_goes_with_a_night_planned_ahead_only(club):
    body = {"time": "20:30"}
    response = director(club).post(f"/api/v1/clubs/{club.slug}/nights", body, format="json")
    assert response.status_code == 422 and response.json()["code"] == "night_not_ahead"


def test_members_answer_and_see_who_is_coming(club):
    night = planned(director(club), club)
    player = club.players.first()
    player_services.player_link(
        club=club, player_id=player.id, user_id=club.memberships.get(role="member").user_id
    )
    url = f"/api/v1/nights/{night['id']}/rsvp"
    answered = reader(club).post(url, {"answer": "yes"}, format="json")
    assert answered.status_code == 200, answered.json()
    assert answered.json()["coming"] == [player.id]
    again = reader(club).post(url, {"answer": "yes"}, format="json")
    assert again.headers["Idempotent-Replayed"] == "true"
    changed = reader(club).post(url, {"answer": "no"}, format="json").json()
    assert changed["coming"] == [] and changed["not_coming"] == [player.id]


def test_a_member_without_a_player_gets_night_not_a_player(club):
    night = planned(director(club), club)
    response = reader(club).post(
        f"/api/v1/nights/{night['id']}/rsvp", {"answer": "yes"}, format="json"
    )
    assert response.status_code == 422 and response.json()["code"] == "night_not_a_player"


def test_a_director_answers_for_a_player_and_a_member_may_not(club):
    night = planned(director(club), club)
    url = f"/api/v1/nights/{night['id']}/rsvp"
    ids = list(club.players.values_list("id", flat=True)[:2])
    for player in ids:
        response = director(club).post(url, {"answer": "yes", "player": player}, format="json")
        assert response.status_code == 200, response.json()
    assert director(club).get(f"/api/v1/nights/{night['id']}").json()["coming"] == ids
    refused = reader(club).post(url, {"answer": "yes", "player": ids[0]}, format="json")
    assert refused.status_code == 403


def test_a_planned_night_is_moved_and_withdrawn(club):
    client = director(club)
    night = planned(client, club)
    moved = client.post(
        f"/api/v1/nights/{night['id']}/move",
        {"date": ahead(club, 9), "expected_version": night["version"]},
        format="json",
    )
    assert moved.status_code == 200, moved.json()
    assert (moved.json()["date"], moved.json()["time"]) == (ahead(club, 9), "20:30")
    stale = client.post(
        f"/api/v1/nights/{night['id']}/withdraw",
        {"reason": "no room", "expected_version": night["version"]},
        format="json",
    )
    assert stale.status_code == 409
    withdrawn = client.post(
        f"/api/v1/nights/{night['id']}/withdraw", {"reason": "no room"}, format="json"
    )
    assert withdrawn.status_code == 200 and withdrawn.json()["state"] == "withdrawn"
    late = reader(club).post(f"/api/v1/nights/{night['id']}/rsvp", {"answer": "yes"}, format="json")
    assert late.status_code == 422


def test_a_member_may_not_move_a_night(club):
    night = planned(director(club), club)
    response = reader(club).post(
        f"/api/v1/nights/{night['id']}/move", {"date": ahead(club, 9)}, format="json"
    )
    assert response.status_code == 403


def test_an_open_night_is_not_moved(club):
    night = director(club).post(f"/api/v1/clubs/{club.slug}/nights", {}, format="json").json()
    response = director(club).post(
        f"/api/v1/nights/{night['id']}/move", {"date": ahead(club)}, format="json"
    )
    assert response.status_code == 422 and response.json()["code"] == "night_not_planned"


def test_a_retried_plan_answers_as_the_first_and_plans_one_night(club):
    client = director(club)
    body = {"date": ahead(club), "venue": "Circolo"}
    headers = {"HTTP_IDEMPOTENCY_KEY": "plan-friday"}
    url = f"/api/v1/clubs/{club.slug}/nights"
    first = client.post(url, body, format="json", **headers)
    again = client.post(url, body, format="json", **headers)
    assert first.status_code == again.status_code == 201
    assert again.headers["Idempotent-Replayed"] == "true"
    assert again.json()["id"] == first.json()["id"]
    assert len(client.get(url).json()) == 1


def test_a_refused_player_is_named_in_the_field_the_director_sent(club):
    night = planned(director(club), club)
    other = club_services.club_create(name="Other", admin=make_user("elsewhere"))
    stranger = player_services.player_add(club=other, name="Zeno")
    retired = club.players.first()
    player_services.player_retire(club=club, player_id=retired.id)
    url = f"/api/v1/nights/{night['id']}/rsvp"
    for player, code in (
        (stranger.id, "night_player_not_in_club"),
        (retired.id, "night_player_retired"),
    ):
        response = director(club).post(url, {"answer": "yes", "player": player}, format="json")
        assert response.status_code == 422
        assert (response.json()["code"], response.json()["field"]) == (code, "player")


def test_who_answered_is_for_members_as_on_the_nights_page():
    from rest_framework.test import APIClient

    admin = make_user("director")
    club = club_services.club_create(name="Circolo", admin=admin, public=True)
    players = [player_services.player_add(club=club, name=name) for name in NAMES[:2]]
    night = planned(client_for(admin), club)
    url = f"/api/v1/nights/{night['id']}/rsvp"
    for player, answer in zip(players, ("yes", "no"), strict=True):
        client_for(admin).post(url, {"answer": answer, "player": player.id}, format="json")
    outsider = make_user("outsider")
    for reader in (APIClient(), client_for(outsider)):
        read = reader.get(f"/api/v1/nights/{night['id']}").json()
        assert (read["coming"], read["not_coming"]) == ([], [])
        listed = reader.get(f"/api/v1/clubs/{club.slug}/nights").json()
        assert [n["coming"] for n in listed] == [1]  # the count is the club's page's
    membership.member_set(club=club, user=outsider, role="member")
    read = client_for(outsider).get(f"/api/v1/nights/{night['id']}").json()
    assert (read["coming"], read["not_coming"]) == ([players[0].id], [players[1].id])
