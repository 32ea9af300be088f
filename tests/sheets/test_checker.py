"""The claim checker, open to anyone: the verdict, the groups drawn as cards, or
the reasons and the closest arrangement."""

from __future__ import annotations

import pytest

pytestmark = pytest.mark.django_db

GOES_OUT = "7C 7D JK 8C 8D 8H 9C 9D 9H 5C 5D 5H KC KD KH 2S"
ONE_SHORT = "7C 7D 7H 8C 8D 8H 9C 9D 9H 10C 10D 10H JC JD QH QS"


def test_anyone_may_open_the_checker(client):
    page = client.get("/check/").content.decode()

    assert "Check a going-out claim" in page
    assert 'id="card-picker"' in page
    assert "Valid" not in page and "Not valid" not in page


def test_a_hand_that_goes_out_is_shown_as_groups_of_cards(client):
    page = client.get("/check/", {"cards": GOES_OUT}).content.decode()

    assert "Valid: the hand goes out." in page
    assert page.count('<span class="group-name">') == 5
    assert 'class="playing-card joker" role="img" aria-label="Joker">JK</span>' in page
    assert 'class="playing-card red" role="img" aria-label="King of hearts">K♥</span>' in page


def test_a_hand_that_does_not_go_out_shows_the_reasons_and_the_closest_arrangement(client):
    page = client.get("/check/", {"cards": ONE_SHORT}).content.decode()

    assert "Not valid." in page
    assert "cannot be melded" in page
    assert "The closest arrangement found:" in page
    assert "Not melded:" in page


def test_the_groups_as_laid_are_judged_as_laid(client):
    # RULES §2: runs never count in Continental.
    groups = "7C 8C 9C\n5C 5D 5H 5S\n9D 9H 9S\nKC KD KH\n2C 2D"
    page = client.get("/check/", {"groups": groups, "discard": "QS"}).content.decode()

    assert "Not valid." in page
    assert "is a run; runs never count in Continental" in page


def test_an_unknown_card_is_named_and_the_entry_kept(client):
    page = client.get("/check/", {"cards": "7C 7D ZZ"}).content.decode()

    assert "“ZZ” is not a card." in page
    assert 'value="7C 7D ZZ"' in page


def test_card_letters_follow_the_language_of_the_page(client):
    # RULES D-1: Italian R is the King (Re), D the Queen (Donna).
    italian = "7♣ 7♦ JK 8♣ 8♦ 8♥ 9♣ 9♦ 9♥ D♣ D♦ D♥ R♣ R♦ R♥ 2♠"

    page = client.get("/check/", {"cards": italian}, HTTP_ACCEPT_LANGUAGE="it").content.decode()

    assert "Valida: la mano chiude." in page
    assert 'aria-label="Re di cuori">R♥</span>' in page


def test_an_italian_refusal_names_the_cards_as_they_are_drawn(client):
    # RULES D-1: the reasons write R for the King, as the cards on the page do.
    groups = "5♣ 5♦ 5♥ 5♠\nR♣ R♦"
    page = client.get("/check/", {"groups": groups, "discard": "A♠"}, HTTP_ACCEPT_LANGUAGE="it")
    text = page.content.decode()

    assert "Il gruppo 2 (R♣ R♦) ha solo 2 carte" in text
    assert "K♣" not in text


def test_the_rules_chosen_change_the_verdict(client):
    twelve = "7C 7D 7H 8C 8D 8H 9C 9D 9H 5C 5D 5H 2S"

    continental = client.get("/check/", {"cards": twelve}).content.decode()
    short_deals = client.get("/check/", {"cards": twelve, "preset": "continental-12"})

    assert "going out needs 16" in continental
    assert "Valid: the hand goes out." in short_deals.content.decode()


def test_with_twos_wild_ticked_the_twos_stand_in_the_melds(client):
    hand = "5H 6H 2C 9S 9D 2D 2S KC"  # RULES D-14 extended: 2C in the run, 2D and 2S with the 9s
    plain = client.get("/check/", {"cards": hand, "preset": "rummy"}).content.decode()
    wild = client.get("/check/", {"cards": hand, "preset": "rummy", "twos_wild": "on"})

    assert "Valid: the hand goes out." not in plain
    assert "Valid: the hand goes out." in wild.content.decode()
    assert "Twos are wild (Rummy)" in wild.content.decode()


@pytest.mark.parametrize("text", ["⁷C", "²H", "①S", "¹⁰D"])
def test_a_digit_that_is_not_ascii_is_named_as_no_card_without_signing_in(client, text):
    response = client.get("/check/", {"cards": f"7C {text}"})

    assert response.status_code == 200
    assert f"“{text}” is not a card." in response.content.decode()
