"""On a 360 px phone, in English and Italian: a series started with a player
who sits at another open table is refused with a way to that table (RULES
D-19), and the series started by mistake is abandoned from its sheet."""

from __future__ import annotations

import pytest
from django.contrib.auth import get_user_model

from series.clubs import players as player_services
from series.clubs import services as club_services
from series.sheets import services
from tests.support.browser import PASSWORD, shoot, sign_in, words

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


# One language: a journey runs once; its words in every language are test_languages.py's.
@pytest.mark.parametrize("language", ["it"])
def test_a_table_started_by_mistake_is_scrapped_and_its_players_seated_again(
    page, live_server, language
):
    t = words(language)
    scorer = get_user_model().objects.create_user("marta", password=PASSWORD)
    club = club_services.club_create(name="Circolo Tressette", admin=scorer)
    names = ("Anna", "Bruno", "Carla", "Dario", "Elena")
    anna, bruno, carla, *_others = (player_services.player_add(club=club, name=n) for n in names)
    mistake = services.series_start(
        club=club, players=[anna.id, bruno.id, carla.id], first_dealer=anna.id
    ).series_id
    sign_in(page, live_server)
    if language != "en":
        page.wait_for_selector("#language-choice")
        with page.expect_navigation():
            page.locator("#language-choice").select_option(language)

    # Carla sits at the open series: a new table with her is refused.
    page.goto(f"{live_server.url}/clubs/{club.slug}/series/new/")
    for player in ("Carla", "Dario", "Elena"):
        page.get_by_label(player, exact=True).check()
    page.get_by_role("button", name=t("Start the series")).click()
    refusal = page.locator("#form-errors").inner_text()
    assert refusal.startswith("Carla ")
    # The link names the series by its players (and its start time).
    label = t("Open that series (%(label)s)", label="Anna, Bruno, Carla")[:-1]
    open_it = page.get_by_role("link", name=label)
    shoot(page, f"abandon-seated-elsewhere-{language}")
    open_it.click()
    page.wait_for_url(f"**/series/{mistake}/")

    page.get_by_role("link", name=t("Abandon this series")).click()
    page.get_by_label(t("Why is the series abandoned?")).fill("Carla is at the other table")
    page.get_by_label(t("Yes, abandon it: no more deals can be recorded in this series")).check()
    shoot(page, f"abandon-series-{language}")
    page.get_by_role("button", name=t("Abandon the series")).click()
    page.get_by_text(t("The series is abandoned.")).wait_for()
    assert page.get_by_role("link", name=t("Abandon this series")).count() == 0

    page.get_by_role("link", name=t("Audit trail")).click()
    page.get_by_text("Carla is at the other table").wait_for()

    page.goto(f"{live_server.url}/clubs/{club.slug}/series/new/")
    for player in ("Carla", "Dario", "Elena"):
        page.get_by_label(player, exact=True).check()
    page.get_by_role("button", name=t("Start the series")).click()
    page.wait_for_url("**/series/*/")
    assert str(mistake) not in page.url
    # The sheet fits the phone: nothing wider than the screen.
    assert page.evaluate("document.documentElement.scrollWidth") <= 360
