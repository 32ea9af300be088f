"""A championship run from the pages on a 360 × 740 phone (RULES D-23, D-24): the
director opens it, opens one qualifying night and counts another, makes the cut,
opens and draws the final by the championship's standings and closes it; the
standings scroll sideways with a hint and the names pinned, and the final night's
page shows the championship's ranking "if every table ended now". axe finds
nothing on the championship's pages."""

from __future__ import annotations

import pytest
from django.contrib.auth import get_user_model

from series.clubs import players as player_services
from series.clubs import services as club_services
from series.models import Championship, Night
from series.nights import services as nights
from tests.support.browser import AXE, PASSWORD, shoot, sign_in_on_the_page, violations_of
from tests.support.championships import one_deal

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

WAIT = 5000  # ms, every wait bounded
NAMES = ("Anna", "Bruno", "Carla", "Dario", "Elena")


@pytest.fixture
def club(transactional_db):
    director = get_user_model().objects.create_user("marta", password=PASSWORD)
    club = club_services.club_create(name="Circolo del Ramino", admin=director)
    club_services.club_update(
        club=club, default_rules={"preset": "continental", "options": {"deals": 1}}
    )
    players = [player_services.player_add(club=club, name=name) for name in NAMES]
    return club, players


def press(tab, name: str) -> None:
    with tab.expect_navigation(timeout=WAIT):
        tab.get_by_role("button", name=name).click()


def test_a_director_runs_a_championship_from_a_phone(browsers, live_server, club):
    club, (anna, bruno, carla, dario, elena) = club
    director = browsers("en-GB")
    director.context.add_init_script(path=AXE)
    sign_in_on_the_page(director, live_server, f"/clubs/{club.slug}/nights/")
    with director.expect_navigation(timeout=WAIT):
        director.get_by_role("link", name="The club's championships").click()
    director.fill("#id_name", "Spring championship")
    director.fill("#id_qualifying_nights", "2")
    director.fill("#id_final_size", "3")
    press(director, "Open the championship")
    assert violations_of(director) == []
    page = director.url
    press(director, "Open a qualifying night")  # to the night's page
    assert "Counts for Spring championship" in director.locator("main").inner_text()
    other = nights.night_open(club=club, date="2026-03-21").night_id
    director.goto(page)
    director.locator("#id_add_night").select_option(str(other))
    press(director, "Count this night")
    five = {bruno: 20, carla: 30, dario: 40, elena: 50}
    for night in Night.objects.all():
        one_deal(night.id, anna, five)
        nights.night_close(night_id=night.id)
    director.goto(page)
    table = director.locator("#championship-standings")
    table.wait_for(timeout=WAIT)
    assert director.locator(".scroll-hint").first.is_visible()
    pinned = table.locator("tbody th").first.evaluate("th => getComputedStyle(th).position")
    assert pinned == "sticky"
    shoot(director, "championship-standings")
    press(director, "Make the cut")
    assert "in: in the top places" in director.locator("main").inner_text()
    lines = table.locator("td.cut").evaluate_all(
        "cells => cells.map(td => { const r = document.createRange();"
        " r.selectNodeContents(td); return r.getClientRects().length; })"
    )
    assert set(lines) == {1}  # why a player is in or out reads on one line, not a word a line
    assert violations_of(director) == []
    press(director, "Open the final night")  # to the final night's page
    final = Championship.objects.get().final_night
    nights.night_check_in(night_id=final, players=[anna.id, bruno.id, carla.id])
    director.reload()
    assert director.get_by_label("Seat the players").input_value() == "championship"
    director.get_by_label("Smallest table").select_option("3")
    director.get_by_label("Largest table").select_option("3")
    press(director, "Draw the tables")
    one_deal(final, bruno, {anna: 20, carla: 30}, draw=False)
    director.reload()
    ranking = director.locator("#championship-final tbody tr")
    assert ranking.first.inner_text().startswith("Bruno")  # 3.75 carried + 10 tonight
    shoot(director, "championship-final-night")
    nights.night_close(night_id=final)
    director.goto(page)
    press(director, "Close the championship")
    assert Championship.objects.get().state == "closed"
    assert "The championship's final ranking" in director.locator("main").inner_text()
    lines = director.locator("#championship-final td.tonight").evaluate_all(
        "cells => cells.map(td => { const r = document.createRange();"
        " r.selectNodeContents(td); return r.getClientRects().length; })"
    )
    assert set(lines) == {1}  # "not a finalist" on one line
    assert violations_of(director) == []
    director.set_viewport_size({"width": 1920, "height": 1080})
    with director.expect_navigation(timeout=WAIT):
        director.get_by_role("link", name="Big screen").click()
    assert "Bruno" in director.locator(".screen-ranking").inner_text()
    assert violations_of(director) == []
    shoot(director, "championship-big-screen", full_page=False)
