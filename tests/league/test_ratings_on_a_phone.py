"""Ratings read on a phone (RULES D-26): a member opens the league, sees each
rating with its ± and a "?" while provisional, follows a name to the player's
page, and reads what the number means, why it is provisional and its band.
``SAVE_SCREENSHOTS=1`` refreshes docs/screenshots/."""

from __future__ import annotations

import pytest

from series.clubs import players as player_services
from series.clubs import services as club_services
from series.eventstore import projectors
from series.sheets import services
from tests.support.browser import AXE, shoot, violations_of
from tests.support.factories import entry, start

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

NAMES = ("Anna", "Bruno", "Carla", "Dario")


@pytest.fixture
def league(transactional_db):
    """Three finished series of four players: every rating still provisional."""
    club = club_services.club_create(name="Circolo Tressette", public=True)
    players = [player_services.player_add(club=club, name=name) for name in NAMES]
    for round_ in range(3):
        series = start(club, players).series_id
        for went_out in players:  # one deal each: the series finishes
            others = {
                p: 20 + 5 * ((i + round_) % 4) for i, p in enumerate(players) if p != went_out
            }
            services.deal_record(series_id=series, entry=entry(went_out, others))
    projectors.follow_log()  # the league's follower counts them, as beside the server
    return club


def test_a_member_reads_a_rating_its_uncertainty_and_why_it_is_provisional(
    page, live_server, league
):
    page.context.add_init_script(path=AXE)
    page.goto(f"{live_server.url}/clubs/{league.slug}/league/")
    ladder = page.get_by_role("region", name="The ladder")
    ladder.wait_for()
    assert ladder.locator("abbr.provisional").count() == 4  # every rating marked "?"
    assert page.get_by_text("? marks a provisional rating", exact=False).is_visible()
    assert page.evaluate("document.documentElement.scrollWidth") <= 360
    ladder.get_by_role("link", name="Anna").click()
    page.get_by_role("heading", name="Anna").wait_for()
    assert page.get_by_text("Provisional: 7 more series to go before it settles.").is_visible()
    assert page.get_by_text("more than 99 % sure the player is at least this strong").is_visible()
    band = page.get_by_role("img", name="Strength after each series, with its ± 3σ band")
    assert band.is_visible() and band.locator("polygon").count() == 1
    assert page.evaluate("document.documentElement.scrollWidth") <= 360
    assert violations_of(page) == []
    shoot(page, "rating-provisional")
