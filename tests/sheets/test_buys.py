"""Buying the discard (a house rule, RULES D-7): each buy gives a player three
more cards, and the winner's buys decide how many cards their groups hold. On
the phone's deal page the winner's row keeps its buys box while their cards
and points step aside. In a real browser at 360 px, by visible labels."""

from __future__ import annotations

import pytest

from series.sheets import services
from tests.support.browser import shoot, sign_in

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

# Six groups of three and the discard: 15 cards + 1 + 3 for one buy.
GROUPS = "7C 7H 7S\n8C 8H 8S\n9C 9H 9S\n10C 10H 10S\nJC JH JS\nQC QH QS"


def test_a_winner_who_bought_a_discard_goes_out_with_three_more_cards(page, live_server, club):
    the_club, players = club
    anna, bruno, carla = players[:3]
    series_id = services.series_start(
        club=the_club,
        players=[anna.id, bruno.id, carla.id],
        first_dealer=anna.id,
        options={"buys": True},
    ).series_id
    sign_in(page, live_server, f"/series/{series_id}/")
    page.get_by_role("link", name="Record a deal").click()

    page.get_by_label("Bruno", exact=True).check()
    assert page.get_by_label("Points of Bruno").is_hidden()
    page.get_by_label("Discards bought by Bruno").fill("1")
    page.get_by_label("Points of Anna").fill("30")
    page.get_by_label("Points of Carla").fill("40")
    page.get_by_text("Groups of the player who went out (optional)").click()
    page.get_by_label("Groups, one per line").fill(GROUPS)
    page.get_by_label("Discard", exact=True).fill("2D")
    shoot(page, "deal-winner-buys")
    page.get_by_role("button", name="Record the deal").click()
    page.wait_for_url(f"**/series/{series_id}/")

    (deal,) = services.series_load(series_id).deals
    assert deal.entry.buys == {bruno.id: 1}
    assert deal.scores == {anna.id: 30, bruno.id: 0, carla.id: 40}
