"""Points checked as they are typed, by the rules' own limits (RULES §4), and
the same hands as the last deal asked about before they are recorded; in a
real browser at 360 px, in two languages, by visible labels."""

from __future__ import annotations

import pytest

from series.sheets import selectors, services
from tests.support.browser import shoot, sign_in

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def started(at_club, players, **rules) -> str:
    return services.series_start(
        club=at_club, players=[p.id for p in players], first_dealer=players[0].id, **rules
    ).series_id


def test_points_the_rules_do_not_allow_are_marked_as_typed_and_not_sent(page, live_server, club):
    # RULES §4: 15 cards held, at least 1 and at most 15 a card: 15 to 225.
    the_club, players = club
    series_id = started(the_club, players[:4])
    sign_in(page, live_server, f"/series/{series_id}/deals/new/")
    keypad = page.get_by_role("group", name="Points keypad")

    page.get_by_label("Anna", exact=True).check()
    keypad.get_by_role("button", name="1", exact=True).click()
    keypad.get_by_role("button", name="2", exact=True).click()
    keypad.get_by_role("button", name="Next").click()

    bruno = page.get_by_label("Points of Bruno")
    assert bruno.get_attribute("aria-invalid") == "true"
    said = page.locator(".hand", has_text="Bruno").get_by_role("alert")
    assert said.inner_text() == "The rules allow 15 to 225 points here."
    # The cursor stays on Bruno, and the keypad says why.
    assert page.locator(".hand.active .hand-name").inner_text().startswith("Bruno")
    assert "The rules allow 15 to 225 points here." in keypad.inner_text()
    shoot(page, "entry-points-checked", full_page=False)
    page.get_by_label("Points of Carla").fill("40")
    page.get_by_label("Points of Dario").fill("25")
    page.get_by_role("button", name="Record the deal").click()
    assert bruno.evaluate("field => field.validity.valid") is False
    assert selectors.sheet_version(series_id) == 1  # nothing sent

    # Sending stopped on Bruno: one more digit makes 120, and the mark goes.
    assert page.locator(".hand.active .hand-name").inner_text().startswith("Bruno")
    keypad.get_by_role("button", name="0", exact=True).click()
    assert bruno.input_value() == "120"
    assert bruno.get_attribute("aria-invalid") is None
    assert not said.is_visible()
    page.get_by_role("button", name="Record the deal").click()
    page.wait_for_url(f"**/series/{series_id}/")


def test_a_rummy_hand_is_checked_by_rummys_limits_in_italian(page, live_server, club):
    # RULES §3 and §4: 7 cards, no jokers: 1 to 70 points (not 15 a card).
    the_club, players = club
    series_id = started(the_club, players[:4], rules="rummy")
    sign_in(page, live_server, f"/series/{series_id}/deals/new/")
    page.get_by_label("Language").select_option("it")
    page.get_by_role("button", name="Cambia").click()

    page.get_by_label("Anna", exact=True).check()
    bruno = page.get_by_label("Punti di Bruno")
    bruno.fill("100")

    assert bruno.get_attribute("aria-invalid") == "true"
    said = page.locator(".hand", has_text="Bruno").get_by_role("alert")
    assert said.inner_text() == "Le regole ammettono qui da 1 a 70 punti."
    bruno.fill("70")
    assert bruno.get_attribute("aria-invalid") is None


def test_the_same_hands_again_are_asked_about_then_recorded_when_ticked(page, live_server, club):
    the_club, players = club
    series_id = started(the_club, players[:4])
    sign_in(page, live_server, f"/series/{series_id}/deals/new/")

    def enter_the_deal():
        page.get_by_label("Anna", exact=True).check()
        for name, points in (("Bruno", "30"), ("Carla", "40"), ("Dario", "25")):
            page.get_by_label(f"Points of {name}").fill(points)
        page.get_by_role("button", name="Record the deal").click()

    enter_the_deal()
    page.wait_for_url(f"**/series/{series_id}/")
    page.get_by_role("link", name="Record a deal").click()
    enter_the_deal()

    box = page.get_by_label("Record it all the same: these hands came up again")
    box.wait_for()
    assert page.locator("main").inner_text().count("This entry is the same as deal 1.") == 1
    status = page.locator("[data-outbox-status]").inner_text()
    assert status == "Refused: the reason is marked above."
    shoot(page, "entry-same-again", full_page=False)
    assert selectors.sheet_version(series_id) == 2
    box.check()
    page.get_by_role("button", name="Record the deal").click()
    page.wait_for_url(f"**/series/{series_id}/")
    assert selectors.sheet_version(series_id) == 3


def test_ranks_only_fills_a_rummy_hand_of_seven_then_the_next_in_italian(page, live_server, club):
    # RULES §3: four players are dealt 7 cards; a hand holds 1 to 7 at the end.
    the_club, players = club
    series_id = started(the_club, players[:4], rules="rummy")
    sign_in(page, live_server, f"/series/{series_id}/deals/new/")
    page.get_by_label("Language").select_option("it")
    page.locator('html[lang="it"]').wait_for()
    picker = page.locator("#card-picker")

    page.get_by_label("Anna", exact=True).check()
    page.locator(".hand", has_text="Bruno").get_by_role("button", name="Scegli").click()
    assert page.get_by_role("group", name="Tastierino dei punti").is_hidden()
    picker.get_by_role("button", name="Solo valori").click()
    for rank in ("7 (Sette)",) * 4 + ("8 (Otto)",) * 3:
        picker.get_by_role("button", name=rank, exact=True).click()
    # One deck holds four sevens (RULES §3): the suits ran out, so the rank is spent.

    assert picker.locator("[data-picker-title]").inner_text() == "Carte di Carla"
    assert picker.get_by_role("button", name="7 (Sette)", exact=True).is_disabled()
    shoot(page, "entry-ranks-only-it", full_page=False)
    picker.get_by_role("button", name="R (Re)", exact=True).click()
    picker.get_by_role("button", name="Fatto").click()
    bruno = page.locator(".hand", has_text="Bruno").locator(".hand-summary").inner_text()
    assert bruno.startswith("7 ") and bruno.endswith(" 52 punti")
    assert page.get_by_role("textbox", name="Carte di Carla").input_value() == "R♣"


def test_points_typed_before_the_keypad_loaded_move_on(page_without_worker, live_server, club):
    # On a slow phone the scorer taps who went out and starts typing before the
    # keypad's script has run: the digits still move on to the next player.
    page = page_without_worker
    the_club, players = club
    series_id = started(the_club, players[:4])
    sign_in(page, live_server, f"/series/{series_id}/")
    held = []
    page.route("**/js/keypad.js", lambda route: held.append(route))
    with page.expect_request("**/js/keypad.js"):
        page.get_by_role("link", name="Record a deal").click()
    for _ in range(100):
        if held:
            break
        page.wait_for_timeout(50)
    page.get_by_label("Anna", exact=True).check()
    page.get_by_label("Points of Bruno").focus()
    held[0].continue_()
    page.wait_for_load_state("load")

    page.keyboard.type("40")
    assert page.locator(".hand.active .hand-name").inner_text().startswith("Carla")
    assert page.get_by_label("Points of Bruno").input_value() == "40"
