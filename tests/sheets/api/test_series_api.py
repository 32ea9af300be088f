"""Recording a series through the API, from start to winner (RULES §2)."""

from __future__ import annotations

import pytest

from series.clubs import players as player_services
from series.models import Event
from tests.support.api import deal_body, start_body

pytestmark = pytest.mark.django_db


def post(client, path, body, **headers):
    return client.post(f"/api/v1{path}", body, format="json", **headers)


def test_starting_a_series_answers_its_empty_score_sheet(table, as_role):
    response = post(as_role("scorer"), "/series", start_body(table, options={"buys": True}))
    body = response.json()
    anna, bruno, carla = table.players
    assert response.status_code == 201
    assert response["Location"].endswith(f"/api/v1/series/{body['id']}")
    assert body["club"] == table.club.slug
    assert body["rules"] == "continental"
    assert body["options"] == {"buys": True}
    assert body["status"] == "in_progress"
    assert body["players"] == [
        {"id": anna.id, "name": "Anna", "seat": 1},
        {"id": bruno.id, "name": "Bruno", "seat": 2},
        {"id": carla.id, "name": "Carla", "seat": 3},
    ]
    assert body["deals"] == []
    assert body["totals"] == {str(anna.id): 0, str(bruno.id): 0, str(carla.id): 0}
    assert body["next_dealer"] == anna.id
    assert body["next_number"] == 1
    assert body["winner"] is None
    assert body["version"] == 1


def test_a_three_deal_series_adds_up_rotates_the_deal_and_names_the_winner(table, as_role, started):
    client = as_role("scorer")
    anna, bruno, carla = table.players
    path = f"/series/{started['id']}/deals"
    dealers = []
    for version, (winner, others, points) in enumerate(
        [(anna, [bruno, carla], 40), (bruno, [anna, carla], 30), (anna, [bruno, carla], 50)],
        start=1,
    ):
        dealers.append(client.get(f"/api/v1/series/{started['id']}").json()["next_dealer"])
        response = post(client, path, deal_body(version, winner, others, points=points))
        assert response.status_code == 201, response.json()
    body = response.json()
    assert dealers == [anna.id, bruno.id, carla.id]
    assert body["totals"] == {str(anna.id): 30, str(bruno.id): 90, str(carla.id): 120}
    assert body["status"] == "finished"
    assert body["winner"] == anna.id
    assert body["next_dealer"] is None
    assert [deal["scores"][str(bruno.id)] for deal in body["deals"]] == [40, 0, 50]


def test_the_score_sheet_read_from_projections_equals_the_state_a_write_answers(
    table, as_role, started
):
    client = as_role("scorer")
    anna, bruno, carla = table.players
    series = f"/series/{started['id']}"
    post(client, f"{series}/deals", deal_body(1, anna, [bruno, carla]))
    post(client, f"{series}/deals", deal_body(2, bruno, [anna, carla], points=25))
    corrected = {**deal_body(3, anna, [bruno, carla], points=60), "reason": "miscounted"}
    post(client, f"{series}/deals/1/correction", corrected)
    written = post(client, f"{series}/deals/2/void", {"expected_version": 4, "reason": "misdeal"})
    read = client.get(f"/api/v1{series}")
    assert written.status_code == 201, written.json()
    assert read.json() == written.json()
    assert [(d["corrected"], d["void"]) for d in read.json()["deals"]] == [
        (True, False),
        (False, True),
    ]


def test_a_going_out_claim_in_italian_card_letters_is_read_in_the_request_language(
    table, as_role, started
):
    anna, bruno, carla = table.players
    groups = [
        ["7C", "7H", "7D"],
        ["8C", "8H", "8D", "8S"],
        ["9C", "9H", "9D", "9S"],
        ["RC", "RH", "RD", "JK"],
    ]  # R is the Italian king (RULES D-1)
    body = deal_body(1, anna, [bruno, carla], going_out={"groups": groups, "discard": "2C"})
    response = post(
        as_role("scorer"), f"/series/{started['id']}/deals", body, HTTP_ACCEPT_LANGUAGE="it"
    )
    assert response.status_code == 201, response.json()
    payload = Event.objects.get(stream=started["id"], version=2).payload
    assert payload["going_out"]["groups"][3] == ["KC", "KH", "KD", "JK"]


def test_a_series_is_abandoned_with_an_empty_body(as_role, started):
    response = as_role("scorer").post(f"/api/v1/series/{started['id']}/abandon")
    assert response.status_code == 201
    assert response.json()["status"] == "abandoned"
    assert response.json()["next_dealer"] is None


def test_an_abandoned_series_takes_no_more_deals(table, as_role, started):
    client = as_role("scorer")
    anna, bruno, carla = table.players
    abandoned = post(client, f"/series/{started['id']}/abandon", {"reason": "rain"})
    refused = post(client, f"/series/{started['id']}/deals", deal_body(2, anna, [bruno, carla]))
    assert abandoned.json()["status"] == "abandoned"
    assert refused.status_code == 422
    assert refused.json()["code"] == "series_abandoned"


def test_the_audit_trail_lists_every_event_with_its_author(table, as_role, started):
    anna, bruno, carla = table.players
    post(as_role("admin"), f"/series/{started['id']}/deals", deal_body(1, anna, [bruno, carla]))
    events = as_role("member").get(f"/api/v1/series/{started['id']}/events").json()
    assert [(e["version"], e["type"], e["recorded_by"]) for e in events] == [
        (1, "SeriesStarted", "scorer"),
        (2, "DealRecorded", "admin"),
    ]
    assert events[1]["payload"]["hands"][0] == {"player": bruno.id, "points": 40}
    assert events[0]["recorded_at"]


def test_a_refusal_names_the_player_instead_of_the_id(table, as_role, started):
    anna, bruno, carla = table.players
    body = deal_body(1, anna, [bruno, carla], dealer=carla.id)
    response = post(as_role("scorer"), f"/series/{started['id']}/deals", body)
    assert response.status_code == 422
    assert response.json()["code"] == "dealer_out_of_turn"
    assert response.json()["message"] == (
        "Deal 1: player Carla deals out of turn; player Anna deals it."
    )
    assert response.json()["params"]["dealer"] == carla.id
    assert response.json()["field"] == "dealer"


def test_another_clubs_player_is_not_named_in_a_refusal(table, as_role, started):

    outsider = player_services.player_add(club=table.other_club, name="Secret Name")
    anna, bruno, _carla = table.players
    body = deal_body(1, anna, [bruno, outsider])
    response = post(as_role("scorer"), f"/series/{started['id']}/deals", body)
    assert response.status_code == 422
    assert "Secret Name" not in response.json()["message"]
    assert str(outsider.id) in response.json()["message"]


def test_a_client_polling_with_its_etag_gets_the_sheet_again_only_once_a_deal_lands(table, as_role):
    scorer = as_role("scorer")
    series = post(scorer, "/series", start_body(table)).json()
    path = f"/api/v1/series/{series['id']}"
    tag = scorer.get(path)["ETag"]
    anna, bruno, carla = table.players

    unchanged = scorer.get(path, HTTP_IF_NONE_MATCH=tag)
    post(scorer, f"/series/{series['id']}/deals", deal_body(1, anna, [bruno, carla]))
    changed = scorer.get(path, HTTP_IF_NONE_MATCH=tag)

    assert unchanged.status_code == 304
    assert changed.status_code == 200
    assert changed["ETag"] != tag
    assert len(changed.json()["deals"]) == 1


def test_a_members_etag_opens_nothing_to_a_caller_outside_the_club(table, as_role):
    series = post(as_role("scorer"), "/series", start_body(table)).json()
    path = f"/api/v1/series/{series['id']}"
    tag = as_role("member").get(path)["ETag"]

    assert as_role(None).get(path, HTTP_IF_NONE_MATCH=tag).status_code == 404
    assert as_role(None).get(path, HTTP_IF_NONE_MATCH="*").status_code == 404
