"""A second phone at the same table: when another phone recorded the deal
first, the page says which deal, by whom, with the totals now; the entry is
kept, never sent as the next deal unless the scorer says so; a refusal's
reason, and the focus, are above the button just pressed (the keypad below)."""

from __future__ import annotations

import pytest
from django.contrib.auth import get_user_model

from series.sheets import selectors, services
from tests.support.browser import AXE, PASSWORD, sign_in, violations_of
from tests.support.factories import entry

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


@pytest.fixture
def three(club):
    the_club, players = club
    return services.series_start(
        club=the_club, players=[p.id for p in players[:3]], first_dealer=players[0].id
    ).series_id


def enter(page) -> None:
    page.get_by_label("Anna", exact=True).check()
    page.get_by_label("Points of Bruno").fill("25")
    page.get_by_label("Points of Carla").fill("45")


def above_the_button(page, selector: str) -> bool:
    """``selector`` is on screen, just above the button "Record the deal"."""
    return page.evaluate(
        """(selector) => {
          const box = document.querySelector(selector).getBoundingClientRect();
          const button = [...document.querySelectorAll("button")]
            .find((b) => b.textContent.trim() === "Record the deal").getBoundingClientRect();
          return box.bottom <= button.top + 1 && box.top >= 0 && box.bottom <= innerHeight;
        }""",
        selector,
    )


def test_a_deal_recorded_on_another_phone_is_named_and_the_entry_waits(
    page, live_server, club, three
):
    _club, (anna, bruno, carla, *_) = club
    giulia = get_user_model().objects.create_user(
        "giulia.rossi", password=PASSWORD, first_name="Giulia Rossi"
    )
    page.context.add_init_script(path=AXE)
    sign_in(page, live_server, f"/series/{three}/deals/new/")
    page.get_by_label("Points of Bruno").wait_for()
    enter(page)
    # Meanwhile Giulia's phone records deal 1.
    services.deal_record(
        series_id=three, entry=entry(bruno, {anna: 30, carla: 40}), actor_id=giulia.id
    )

    page.get_by_role("button", name="Record the deal").click()

    news = page.locator("#moved-on")
    news.wait_for()
    text = news.inner_text()
    assert "Deal 1 was just recorded by Giulia Rossi on another phone." in text
    assert "Totals now: Anna 30 · Bruno 0 · Carla 40" in text
    assert above_the_button(page, "#refusal")
    assert page.evaluate("document.activeElement.id") == "refusal"
    assert violations_of(page) == []
    version = selectors.sheet_version(three)

    # Sent again as it stands, it is still not the next deal, unseen.
    page.get_by_role("button", name="Record the deal").click()
    page.locator("#refusal").wait_for()
    assert "Deal 1 was just recorded by Giulia Rossi" in page.locator("#moved-on").inner_text()
    assert selectors.sheet_version(three) == version

    # The scorer says it is deal 2: it is recorded as deal 2.
    page.get_by_label("Record my entry as deal 2").check()
    page.get_by_role("button", name="Record the deal").click()
    page.wait_for_url(f"**/series/{three}/")
    assert selectors.sheet_version(three) == version + 1
