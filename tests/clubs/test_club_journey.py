"""A club starts and runs itself from the pages, in a real browser (Debian's
chromium, headless, 360 px wide): sign up, create a club, add six players, make
a scorer invitation; a second person opens it, signs up, joins, starts a series
and records a deal. Once in English, once in Italian, with the labels read from
the catalogues. ``SAVE_SCREENSHOTS=1`` refreshes docs/screenshots/."""

from __future__ import annotations

import re

import pytest

from series.models import Club, Membership, SeriesSheet
from tests.support.browser import PASSWORD, shoot, words

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

PLAYERS = ["Anna", "Bruno", "Carla", "Dario", "Elena", "Fabio"]


def field(tab, label: str):
    """The field whose label is ``label`` (Django adds a colon after it)."""
    return tab.get_by_label(re.compile(rf"^{re.escape(label)}\W*$"))


def sign_up(tab, t, username: str) -> None:
    field(tab, t("User name")).fill(username)
    field(tab, t("Password")).fill(PASSWORD)
    field(tab, t("Password confirmation")).fill(PASSWORD)
    tab.get_by_role("button", name=t("Create the account")).click()


def snap(tab, name: str, suffix: str | None) -> None:
    if suffix is not None:
        shoot(tab, f"{name}{suffix}")


def secretary_starts_the_club(tab, t, base: str, suffix: str | None) -> str:
    tab.goto(f"{base}/")
    tab.get_by_role("link", name=t("Create an account")).first.click()
    snap(tab, "sign-up", suffix)
    sign_up(tab, t, "secretary")
    tab.get_by_text(t("Where to start")).wait_for()
    snap(tab, "home-new-user", suffix)
    tab.get_by_role("link", name=t("Create a club")).click()
    field(tab, t("Club name")).fill("Circolo del Giovedì")
    field(tab, t("Time zone")).select_option("Europe/Rome")
    snap(tab, "club-new", suffix)
    tab.get_by_role("button", name=t("Create the club")).click()

    field(tab, t("Names, one a line")).fill("\n".join(PLAYERS))
    tab.get_by_role("button", name=t("Add the players")).click()
    for name in PLAYERS:
        tab.get_by_role("link", name=name, exact=True).wait_for()
    snap(tab, "players", suffix)

    tab.get_by_role("link", name=t("Members")).first.click()
    tab.get_by_role("button", name=t("Make the invitation link")).click()
    link = tab.locator("#invitation-link").inner_text()
    assert tab.locator(".qr svg").is_visible()
    snap(tab, "invitation", suffix)
    tab.get_by_role("link", name=t("Back to the members")).click()
    # The invitation is listed, not used yet: it can still be withdrawn.
    invitations = tab.get_by_role("region", name=t("Invitations"))
    invitations.get_by_role("button", name=t("Withdraw")).wait_for()
    assert t("open") in invitations.inner_text()
    snap(tab, "members", suffix)
    tab.get_by_role("link", name=t("Settings")).first.click()
    assert field(tab, t("Time zone")).input_value() == "Europe/Rome"
    snap(tab, "club-settings", suffix)
    return link


def scorer_joins_and_records_a_deal(tab, t, link: str, language: str) -> None:
    tab.goto(link)
    assert tab.url.endswith("/join/")  # the token left the address bar at once
    heading = t("Join %(club)s as %(role)s?", club="Circolo del Giovedì", role=t("scorer"))
    tab.get_by_role("heading", name=heading).wait_for()
    snap(tab, "join", "" if language == "en" else f"-{language}")
    tab.get_by_role("link", name=t("Create an account")).first.click()
    sign_up(tab, t, "scorer")
    tab.get_by_role("button", name=t("Join %(club)s", club="Circolo del Giovedì")).click()
    tab.get_by_role("heading", name=t("My clubs")).wait_for()

    tab.get_by_role("link", name=t("New series")).click()
    for name in PLAYERS[:4]:
        tab.get_by_label(name, exact=True).check()
    field(tab, t("First dealer")).select_option(label="Anna")
    tab.get_by_role("button", name=t("Start the series")).click()
    tab.wait_for_url("**/series/*/")

    tab.get_by_role("link", name=t("Record a deal")).click()
    tab.locator(".tile", has_text="Bruno").click()
    for name, points in (("Anna", 40), ("Carla", 25), ("Dario", 30)):
        tab.get_by_label(t("Points of %(name)s", name=name)).fill(str(points))
    tab.get_by_role("button", name=t("Record the deal")).click()
    tab.wait_for_url("**/series/*/")
    tab.get_by_text(t("Rules of this series")).wait_for()


def test_a_club_starts_and_runs_itself_from_the_pages(browsers, live_server):
    # A club of two languages: the secretary works in English (the README's
    # pages), the scorer they invite has an Italian phone.
    secretary, english = browsers("en"), words("en")
    link = secretary_starts_the_club(secretary, english, live_server.url, "")
    scorer_joins_and_records_a_deal(browsers("it"), words("it"), link, "it")

    club = Club.objects.get()
    assert Membership.objects.get(club=club, user__username="scorer").role == "scorer"
    assert club.players.count() == 6
    sheet = SeriesSheet.objects.get(club=club)
    assert sheet.deals_played == 1
    assert sheet.version == 2
    # The secretary reads the deal the scorer recorded, in English.
    secretary.goto(f"{live_server.url}/series/{sheet.id}/")
    secretary.get_by_text(english("Rules of this series")).wait_for()
    snap(secretary, "sheet-with-rules", "")


def test_the_rules_and_account_pages_fit_a_phone(browsers, live_server):
    tab = browsers("en")
    tab.goto(f"{live_server.url}/rules/continental/")
    assert tab.evaluate("document.documentElement.scrollWidth") <= 360
    shoot(tab, "rules")
    tab.goto(f"{live_server.url}/signup/")
    sign_up(tab, words("en"), "reader")
    tab.get_by_role("link", name="Account").click()
    tab.wait_for_url("**/account/")
    tab.wait_for_load_state("load")  # the page measured is the account's, not one being left
    assert tab.evaluate("document.documentElement.scrollWidth") <= 360
    shoot(tab, "account")


def test_a_used_invitation_says_so_in_the_browser(browsers, live_server):
    tab = browsers("en")
    link = secretary_starts_the_club(tab, words("en"), live_server.url, None)
    tab.goto(link)  # the admin is a member already: the link stays unused
    first = browsers("en")
    first.goto(link)
    first.get_by_role("link", name="Create an account").first.click()
    sign_up(first, words("en"), "first")
    first.get_by_role("button", name="Join Circolo del Giovedì").click()
    late = browsers("en")
    late.goto(link)
    assert "This invitation was used already" in late.get_by_role("alert").inner_text()
