"""The claim checker through the API (RULES §2, §3; DESIGN "Verify a going-out claim")."""

from __future__ import annotations

import pytest

from tests.api.conftest import HAND

pytestmark = pytest.mark.django_db


def verify(client, body, **headers):
    return client.post("/api/v1/verify", body, content_type="application/json", **headers)


def test_a_hand_that_goes_out_comes_back_with_its_groups_and_discard(client):
    response = verify(client, {"cards": HAND})
    body = response.json()
    assert response.status_code == 200
    assert body["valid"] is True
    assert sorted(card for group in body["groups"] for card in group) == sorted(HAND[:-1])
    assert body["discard"] == "2C"
    assert body["reasons"] == []


def test_a_hand_that_does_not_go_out_says_why(client):
    hand = [*HAND[:-2], "3S", "2C"]  # the joker swapped for a 3
    body = verify(client, {"cards": hand}).json()
    assert body["valid"] is False
    assert body["reasons"][0]["code"]
    assert body["reasons"][0]["message"]


def test_declared_groups_are_checked_as_laid(client):
    groups = [
        ["7C", "7H", "8D"],
        ["8C", "8H", "8D", "8S"],
        ["9C", "9H", "9D", "9S"],
        ["KC", "KH", "KD", "JK"],
    ]
    body = verify(client, {"groups": groups, "discard": "2C"}).json()
    assert body["valid"] is False
    assert body["reasons"][0]["code"] == "mixed_ranks"
    assert body["groups"][0] == ["7C", "7H", "8D"]


def test_cards_are_read_in_the_request_language(client):
    # R (Re) is the Italian king; D (Donna) would be a queen (RULES D-1)
    italian = ["R" + card[1:] if card.startswith("K") else card for card in HAND]
    body = verify(client, {"cards": italian}, HTTP_ACCEPT_LANGUAGE="it").json()
    assert body["valid"] is True


def test_more_copies_than_the_pack_holds_is_bad_input(client):
    response = verify(client, {"cards": ["7C"] * 3 + HAND[3:]})
    assert response.status_code == 422
    assert response.json()["code"] == "card_not_in_pack"
    assert "7♣" in response.json()["message"]


def test_unknown_card_text_is_bad_input(client):
    response = verify(client, {"cards": [*HAND[:-1], "1Z"]})
    assert response.status_code == 422
    assert response.json()["code"] == "unknown_card"
    assert response.json()["field"] == "cards"


def test_rummy_hands_of_any_table_size_are_checked(client):
    hand = ["AS", "2S", "3S", "7C", "7D", "7H", "KD"]
    body = verify(client, {"rules": "rummy", "cards": hand}).json()
    assert body["valid"] is True
    assert body["discard"] == "KD"


def test_cards_and_groups_together_are_a_400(client):
    response = verify(client, {"cards": HAND, "groups": [HAND]})
    assert response.status_code == 400


def test_unknown_rules_are_refused(client):
    response = verify(client, {"rules": "bridge", "cards": HAND})
    assert (response.status_code, response.json()["code"]) == (422, "unknown_rules")
