"""A director's night page on a phone at 360 × 740: a refusal is read where the
eye is (at the top and beside the button), the keyboard goes on from the form
used, closing a round or the night takes a confirmation step that needs no
script, the tables' sheets are not offered once every table has finished, and a
draw balanced by rating shows the ratings it balanced (RULES D-15, D-26)."""

from __future__ import annotations

import pytest

from series.eventstore import projectors
from series.nights import selectors as night_selectors
from series.nights import services as nights
from tests.support.browser import chromium_tab, sign_in
from tests.support.nights import play_out, tables_started

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

WAIT = 5000  # ms, every wait bounded


def night_url(live_server, club, night_id) -> str:
    return f"{live_server.url}/clubs/{club.slug}/nights/{night_id}/"


@pytest.fixture
def playing(club):
    """Five players at one table whose score sheet is open, no deal yet."""
    the_club, players = club
    night_id = tables_started(the_club, players, 5)
    return the_club, night_id


def focused_in_section(tab, heading: str) -> bool:
    """Whether the focused element is in the page's section headed ``heading``."""
    return tab.evaluate(
        """(heading) => {
            const section = document.activeElement.closest('section');
            return !!section && section.querySelector('h2').textContent.trim().startsWith(heading);
        }""",
        heading,
    )


def test_a_refused_close_shows_why_at_the_top_and_beside_its_button(page, live_server, playing):
    club, night_id = playing
    page.expected_errors.append("status of 422")  # the refusal's answer
    sign_in(page, live_server, f"/clubs/{club.slug}/nights/{night_id}/")
    page.get_by_role("link", name="Close the round").click()
    page.get_by_role("heading", name="Close round 1?").wait_for(timeout=WAIT)
    assert page.get_by_role("link", name="Score sheet of table 1").is_visible()
    page.get_by_role("button", name="Close the round").click()
    reason = "Table 1 is still playing"
    top = page.locator("#refused")
    top.wait_for(timeout=WAIT)
    assert reason in top.inner_text()
    beside = page.get_by_role("region", name="Round 1").get_by_role("alert")
    assert reason in beside.inner_text()
    # The page opens at the form used, its reason in sight, and Tab goes on from there.
    assert beside.evaluate("(e) => e.getBoundingClientRect().top") >= 0
    assert beside.evaluate("(e) => e.getBoundingClientRect().bottom") <= 740
    page.keyboard.press("Tab")
    assert focused_in_section(page, "Round 1")
    assert "Close the round" in page.evaluate("document.activeElement.textContent")


def test_after_a_check_in_the_keyboard_goes_on_from_the_check_in(page, live_server, club):
    the_club, players = club
    night_id = nights.night_open(club=the_club, date="2026-03-14").night_id
    sign_in(page, live_server, f"/clubs/{the_club.slug}/nights/{night_id}/")
    page.get_by_label(players[0].name, exact=True).check()
    page.get_by_role("button", name="Check in", exact=True).click()
    page.get_by_text("1 present").wait_for(timeout=WAIT)
    page.keyboard.press("Tab")
    assert focused_in_section(page, "Check-in")


def test_closing_the_round_and_the_night_takes_a_step_that_needs_no_script(
    live_server, monkeypatch, playing
):
    club, night_id = playing
    play_out(night_id)
    with chromium_tab(monkeypatch, java_script_enabled=False) as page:
        sign_in(page, live_server, f"/clubs/{club.slug}/nights/{night_id}/")
        page.get_by_role("link", name="Close the round").click()
        page.get_by_role("heading", name="Close round 1?").wait_for(timeout=WAIT)
        page.get_by_role("link", name="Back to the night").click()
        page.get_by_role("heading", name="Round 1").wait_for(timeout=WAIT)
        assert not night_selectors.night_page(night_id).rounds[-1].closed
        page.get_by_role("link", name="Close the round").click()
        page.get_by_role("button", name="Close the round").click()
        page.get_by_text("The round is closed.").wait_for(timeout=WAIT)
        page.get_by_role("link", name="Close the night").click()
        page.get_by_role("heading", name="Close the night?").wait_for(timeout=WAIT)
        assert not night_selectors.night_page(night_id).closed
        page.get_by_role("button", name="Close the night").click()
        page.get_by_text("The night is closed: its points are recorded.").wait_for(timeout=WAIT)
    assert night_selectors.night_page(night_id).closed


def test_the_tables_sheets_are_not_offered_once_every_table_has_finished(
    page, live_server, playing
):
    club, night_id = playing
    sign_in(page, live_server, f"/clubs/{club.slug}/nights/{night_id}/")
    page.get_by_role("heading", name="Round 1").wait_for(timeout=WAIT)
    assert page.get_by_role("button", name="Open the tables' score sheets").count() == 0
    play_out(night_id)
    page.reload()
    page.get_by_text("finished").first.wait_for(timeout=WAIT)
    assert page.get_by_role("button", name="Open the tables' score sheets").count() == 0
    assert page.get_by_role("link", name="Close the round").is_visible()


def test_a_draw_balanced_by_rating_shows_the_ratings_it_balanced(page, live_server, playing):
    """RULES D-26: a draw by rating balances each player's mu; the page shows it."""
    club, night_id = playing
    play_out(night_id)
    nights.night_round_close(night_id=night_id)
    projectors.follow_log()  # the league's follower has rated the table's series
    nights.night_round_draw(night_id=night_id, min_table=5, max_table=5, method="rating")
    sign_in(page, live_server, f"/clubs/{club.slug}/nights/{night_id}/")
    page.get_by_role("heading", name="Round 2").wait_for(timeout=WAIT)
    seats = page.locator("#round .seats li").all_inner_texts()
    assert len(seats) == 5
    assert all("strength " in seat for seat in seats), seats
    assert page.get_by_text("Drawn balanced by rating").is_visible()


def test_the_names_checked_in_break_between_words_never_inside_one(page, live_server, club):
    from series.clubs import players as player_services

    club, _players = club
    names = ["Francesco Colombo", "Giulia Bianchi", "Sara Romano", "Massimiliano Conti"]
    players = [player_services.player_add(club=club, name=name).id for name in names]
    night_id = nights.night_open(club=club, date="2026-03-14").night_id
    nights.night_check_in(night_id=night_id, players=players)
    sign_in(page, live_server, f"/clubs/{club.slug}/nights/{night_id}/")
    page.get_by_role("button", name="Leaves (Giulia Bianchi)").wait_for(timeout=WAIT)
    broken = page.evaluate(
        """() => [...document.querySelectorAll('.present .name')].flatMap((name) => {
            const text = name.firstChild, words = [], range = document.createRange();
            let start = 0;
            for (const word of text.textContent.split(' ')) {
                range.setStart(text, start);
                range.setEnd(text, start + word.length);
                if (range.getClientRects().length > 1) words.push(word);
                start += word.length + 1;
            }
            return words;
        })"""
    )
    assert broken == []
