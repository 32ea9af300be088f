"""Confirming and disputing a deal through the API, and the club's setting."""

from __future__ import annotations

import pytest

from tests.support.api import deal_body

pytestmark = pytest.mark.django_db


@pytest.fixture
def one_deal(table, as_role, started):
    anna, bruno, carla = table.players
    url = f"/api/v1/series/{started['id']}/deals"
    response = as_role("scorer").post(url, deal_body(1, anna, [bruno, carla]), format="json")
    assert response.status_code == 201
    return started["id"]


def test_a_member_confirms_a_deal_the_scorer_recorded(as_role, one_deal):
    url = f"/api/v1/series/{one_deal}/deals/1/confirmation"
    response = as_role("member").post(url, {}, format="json")

    assert response.status_code == 201
    assert response.json()["deals"][0]["confirmation"] == "confirmed"
    events = as_role("member").get(f"/api/v1/series/{one_deal}/events").json()
    assert events[-1]["type"] == "DealConfirmed" and events[-1]["recorded_by"] == "member"


def test_the_scorer_cannot_confirm_their_own_deal_but_may_be_told_it_is_disputed(as_role, one_deal):
    url = f"/api/v1/series/{one_deal}/deals/1/confirmation"
    mine = as_role("scorer").post(url, {}, format="json")
    assert mine.status_code == 422 and mine.json()["code"] == "own_deal"

    url = f"/api/v1/series/{one_deal}/deals/1/dispute"
    disputed = as_role("member").post(url, {"reason": "Carla had 30"}, format="json")
    assert disputed.json()["deals"][0]["confirmation"] == "disputed"
    sheet = as_role("member").get(f"/api/v1/series/{one_deal}").json()
    assert sheet["deals"][0]["confirmation"] == "disputed"


def test_a_dispute_reason_that_would_show_reordered_is_refused_in_the_readers_language(
    as_role, one_deal
):
    url = f"/api/v1/series/{one_deal}/deals/1/dispute"
    refused = as_role("member").post(
        url, {"reason": "Eva \u202e03 ton ,0 had"}, format="json", HTTP_ACCEPT_LANGUAGE="fr"
    )
    assert refused.status_code == 422
    assert (refused.json()["code"], refused.json()["field"]) == (
        "reason_invisible_character",
        "reason",
    )
    assert refused.json()["message"] == (
        "Un motif ne peut pas contenir le caractère invisible U+202E : écrivez-le sans."
    )
    sheet = as_role("member").get(f"/api/v1/series/{one_deal}").json()
    assert sheet["deals"][0]["confirmation"] != "disputed"


def test_an_admin_makes_the_club_need_confirmations(table, as_role):
    url = f"/api/v1/clubs/{table.club.slug}"
    refused = as_role("scorer").patch(url, {"deals_need_confirmation": True}, format="json")
    assert refused.status_code == 403

    response = as_role("admin").patch(url, {"deals_need_confirmation": True}, format="json")
    assert response.status_code == 200 and response.json()["deals_need_confirmation"] is True
