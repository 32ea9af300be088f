"""Three journeys on a phone at 360 × 740 (RULES D-25): a member confirms the
player of their second club, a club's admin joins a federation with its link,
and a visitor reads the ranking list and a person's results. Nothing is wider
than the screen but the tables, which scroll sideways with their names pinned."""

from __future__ import annotations

import pytest
from django.contrib.auth import get_user_model

from series.federations import persons, services
from series.models import FederationMember, PersonLink
from tests.federations.conftest import club_of, followed, linked, placed_night
from tests.support.browser import chromium_tab, shoot, sign_in

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

WAIT = 5000  # ms, every wait bounded


@pytest.fixture
def page(live_server, monkeypatch):
    with chromium_tab(monkeypatch) as tab:
        yield tab


def page_fits(tab) -> bool:
    return tab.evaluate("document.documentElement.scrollWidth <= window.innerWidth")


def a_federation(admin):
    uno, uno_players = club_of("Uno", ["Ada", "Bruno", "Carla"], admin=admin)
    due, due_players = club_of("Due", ["Dino", "Marta R", "Eva"], admin=admin)
    made = services.federation_create(user=admin, name="Lega")
    for club in (uno, due):
        services.club_join(federation=made.federation, club=club, user=admin)
    for club, players in ((uno, uno_players), (due, due_players)):
        for _night in range(2):
            placed_night(club, [[p] for p in players])
    return made, (uno, uno_players), (due, due_players)


def test_a_member_confirms_the_player_of_their_second_club(page, live_server, marta):
    admin = get_user_model().objects.create_user("admin")
    _made, (uno, uno_players), (due, due_players) = a_federation(admin)
    linked(uno, uno_players[0], marta)
    linked(due, due_players[1], marta)
    persons.link_confirm(user=marta, club_slug="uno", player_id=uno_players[0].id)  # her first
    sign_in(page, live_server, "/account/")
    page.get_by_role("link", name="Your players across clubs").click()
    page.get_by_role("button", name="Confirm: Marta R is me").click()
    page.get_by_text("confirmed").nth(1).wait_for(timeout=WAIT)
    assert page_fits(page)
    shoot(page, "federation-confirm-player")
    assert PersonLink.objects.filter(player=due_players[1], user=marta).exists()
    followed()
    page.goto(f"{live_server.url}/federations/lega/")
    names = page.locator("#ranking tbody th").all_inner_texts()
    assert names.count("Ada") == 1 and "Marta R" not in names  # one person, two clubs


def test_a_club_admin_joins_a_federation_with_its_link(page, live_server, marta):
    runner = get_user_model().objects.create_user("runner")
    club_of("Circolo Tressette", ["Ada", "Bruno"], admin=marta)
    made = services.federation_create(user=runner, name="Lega")
    sign_in(page, live_server, f"/federations/lega/join/{made.token}/")
    page.get_by_role("heading", name="Join Lega").wait_for(timeout=WAIT)
    page.get_by_label("Your club").select_option(label="Circolo Tressette")
    assert page_fits(page)
    page.get_by_role("button", name="Join the federation").click()
    page.get_by_text("Your club is a member of Lega.").wait_for(timeout=WAIT)
    shoot(page, "federation-joined")
    assert FederationMember.objects.get(club__slug="circolo-tressette").status == "active"


def test_a_visitor_reads_the_ranking_list_and_a_persons_results(page, live_server):
    admin = get_user_model().objects.create_user("admin")
    a_federation(admin)
    followed()
    page.goto(f"{live_server.url}/federations/lega/")
    table = page.locator("#ranking")
    table.wait_for(timeout=WAIT)
    assert page_fits(page)
    first = page.locator("#ranking tbody th").first
    assert first.evaluate("cell => getComputedStyle(cell).position") == "sticky"
    shoot(page, "federation-ranking")
    first.get_by_role("link").click()
    page.locator("#results").wait_for(timeout=WAIT)
    assert page_fits(page)
    box = page.locator("#results").locator("xpath=..")
    if box.evaluate("box => box.scrollWidth > box.clientWidth"):
        assert page.locator(".scroll-hint").first.is_visible()
    assert "1000" in page.locator("#results").inner_text()
    shoot(page, "federation-person")
