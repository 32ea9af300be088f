"""The series' start and its house rules on a phone: the seats typed stay as
typed, duplicate seats are refused naming the players, the players' help
follows the game, and the rules in force are said in words on the sheet, the
audit, the confirmation page and the print view."""

from __future__ import annotations

import re
from dataclasses import replace

import pytest

from series.sheets import services
from tests.support.browser import AXE, sign_in, violations_of
from tests.support.factories import entry

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def seat(tab, name: str):
    return tab.get_by_label(f"Seat of {name}")


def test_seats_typed_stay_and_a_shared_seat_is_refused_by_name(page, live_server, club):
    from playwright.sync_api import expect

    page.context.add_init_script(path=AXE)
    sign_in(page, live_server, f"/clubs/{club[0].slug}/series/new/")
    page.wait_for_url(re.compile("/series/new/"))

    seat(page, "Carla").fill("1")
    page.get_by_label("Carla", exact=True).check()
    page.get_by_label("Anna", exact=True).check()
    seat(page, "Bruno").fill("2")
    page.get_by_label("Bruno", exact=True).check()
    page.get_by_label("Dario", exact=True).check()
    # Ticking a player never renumbers the seats typed before.
    assert [seat(page, n).input_value() for n in ("Anna", "Bruno", "Carla", "Dario")] == [
        "2",
        "2",
        "1",
        "3",
    ]
    page.get_by_role("radio", name=re.compile("Standard Rummy")).check()
    expect(page.locator("#players-hint")).to_contain_text("Tick the 2 to 6 players")
    page.get_by_label("Winner takes all (Rummy)").check()
    page.get_by_label("A Rummy triples the collection (Rummy)").check()
    page.get_by_label("Twos are wild (Rummy)").check()
    page.get_by_role("button", name="Start the series").click()

    refusal = page.get_by_role("alert").filter(has_text="Seat 2")
    expect(refusal).to_contain_text("Seat 2 is given to Anna, Bruno")
    assert [seat(page, n).input_value() for n in ("Anna", "Bruno", "Carla", "Dario")] == [
        "2",
        "2",
        "1",
        "3",
    ]
    assert violations_of(page) == []

    seat(page, "Anna").fill("4")
    page.get_by_label("First dealer").select_option(label="Carla")
    page.get_by_role("button", name="Start the series").click()
    page.wait_for_url(re.compile(r"/series/[0-9a-f-]+/$"))

    rules = page.locator(".rules-summary")
    expect(rules).to_contain_text("Winner takes all; first to 100 points wins.")
    expect(rules).to_contain_text("A Rummy triples the collection.")
    expect(rules).to_contain_text("Twos are wild")
    expect(rules).not_to_contain_text("out at 100")
    names = page.locator("#score-table thead th")
    assert [names.nth(i).inner_text().split()[0] for i in range(1, 5)] == [
        "Carla",
        "Bruno",
        "Dario",
        "Anna",
    ]
    assert violations_of(page) == []


def test_under_winner_takes_all_the_star_marks_who_went_out_and_who_collected(
    page, live_server, club
):
    the_club, (anna, bruno, carla, *_) = club
    series_id = services.series_start(
        club=the_club,
        players=[anna.id, bruno.id, carla.id],
        first_dealer=anna.id,
        rules="rummy",
        options={"scoring": "winner_takes_all", "rummy_bonus": 3, "twos_wild": True},
    ).series_id
    services.deal_record(
        series_id=series_id,
        entry=replace(entry(bruno.id, {anna.id: 12, carla.id: 8}), rummy=True),
    )
    nobody_out = entry(None, {anna.id: 9, bruno.id: 4, carla.id: 20})
    services.deal_record(series_id=series_id, entry=nobody_out)
    page.context.add_init_script(path=AXE)
    sign_in(page, live_server, f"/series/{series_id}/")
    page.wait_for_url(re.compile(f"/series/{series_id}/$"))

    rows = page.locator("#score-table tbody tr")
    first, second = rows.nth(0), rows.nth(1)
    assert first.locator("td").nth(1).inner_text().startswith("★ 60")
    assert "★" not in first.locator("td").nth(0).inner_text()
    assert "★" not in first.locator("td").nth(2).inner_text()
    assert second.locator("td").nth(1).inner_text().startswith("☆")
    expect_help = page.get_by_text("★ went out and collected the others' points.")
    assert expect_help.count() == 1
    assert violations_of(page) == []

    page.goto(f"{live_server.url}/series/{series_id}/deals/1/confirm/")
    assert "the collection counts 3 times" in page.locator("main").inner_text()
    assert "Winner takes all; first to 100 points wins." in page.locator("main").inner_text()
    assert violations_of(page) == []

    page.goto(f"{live_server.url}/series/{series_id}/audit/")
    audit = page.locator("main").inner_text()
    assert "Twos are wild" in audit and "7 cards each, from 1 deck with no jokers." in audit
    assert "1 decks" not in audit

    page.goto(f"{live_server.url}/series/{series_id}/print/")
    assert "A Rummy triples the collection." in page.locator("main").inner_text()
