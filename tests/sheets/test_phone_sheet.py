"""The score sheet on a 360 × 740 phone: with 3 to 8 players every name and
total is on screen without sideways scrolling, with the leader, who deals next
and the "Record a deal" button above the fold; the wide deal table says it
scrolls and keeps its deal column pinned."""

from __future__ import annotations

import pytest
from django.contrib.auth import get_user_model

from series.clubs import players as player_services
from series.clubs import services as club_services
from series.sheets import services
from tests.support.browser import PASSWORD, shoot, sign_in
from tests.support.factories import entry

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

EIGHT = ("Anna", "Bruno", "Carla", "Massimiliano", "Elena", "Fabio", "Giovanna", "Bartholomew")


def a_series_of(count: int) -> str:
    scorer = get_user_model().objects.create_user("marta", password=PASSWORD)
    club = club_services.club_create(name="Circolo Tressette", admin=scorer)
    players = [player_services.player_add(club=club, name=name) for name in EIGHT[:count]]
    series_id = services.series_start(
        club=club,
        players=[p.id for p in players],
        first_dealer=players[0].id,
        rules="continental-13" if count > 6 else "continental",
    ).series_id
    for goer in players[1:3]:
        hands = {p: 20 + 5 * i for i, p in enumerate(players) if p != goer}
        services.deal_record(series_id=series_id, entry=entry(goer, hands))
    return series_id


def on_screen(locator) -> bool:
    box = locator.bounding_box()
    return (
        box is not None
        and box["x"] >= 0
        and box["x"] + box["width"] <= 360
        and (box["y"] + box["height"] <= 740)
    )


@pytest.mark.parametrize("count", [3, 8])
def test_every_total_the_leader_the_dealer_and_the_button_are_above_the_fold(
    page, live_server, count
):
    series_id = a_series_of(count)
    sign_in(page, live_server, f"/series/{series_id}/")
    page.get_by_role("link", name="Record a deal").wait_for()

    chips = page.get_by_role("list", name="Totals").get_by_role("listitem")
    assert chips.count() == count
    for index in range(count):
        assert on_screen(chips.nth(index)), EIGHT[index]
    assert on_screen(page.locator(".total-chip.leader"))
    assert "deals" in page.locator(".total-chip.dealer").inner_text()
    assert on_screen(page.get_by_role("link", name="Record a deal"))
    assert page.evaluate("document.documentElement.scrollWidth") <= 360
    if count == 8:
        shoot(page, "phone-sheet-8-players", full_page=False)


def test_the_wide_deal_table_says_it_scrolls_and_keeps_the_deal_column(page, live_server):
    series_id = a_series_of(8)
    sign_in(page, live_server, f"/series/{series_id}/")
    hint = page.get_by_text("Swipe the table sideways to see every player")
    hint.wait_for()

    page.locator(".table-scroll").evaluate("box => box.scrollLeft = 400")
    deal_cell = page.locator("#score-table tbody th").first
    box = deal_cell.bounding_box()
    assert 0 <= box["x"] < 40  # pinned at the left edge while the rest scrolled
