"""Standard Rummy through the API (RULES §3): the same endpoints, another rule set."""

from __future__ import annotations

import pytest

from series.clubs import players as player_services
from series.models import Event
from tests.support.api import client_for

pytestmark = pytest.mark.django_db


@pytest.fixture
def rummy_club(table):
    names = ("Anna", "Bruno", "Carla", "Dario")
    players = [player_services.player_add(club=table.club, name=f"{n} R") for n in names]
    return table, [p.id for p in players], client_for(table.users["scorer"])


def start(client, table, players, options):
    body = {
        "club": table.club.slug,
        "players": players,
        "first_dealer": players[0],
        "rules": "rummy",
        "options": options,
    }
    response = client.post("/api/v1/series", body, format="json")
    assert response.status_code == 201, response.json()
    return response.json()


def deal(client, state, went_out, points, **extra):
    body = {
        "expected_version": state["version"],
        "went_out": went_out,
        "hands": [{"player": p, "points": n} for p, n in points.items()],
        **extra,
    }
    response = client.post(f"/api/v1/series/{state['id']}/deals", body, format="json")
    assert response.status_code == 201, response.json()
    return response.json()


def totals(state):
    return {int(player): total for player, total in state["totals"].items()}


def test_a_three_player_elimination_game_to_100(rummy_club):
    table, (a, b, c, _d), client = rummy_club
    state = start(client, table, [a, b, c], {"scoring": "elimination", "target": 100})
    state = deal(client, state, b, {a: 40, c: 60})  # a 40, b 0, c 60
    state = deal(client, state, a, {b: 30, c: 50})  # a 40, b 30, c 110: c is out
    assert totals(state) == {a: 40, b: 30, c: 110}
    assert state["eliminated"] == [c]
    assert state["next_dealer"] == a  # after b, skipping the eliminated c
    state = deal(client, state, b, {a: 70})  # a 110: out; b is the last below 100
    assert totals(state) == {a: 110, b: 30, c: 110}
    assert (state["status"], state["winner"]) == ("finished", b)


def test_a_four_player_winner_takes_all_game_with_a_rummy_bonus(rummy_club):
    table, (a, b, c, d), client = rummy_club
    state = start(
        client, table, [a, b, c, d], {"scoring": "winner_takes_all", "target": 100, "jokers": 2}
    )
    state = deal(client, state, a, {b: 20, c: 15, d: 10})  # a collects 45
    # b melds the whole hand in one turn, checked: 3♥ 4♥ JK 6♥, 9♣ 9♦ JK, discard K♦.
    claim = {"groups": [["3H", "4H", "JK", "6H"], ["9C", "9D", "JK"]], "discard": "KD"}
    state = deal(client, state, b, {a: 10, c: 12, d: 8}, going_out=claim, rummy=True)
    assert totals(state) == {a: 45, b: 60, c: 0, d: 0}  # (10 + 12 + 8) × 2 = 60
    state = deal(client, state, a, {b: 30, c: 20, d: 10})  # a: 45 + 60 = 105
    assert totals(state) == {a: 105, b: 60, c: 0, d: 0}
    assert (state["status"], state["winner"]) == ("finished", a)


def test_a_deal_with_no_winner_is_won_by_the_lowest_hand(rummy_club):
    table, (a, b, c, _d), client = rummy_club
    state = start(client, table, [a, b, c], {"scoring": "elimination", "target": 100})
    state = deal(client, state, None, {a: 20, b: 15, c: 30}, no_winner=True)
    assert totals(state) == {a: 20, b: 0, c: 30}
    assert state["deals"][0]["went_out"] is None


def test_no_winner_must_be_said_with_a_null_went_out(rummy_club):
    table, (a, b, c, _d), client = rummy_club
    state = start(client, table, [a, b, c], {"scoring": "elimination", "target": 100})
    body = {
        "expected_version": 1,
        "went_out": None,
        "hands": [{"player": p, "points": 20} for p in (a, b, c)],
    }
    response = client.post(f"/api/v1/series/{state['id']}/deals", body, format="json")
    assert response.status_code == 400
    assert response.json()["field"] == "no_winner"


@pytest.mark.parametrize(
    ("ace_high", "run", "status"),
    [
        (False, ["QS", "KS", "AS"], 422),
        (True, ["QS", "KS", "AS"], 201),
        (True, ["KS", "AS", "2S"], 422),
    ],
)
def test_q_k_a_is_a_run_only_when_aces_are_high_and_k_a_2_never(rummy_club, ace_high, run, status):
    table, (a, b, c, d), client = rummy_club
    state = start(client, table, [a, b, c, d], {"ace_high": ace_high})
    events = Event.objects.count()
    body = {
        "expected_version": 1,
        "went_out": b,
        "rummy": True,
        "going_out": {"groups": [run, ["9C", "9D", "9H", "9S"]], "discard": "5D"},
        "hands": [{"player": p, "points": 10} for p in (a, c, d)],
    }
    response = client.post(f"/api/v1/series/{state['id']}/deals", body, format="json")
    assert response.status_code == status, response.json()
    if status == 422:
        assert response.json()["code"] == "invalid_going_out"
        assert Event.objects.count() == events
    if run[0] == "QS" and not ace_high:
        assert "unless aces are high" in response.json()["message"]


def test_verify_takes_the_rummy_options(client):
    body = {
        "rules": "rummy",
        "options": {"ace_high": True, "hand_size": 6},
        "cards": ["QS", "KS", "AS", "9C", "9D", "9H", "9S"],
    }
    response = client.post("/api/v1/verify", body, content_type="application/json")
    assert response.status_code == 200, response.json()
    assert response.json()["valid"] is True
