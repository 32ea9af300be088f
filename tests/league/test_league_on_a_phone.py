"""The league's wide tables on a phone (360 px): they scroll sideways, say so,
and keep each row's player in view."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest

from series.eventstore import projectors
from series.models import SeriesSheet
from series.sheets import services
from tests.support.league import a_league_of

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

NAMES = ("Anna", "Bruno", "Carla", "Dario")
NOON = datetime(2026, 3, 14, 12, 0, tzinfo=UTC)


@pytest.fixture
def league(transactional_db):
    return a_league_of("Circolo Tressette", NAMES)


def test_the_standings_scroll_sideways_with_a_hint_and_the_players_stay_in_view(
    page, live_server, league
):
    page.goto(f"{live_server.url}/clubs/{league.slug}/league/")
    hint = page.get_by_text("Swipe the table sideways to see every column →").first
    assert hint.is_visible()
    table = page.get_by_role("region", name="The ladder")
    table.evaluate("box => box.scrollBy(400, 0)")
    anna = table.get_by_role("link", name="Anna")
    box = anna.bounding_box()
    assert box is not None and box["x"] >= 0 and box["x"] + box["width"] <= 360
    assert page.evaluate("document.documentElement.scrollWidth") <= 360


def test_while_the_league_catches_up_the_page_says_so_within_the_screen(page, live_server, league):
    sheet = SeriesSheet.objects.get(club=league).id
    deal = services.series_load(sheet).deals[0]
    services.deal_correct(series_id=sheet, number=1, entry=deal.entry, reason="Recount.")
    # The page's clock stands still until the follower has caught up, so the page
    # asks again only then: on SQLite a read meeting the follower's write is
    # refused at once (503), which would fail the test one run in some.
    page.clock.install(time=NOON)
    page.clock.pause_at(NOON + timedelta(seconds=1))
    page.goto(f"{live_server.url}/clubs/{league.slug}/league/")
    banner = page.get_by_role("status")
    assert banner.is_visible() and "Updating…" in banner.inner_text()
    assert page.evaluate("document.documentElement.scrollWidth") <= 360
    # The league's follower catches up: the page shows the standings by itself.
    projectors.follow_log()
    page.clock.run_for(2_000)  # the page's first question after 1.5 s
    banner.wait_for(state="detached", timeout=15_000)
    page.wait_for_load_state()
    page.get_by_role("region", name="The ladder").get_by_role("link", name="Anna").wait_for()
    assert page.get_by_text("Updating…").count() == 0
