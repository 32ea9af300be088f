"""The pages in a real browser (Debian's chromium, headless, 360 px wide): a whole
series with a tiebreak, refusals, the claim checker, the live view and the key
pages in Italian (the outbox: test_outbox.py). ``SAVE_SCREENSHOTS=1`` refreshes
docs/screenshots/."""

from __future__ import annotations

import pytest

from series.sheets import services
from tests.support.browser import (
    NAMES,
    close_picker,
    enter_deal,
    pick,
    printed_pages,
    shoot,
    sign_in,
    sign_in_on_the_page,
    tap_card,
)
from tests.support.pages import record

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def start_series(page, live_server, club) -> str:
    page.goto(f"{live_server.url}/clubs/{club.slug}/series/new/")
    for name in NAMES[:4]:
        page.get_by_label(name, exact=True).check()
    page.locator("#id_first_dealer").select_option(label="Anna")
    # An impossible combination is explained before the form is sent.
    page.fill("#id_deals", "4")
    page.fill("#id_target", "100")
    page.locator("#id_target").blur()
    problem = page.locator("#rules-problem")
    problem.wait_for(state="visible")
    assert "not both" in problem.inner_text()
    page.fill("#id_target", "")
    page.fill("#id_deals", "")
    page.locator("#id_deals").blur()
    problem.wait_for(state="hidden")
    shoot(page, "new-series")
    page.click("text=Start the series")
    page.wait_for_url("**/series/*/")
    return page.url


def test_a_scorer_plays_a_whole_series_with_a_tiebreak(page, live_server, club):
    page.goto(f"{live_server.url}/login/")
    shoot(page, "sign-in")
    sign_in_on_the_page(page, live_server)
    page.wait_for_selector("text=My clubs")
    shoot(page, "home")
    sheet_url = start_series(page, live_server, club[0])
    assert "Deal 1: Anna deals next." in page.content()

    # Deal 1: Bruno goes out; Anna's cards are tapped on the picker (2+3+4 × 4, 5 × 3 = 51).
    page.click("text=Record a deal")
    page.locator(".tile", has_text="Bruno").click()
    ranks = [f"{rank}{suit}" for rank in "2345" for suit in "♣♦♥♠"][:15]
    pick(page, "Anna", ranks)
    page.locator("#card-picker").get_by_role("button", name="2 (Two)", exact=True).click()
    two_of_clubs = page.get_by_role("button", name="2♣ (Two of clubs)", exact=True)
    assert two_of_clubs.is_disabled() is False
    two_of_clubs.click()  # a second 2♣: the last the two decks hold
    assert two_of_clubs.is_disabled()
    assert page.locator("[data-picker-count]").inner_text() == "16 cards · 53 points"
    shoot(page, "card-picker-pack-limit")
    page.locator("[data-picker-undo]").click()
    assert page.locator("[data-picker-count]").inner_text() == "15 cards · 51 points"
    close_picker(page)
    enter_deal(page, "Bruno", {"Carla": 40, "Dario": 25})
    assert page.locator(".hand", has_text="Bruno").is_hidden()
    shoot(page, "deal-entry")
    page.click("text=Record the deal")
    page.wait_for_url(sheet_url)

    # Deal 2: points the rules do not allow keep what was typed and say why
    # at the field, before anything is sent (RULES §4).
    page.click("text=Record a deal")
    enter_deal(page, "Carla", {"Anna": 5, "Bruno": 45, "Dario": 35})
    page.click("text=Record the deal")
    error = page.locator(".hand", has_text="Anna").get_by_role("alert")
    assert error.inner_text() == "The rules allow 15 to 225 points here."
    assert page.get_by_label("Points of Bruno").input_value() == "45"
    shoot(page, "deal-refused")
    page.get_by_label("Points of Anna").fill("20")
    page.click("text=Record the deal")
    page.wait_for_url(sheet_url)

    # Deal 3: the winner's groups are checked as they are typed.
    page.click("text=Record a deal")
    enter_deal(page, "Dario", {"Anna": 30, "Bruno": 30, "Carla": 35})
    page.locator("details.going-out summary").click()
    page.fill("#id_groups", "7C 7D JK\n8C 8D 8H\n9C 9D 9H\n5C 5D 5H\nKC KD KH")
    page.fill("#id_discard", "2S")
    page.wait_for_selector("#verdict .verdict.valid")
    page.click("text=Record the deal")
    page.wait_for_url(sheet_url)

    # Deal 4 ties Bruno and Carla at 95: a tiebreak deal among them (RULES D-8, D-9).
    page.click("text=Record a deal")
    enter_deal(page, "Anna", {"Bruno": 20, "Carla": 20, "Dario": 40})
    page.click("text=Record the deal")
    page.wait_for_url(sheet_url)
    banner = page.locator(".banner.tiebreak").inner_text()
    assert "Tiebreak deal due among: Bruno, Carla. Bruno deals." in banner
    shoot(page, "score-sheet-tiebreak")

    page.click("text=Record a deal")
    assert page.locator(".tile").count() == 2
    enter_deal(page, "Carla", {"Bruno": 30})
    page.click("text=Record the deal")
    page.wait_for_url(sheet_url)
    assert "Carla wins the series!" in page.locator(".banner.winner").inner_text()
    assert page.locator("tfoot td.leader").inner_text() == "95"
    shoot(page, "score-sheet")

    page.click("text=Print view")
    page.emulate_media(media="print")
    assert printed_pages(page.pdf(format="A4")) == 1
    page.emulate_media(media="screen")

    page.goto(sheet_url)
    page.click("text=Audit trail")
    # The link navigates: count once the audit page has come, not the sheet's.
    page.wait_for_selector(".audit-event")
    assert page.locator(".audit-event").count() == 6
    shoot(page, "audit-trail")


def test_a_late_answer_to_an_earlier_change_does_not_hide_the_problem(
    page_without_worker, live_server, club
):
    """The new-series page asks the server on every change; an answer to an
    older question that arrives last must not replace the newest one. (No
    service worker: its fetches would pass Playwright's routes by.)"""
    page = page_without_worker
    held = []

    def hold_the_early_questions(route):
        if "target" in route.request.url:
            route.continue_()
        else:  # asked before the clash was typed: answered only at the end
            held.append(route)

    sign_in(page, live_server)
    page.wait_for_selector("text=My clubs")
    page.goto(f"{live_server.url}/clubs/{club[0].slug}/series/new/")
    page.route("**/rules/check/**", hold_the_early_questions)
    page.get_by_label("Anna", exact=True).check()  # asked first, answered last
    page.fill("#id_deals", "4")
    page.fill("#id_target", "100")
    page.locator("#id_target").blur()
    problem = page.locator("#rules-problem")
    problem.wait_for(state="visible")
    assert held
    for route in held:
        with page.expect_event("requestfinished", lambda r, asked=route.request: r == asked):
            route.continue_()
    page.evaluate("() => new Promise((done) => setTimeout(done, 50))")  # the page reads them
    assert problem.is_visible()
    assert "not both" in problem.inner_text()


def test_a_late_verdict_on_earlier_groups_does_not_replace_the_newest(
    page_without_worker, live_server, club
):
    """The deal page checks the winner's groups as they are typed; a slow answer
    about what was typed before must not replace the verdict on what is there."""
    page = page_without_worker
    the_club, players = club
    series_id = services.series_start(
        club=the_club, players=[p.id for p in players[:4]], first_dealer=players[0].id
    ).series_id
    held = []

    def hold_the_first_groups(route):
        if "8D" in route.request.url and "5C" not in route.request.url:
            held.append(route)  # the groups typed first: answered only at the end
        else:
            route.continue_()

    sign_in(page, live_server, f"/series/{series_id}/deals/new/")
    page.wait_for_selector("#deal-form")
    page.route("**/deals/check/**", hold_the_first_groups)
    page.get_by_text("Groups of the player who went out (optional)").click()
    groups = page.get_by_label("Groups, one per line")
    with page.expect_request("**/deals/check/**"):
        groups.fill("7C 7D 7H\n8C 8D")  # two cards short: not valid
    groups.fill("7C 7D JK\n8C 8D 8H\n9C 9D 9H\n5C 5D 5H\nKC KD KH")
    page.get_by_label("Discard", exact=True).fill("2S")
    page.wait_for_selector("#verdict .verdict.valid")
    assert held
    for route in held:
        with page.expect_event("requestfinished", lambda r, asked=route.request: r == asked):
            route.continue_()
    page.evaluate("() => new Promise((done) => setTimeout(done, 50))")  # the page reads them
    assert page.locator("#verdict .verdict.valid").is_visible()


def test_the_checker_shows_groups_for_a_valid_hand_and_reasons_for_an_invalid_one(
    page, live_server, transactional_db
):
    page.goto(f"{live_server.url}/check/")
    page.fill("#id_cards", "7C 7D JK 8C 8D 8H 9C 9D 9H 5C 5D 5H KC KD KH")
    page.click("text=Pick")
    tap_card(page, "2♠")
    close_picker(page)
    page.click("button:has-text('Check')")
    page.wait_for_selector(".verdict.valid")
    assert page.locator(".groups li").count() == 5
    shoot(page, "checker-valid")

    page.fill("#id_cards", "7C 7D 7H 8C 8D 8H 9C 9D 9H 10C 10D 10H JC JD QH QS")
    page.click("button:has-text('Check')")
    page.wait_for_selector(".verdict.invalid")
    assert "cannot be melded" in page.locator(".reasons").inner_text()
    shoot(page, "checker-invalid")


def test_the_live_view_follows_a_deal_recorded_elsewhere(page, live_server, club):
    club, players = club
    anna, bruno, carla, dario = players[:4]
    series_id = services.series_start(
        club=club, players=[p.id for p in players[:4]], first_dealer=anna.id
    ).series_id
    record(series_id, bruno, {anna: 30, carla: 40, dario: 25})
    sign_in(page, live_server, f"/series/{series_id}/")
    page.wait_for_selector(".share-link")
    live_url = page.locator(".share-link").inner_text()
    assert page.locator(".qr svg").count() == 1
    page.context.clear_cookies()

    page.goto(live_url)
    assert "Deal 2: Bruno deals next." in page.locator(".banner.next").inner_text()
    shoot(page, "live-view")
    record(series_id, carla, {anna: 30, bruno: 40, dario: 25})
    page.wait_for_selector("text=Deal 3: Carla deals next.", timeout=10_000)


def test_the_key_pages_in_italian(page, live_server, club):
    club, players = club
    anna, bruno, carla, dario = players[:4]
    series_id = services.series_start(
        club=club, players=[p.id for p in players[:4]], first_dealer=anna.id
    ).series_id
    record(series_id, bruno, {anna: 30, carla: 40, dario: 25})
    sign_in(page, live_server)
    page.wait_for_selector("#language-choice")
    with page.expect_navigation():
        page.locator("#language-choice").select_option("it")
    assert "I miei circoli" in page.content()

    page.goto(f"{live_server.url}/series/{series_id}/")
    assert "Smazzata 2: distribuisce Bruno." in page.locator(".banner.next").inner_text()
    shoot(page, "score-sheet-it")

    page.click("text=Registra una smazzata")
    page.locator(".hand", has_text="Anna").get_by_role("button", name="Scegli").click()
    king = page.locator("#card-picker").get_by_role(
        "button", name="R♥ (Re di cuori)", exact=True, include_hidden=True
    )
    assert king.count() == 1
    close_picker(page)
    page.locator(".tile", has_text="Carla").click()
    page.get_by_label("Punti di Anna").fill("3")
    page.click("text=Registra la smazzata")
    error = page.locator(".hand", has_text="Anna").get_by_role("alert").inner_text()
    assert error == "Le regole ammettono qui da 15 a 225 punti."
    shoot(page, "deal-entry-it")

    page.goto(f"{live_server.url}/check/?cards=R♥+R♦+RC+DH+DD+DC+7C+7D+7H+8C+8D+8H+9C+9D+JK+2S")
    assert "Valida: la mano chiude." in page.locator(".verdict").inner_text()
    shoot(page, "checker-it")
