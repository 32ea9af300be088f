"""Standard Rummy at the table (RULES §3), from the phone's deal page: a deal
where the stock ran out with nobody out, won by the lowest hand, and a Rummy
claim that doubles what the winner collects; the correction page shows both
as they were recorded. In a real browser at 360 px, by visible labels."""

from __future__ import annotations

import json
import re

import pytest

from series.domain.games.rummy import Rummy
from series.sheets import selectors, services
from tests.support.browser import shoot, sign_in
from tests.support.factories import entry
from tests.support.pages import deal_form


def rummy_series(at_club, players, scoring: str) -> str:
    return services.series_start(
        club=at_club,
        players=[p.id for p in players],
        first_dealer=players[0].id,
        rules="rummy",
        options={"scoring": scoring, "target": 100},
    ).series_id


def totals_on_the_strip(page) -> dict[str, str]:
    chips = page.get_by_role("list", name="Totals").get_by_role("listitem")
    return {
        chip.locator(".chip-name").inner_text(): chip.locator(".chip-total").inner_text()
        for chip in chips.all()
    }


@pytest.mark.browser
@pytest.mark.django_db(transaction=True)
def test_a_rummy_table_records_a_stock_run_out_and_a_rummy_claim(page, live_server, club):
    the_club, players = club
    anna, bruno, carla, dario = players[:4]
    series_id = rummy_series(the_club, [anna, bruno, carla, dario], "winner_takes_all")
    sign_in(page, live_server, f"/series/{series_id}/")
    page.get_by_role("link", name="Record a deal").click()

    # The stock ran out: everybody's hand is counted, and the lowest wins the deal.
    rummy = page.get_by_label("Rummy: the whole hand laid down in one turn")
    rummy.check()
    page.get_by_label("Nobody: the stock ran out").check()
    assert rummy.is_hidden() and not rummy.is_checked()  # nobody out: nobody made a Rummy
    for name, points in (("Anna", 20), ("Bruno", 15), ("Carla", 30), ("Dario", 25)):
        page.get_by_label(f"Points of {name}").fill(str(points))
    shoot(page, "rummy-nobody-out")
    page.get_by_role("button", name="Record the deal").click()
    page.wait_for_url(f"**/series/{series_id}/")
    assert totals_on_the_strip(page)["Bruno"] == "75"  # 20 + 30 + 25 collected

    # Carla lays her whole hand down in one turn: a Rummy doubles the collection.
    page.get_by_role("link", name="Record a deal").click()
    page.get_by_label("Carla", exact=True).check()
    page.get_by_label("Rummy: the whole hand laid down in one turn").check()
    for name, points in (("Anna", 10), ("Bruno", 12), ("Dario", 8)):
        page.get_by_label(f"Points of {name}").fill(str(points))
    shoot(page, "rummy-claim")
    page.get_by_role("button", name="Record the deal").click()
    page.wait_for_url(f"**/series/{series_id}/")
    assert totals_on_the_strip(page)["Carla"] == "60"  # (10 + 12 + 8) × 2
    assert page.evaluate("document.documentElement.scrollWidth") <= 360

    page.get_by_role("link", name="Audit trail").click()
    trail = page.locator("main").inner_text()
    assert "Nobody went out: the stock ran out." in trail
    assert "Carla went out." in trail
    assert "A Rummy: the whole hand laid down in one turn." in trail

    page.goto(f"{live_server.url}/series/{series_id}/deals/2/correct/")
    assert page.get_by_label("Rummy: the whole hand laid down in one turn").is_checked()
    page.goto(f"{live_server.url}/series/{series_id}/deals/1/correct/")
    assert page.get_by_label("Nobody: the stock ran out").is_checked()


def claim_for(page: str) -> list[str] | None:
    """The answers to "Who went out?" the page says a Rummy goes with (None: no such data)."""
    found = re.search(r'<script id="rummy-claim-for" type="application/json">(.*?)</script>', page)
    return None if found is None else json.loads(found.group(1))


@pytest.mark.django_db
def test_the_page_names_the_answers_a_rummy_goes_with_as_the_game_says(as_role, table):
    """The deal script hides the Rummy box by what the page says, and the page
    says what the game's rule says (``Game.rummy_claimable``): every player who
    may go out, never "nobody" (RULES §3)."""
    anna, bruno, carla = table.players[:3]
    series_id = rummy_series(table.club, [anna, bruno, carla], "elimination")
    game = Rummy()

    page = as_role("scorer").get(f"/series/{series_id}/deals/new/").content.decode()

    choices = [*(str(p.id) for p in (anna, bruno, carla)), "nobody"]
    named = [c for c in choices if game.rummy_claimable(None if c == "nobody" else int(c))]
    assert claim_for(page) == named == [str(anna.id), str(bruno.id), str(carla.id)]


@pytest.mark.browser
@pytest.mark.django_db(transaction=True)
def test_the_rummy_box_comes_and_goes_as_the_server_says(page, live_server, club, monkeypatch):
    """By visible labels at 360 px: the Rummy box leaves with "Nobody" and comes
    back with a player; and when the server's rule says otherwise (here, a
    house rule of the test's where only Anna's Rummy or nobody's counts), the
    page follows it: the rule is not the script's."""
    the_club, players = club
    anna, bruno, carla, dario = players[:4]
    series_id = rummy_series(the_club, [anna, bruno, carla, dario], "winner_takes_all")
    sign_in(page, live_server, f"/series/{series_id}/deals/new/")
    rummy = page.get_by_label("Rummy: the whole hand laid down in one turn")
    assert rummy.is_visible()  # nobody chosen yet
    page.get_by_label("Nobody: the stock ran out").check()
    assert rummy.is_hidden()
    page.get_by_label("Carla", exact=True).check()
    assert rummy.is_visible()

    monkeypatch.setattr(
        Rummy, "rummy_claimable", lambda self, went_out: went_out in (None, anna.id)
    )
    page.reload()
    page.get_by_label("Nobody: the stock ran out").check()
    assert rummy.is_visible()
    page.get_by_label("Carla", exact=True).check()
    assert rummy.is_hidden() and not rummy.is_checked()
    page.get_by_label("Anna", exact=True).check()
    assert rummy.is_visible()
    assert page.evaluate("document.documentElement.scrollWidth") <= 360


@pytest.mark.django_db
def test_continental_offers_neither_claim(as_role, table, four):
    page = as_role("scorer").get(f"/series/{four}/deals/new/").content.decode()
    assert "Nobody: the stock ran out" not in page
    assert 'name="rummy"' not in page
    assert claim_for(page) is None


@pytest.mark.django_db
def test_a_rummy_claim_with_nobody_out_is_refused_and_the_entry_kept(as_role, table):
    anna, bruno, carla = table.players[:3]
    series_id = rummy_series(table.club, [anna, bruno, carla], "elimination")
    data = deal_form(1, anna, {anna: 20, bruno: 15, carla: 30}, rummy="on")
    data["went_out"] = "nobody"

    response = as_role("scorer").post(f"/series/{series_id}/deals/new/", data)

    assert response.status_code == 200
    assert "Deal 1: nobody went out, so nobody made a Rummy." in response.content.decode()
    assert selectors.sheet_version(series_id) == 1


@pytest.mark.django_db
def test_groups_shown_for_a_rummy_are_checked_from_the_page(as_role, table):
    anna, bruno, carla = table.players[:3]
    series_id = rummy_series(table.club, [anna, bruno, carla], "elimination")
    claim = {"groups": "3H 4H 5H 6H\n9C 9D 9S", "discard": "KD"}
    data = deal_form(1, bruno, {anna: 10, carla: 12}, **claim)

    refused = as_role("scorer").post(f"/series/{series_id}/deals/new/", data)
    assert "mark the deal as a Rummy" in refused.content.decode()

    recorded = as_role("scorer").post(f"/series/{series_id}/deals/new/", {**data, "rummy": "on"})
    assert recorded.status_code == 302
    assert selectors.sheet_version(series_id) == 2


@pytest.mark.browser
@pytest.mark.django_db(transaction=True)
def test_a_rummy_claim_refused_after_the_phone_was_offline_comes_back_ticked(
    page,
    live_server,
    club,
):
    """The outbox keeps an entry made offline; when it is refused later (another
    phone recorded a deal meanwhile), opening the deal form again brings the
    entry back as it was typed, the Rummy box ticked."""
    page.expected_errors.append("ERR_INTERNET_DISCONNECTED")
    the_club, players = club
    anna, bruno, carla, dario = players[:4]
    series_id = rummy_series(the_club, [anna, bruno, carla, dario], "winner_takes_all")
    sign_in(page, live_server, f"/series/{series_id}/")
    page.wait_for_function("() => navigator.serviceWorker.ready.then(() => true)")
    page.reload()  # through the service worker, which keeps a copy of the sheet
    page.wait_for_function("() => navigator.serviceWorker.controller !== null")
    page.get_by_role("link", name="Record a deal").click()
    page.get_by_label("Carla", exact=True).check()
    page.get_by_label("Rummy: the whole hand laid down in one turn").check()
    for name, points in (("Anna", 10), ("Bruno", 12), ("Dario", 8)):
        page.get_by_label(f"Points of {name}").fill(str(points))

    # Another phone records a deal while this form is open: whenever this entry
    # reaches the server, the sheet has moved on. (Now and then a request sent as
    # the browser goes offline still reaches the server; recorded first, the other
    # phone's deal makes the answer a refusal either way.)
    services.deal_record(series_id=series_id, entry=entry(anna, {bruno: 20, carla: 15, dario: 10}))
    page.context.set_offline(True)
    page.get_by_role("button", name="Record the deal").click()
    page.locator("#deal-form [data-outbox-status]").get_by_text("Waiting").wait_for()
    page.goto(f"{live_server.url}/series/{series_id}/")  # the cached sheet
    page.context.set_offline(False)
    page.locator("#outbox-pending").get_by_text("refused", exact=False).wait_for()

    page.get_by_role("link", name="Record a deal").click()
    page.wait_for_selector("#deal-form")
    assert page.get_by_label("Carla", exact=True).is_checked()
    assert page.get_by_label("Rummy: the whole hand laid down in one turn").is_checked()
    assert page.get_by_label("Points of Bruno").input_value() == "12"


# The deal page's two Rummy labels in each language.
RUMMY_LABELS = {
    "en": ("Nobody: the stock ran out", "Rummy: the whole hand laid down in one turn"),
    "it": (
        "Nessuno: il tallone è finito",
        "Chiusura in mano: tutta la mano calata in un solo turno",
    ),
    "es": ("Nadie: se acabó el mazo", "Rummy: toda la mano bajada en un solo turno"),
    "fr": ("Personne : la pioche est épuisée", "Rummy : toute la main posée en un seul tour"),
    "nl": ("Niemand: de stapel is op", "Rummy: de hele hand in één beurt uitgelegd"),
}


@pytest.mark.browser
@pytest.mark.django_db(transaction=True)
def test_the_rummy_deal_page_fits_a_phone_in_every_language(page, live_server, club):
    """One series, one tab: each language chosen in turn on the home page's switcher."""
    the_club, players = club
    series_id = rummy_series(the_club, players[:4], "winner_takes_all")
    sign_in(page, live_server)
    for language, (nobody, rummy) in RUMMY_LABELS.items():
        if language != "en":
            page.goto(f"{live_server.url}/")
            page.wait_for_selector("#language-choice")
            with page.expect_navigation():
                page.locator("#language-choice").select_option(language)
        page.goto(f"{live_server.url}/series/{series_id}/deals/new/")
        assert page.get_by_label(nobody).is_visible(), f"in {language}: no {nobody!r}"
        assert page.get_by_label(rummy).is_visible(), f"in {language}: no {rummy!r}"
        shoot(page, f"rummy-deal-{language}")
        width = page.evaluate("document.documentElement.scrollWidth")
        assert width <= 360, f"in {language}: the page is {width} px wide"
