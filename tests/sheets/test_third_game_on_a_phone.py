"""A game registered after the app started, on a phone (360 px): its house rules
are on the new-series page, the rules check asks with them and the series
records them; its card values are the picker's. Nothing of either game is in
the pages' scripts: they come from the game registry (tests/support/third_game.py)."""

from __future__ import annotations

import pytest

from series.domain import games
from series.sheets import selectors, services
from tests.support.browser import NAMES, close_picker, pick, sign_in
from tests.support.third_game import (
    COURT_CARD_VALUE,
    HIGH_COURTS,
    POINTS_RACE,
    SHORT_RACE,
    HighCourts,
    PointsRace,
)

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


@pytest.fixture
def third_games():
    """The points race and the high courts, registered for one test only."""
    registered = [games.register(PointsRace()), games.register(HighCourts())]
    yield
    for game in registered:
        games.unregister(game.name)


def test_a_third_games_house_rule_is_offered_checked_and_recorded(
    page,
    live_server,
    club,
    third_games,
):
    the_club, _players = club
    sign_in(page, live_server, f"/clubs/{the_club.slug}/series/new/")
    for name in NAMES:
        page.get_by_label(name, exact=True).check()
    page.get_by_label("Points race: first to 50 points").check()
    problem = page.locator("#rules-problem")

    # The short race's own rule: the rules check hears of it as soon as it is ticked.
    page.get_by_label("Short race").check()
    problem.wait_for(state="visible", timeout=5000)
    assert problem.inner_text() == "A short race is for 4 players at most, not 5."
    page.get_by_label("Elena", exact=True).uncheck()
    problem.wait_for(state="hidden", timeout=5000)
    page.locator("#id_first_dealer").select_option(label="Anna")
    page.get_by_role("button", name="Start the series").click()
    page.wait_for_url("**/series/*/", timeout=5000)

    sheet = selectors.club_series(club=the_club).get()
    assert (sheet.rules["game"], sheet.rules["target"]) == (POINTS_RACE, SHORT_RACE)


def test_the_picker_counts_cards_as_the_series_game_values_them(
    page,
    live_server,
    club,
    third_games,
):
    """A court card costs 25 in the high courts, not RULES §1's 10: picked or
    typed, the picker counts what the server says, and the sheet agrees."""
    the_club, players = club
    anna, carla, dario = players[0], players[2], players[3]
    seated = [p.id for p in players[:4]]
    series_id = services.series_start(
        club=the_club, players=seated, first_dealer=anna.id, rules=HIGH_COURTS
    ).series_id
    sign_in(page, live_server, f"/series/{series_id}/deals/new/")
    page.locator(".tile", has_text="Bruno").click()

    pick(page, "Anna", ["K♣", "7♥", "A♠"])
    assert page.locator("[data-picker-count]").inner_text() == "3 cards · 33 points"
    close_picker(page)
    page.get_by_role("textbox", name="Cards of Carla").fill("QS 3D 4H")
    page.get_by_role("textbox", name="Cards of Dario").fill("JK 2C 5S")

    hand = page.locator(".hand", has_text="Carla").locator(".hand-summary")
    assert hand.inner_text() == f"3 cards · {COURT_CARD_VALUE + 3 + 4} points"
    page.get_by_role("button", name="Record the deal").click()
    page.wait_for_url(f"**/series/{series_id}/", timeout=5000)
    totals = selectors.series_state(selectors.series_sheet(series_id)).totals
    assert (totals[anna.id], totals[carla.id], totals[dario.id]) == (33, 32, 22)
