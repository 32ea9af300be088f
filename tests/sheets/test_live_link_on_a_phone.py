"""A scorer revokes a series' live link from the score sheet on a phone (360 × 740),
by the page's visible labels, in each of the five languages: the old link stops
working and the sheet shows the new one."""

from __future__ import annotations

import re

import pytest
from django.contrib.auth import get_user_model
from django.utils import translation

from series.clubs import players as player_services
from series.clubs import services as club_services
from series.sheets import live_links, selectors, services
from tests.support.browser import PASSWORD, chromium_tab, shoot, sign_in
from tests.support.pages import live_path

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def t(language: str, text: str) -> str:
    with translation.override(language):
        return translation.gettext(text)


def fits_the_phone(page) -> bool:
    return page.evaluate("document.documentElement.scrollWidth") <= 360


@pytest.mark.parametrize("language", ["en", "it", "es", "fr", "nl"])
def test_a_scorer_revokes_the_live_link_and_shares_the_new_one(live_server, monkeypatch, language):
    scorer = get_user_model().objects.create_user("marta", password=PASSWORD)
    club = club_services.club_create(name="Circolo Tressette", admin=scorer)
    anna, bruno, carla = (
        player_services.player_add(club=club, name=n) for n in ("Anna", "Bruno", "Carla")
    )
    series_id = services.series_start(
        club=club, players=[anna.id, bruno.id, carla.id], first_dealer=anna.id
    ).series_id

    with chromium_tab(monkeypatch, locale=language) as page:
        sign_in(page, live_server, f"/series/{series_id}/")
        share = page.get_by_role("region", name=t(language, "Follow live"))
        old = share.get_by_role("link", name=re.compile(r"^http.*live")).get_attribute("href")
        assert fits_the_phone(page)

        share.get_by_role("link", name=t(language, "Revoke the live link")).click()
        revoke = page.get_by_role("button", name=t(language, "Revoke the link and make a new one"))
        assert fits_the_phone(page)
        shoot(page, f"live-link-revoke-{language}")
        revoke.click()

        notice = t(language, "The old live link no longer works. Share the new one below.")
        page.get_by_role("status").filter(has_text=notice).wait_for()
        share = page.get_by_role("region", name=t(language, "Follow live"))
        new = share.get_by_role("link", name=re.compile(r"^http.*live")).get_attribute("href")
        assert new != old
        assert fits_the_phone(page)

        page.expected_errors.append("410")  # chromium reports the old link's answer
        assert page.goto(old).status == 410
        gone = t(
            language,
            "This live link no longer works: it was revoked, or the member "
            "who shared it left the club. Ask the scorer for the new link.",
        )
        assert page.get_by_role("alert").inner_text() == gone
        assert page.goto(new).status == 200
        assert page.locator("#score-table").is_visible()


def test_a_spectator_following_a_revoked_link_is_told_it_no_longer_works(page, live_server):
    scorer = get_user_model().objects.create_user("marta")
    club = club_services.club_create(name="Circolo Tressette", admin=scorer)
    players = [player_services.player_add(club=club, name=n) for n in ("Anna", "Bruno", "Carla")]
    series_id = services.series_start(
        club=club, players=[p.id for p in players], first_dealer=players[0].id
    ).series_id
    page.goto(f"{live_server.url}{live_path(series_id, scorer)}")
    page.get_by_text("Deal 1: Anna deals next.").wait_for()

    page.expected_errors.append("410")  # chromium reports the poll's answer
    live_links.live_link_renew(sheet=selectors.series_sheet(series_id), user=scorer)

    page.get_by_role("alert").filter(has_text="This live link no longer works").wait_for(
        timeout=10_000
    )
    assert page.locator("#score-table").count() == 0
