"""The night's report in a browser: reached from the closed night's page on a
phone at 360 × 740, its ranking and facts read by their labels, nothing wider
than the screen, axe finds nothing; printed, 24 players over three rounds fit
one A4 page."""

from __future__ import annotations

import re

import pytest

from tests.support.browser import AXE, printed_pages, shoot, violations_of
from tests.support.nights import a_night_with_every_fact

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

WAIT = 5000  # ms, every wait bounded
# Names as long as a club's members' often are.
NAMES = tuple(
    f"{first} {last}"
    for first, last in zip(
        (
            "Alessandra Massimiliana",
            "Konstantin",
            "Dorothea",
            "Bartholomew",
            "Carla",
            "Elena",
            "Fabio",
            "Gina",
            "Hugo",
            "Ida",
            "Jan",
            "Kim",
            "Leonardo",
            "Massimiliano",
            "Nora",
            "Otto",
            "Pia",
            "Quirino",
            "Rosalba",
            "Salvatore",
            "Teodora",
            "Ugo",
            "Valentina",
            "Wilhelmina",
        ),
        (
            "Bianchi-Esposito",
            "Weber",
            "Jansen",
            "Hughes",
            "Esposito",
            "Marchetti",
            "Ricci",
            "Lombardi",
            "Vermeulen",
            "Ferrari",
            "de Vries",
            "Moreau",
            "Gallo",
            "Conti",
            "Greco",
            "Bakker",
            "Romano",
            "Colombo",
            "Fontana",
            "Santoro",
            "Mariani",
            "Rinaldi",
            "Caruso",
            "van der Meulen",
        ),
        strict=True,
    )
)


def test_from_the_closed_nights_page_to_its_report_on_a_phone(browsers, live_server):
    club, _players, night_id = a_night_with_every_fact(8, rounds=2, names=NAMES)
    phone = browsers("en-GB")
    phone.context.add_init_script(path=AXE)
    phone.goto(f"{live_server.url}/clubs/{club.slug}/nights/{night_id}/")
    phone.get_by_role("link", name="The night's report").click()
    phone.get_by_role("heading", name=re.compile("Report of the club night of")).wait_for(
        timeout=WAIT
    )
    ranking = phone.get_by_role("region", name="Tonight's ranking")
    ranking.get_by_role("columnheader", name="Round 2").wait_for(timeout=WAIT)
    assert ranking.get_by_role("rowheader").count() == 8
    assert re.search(r"T\d (1st|2nd|3rd|4th) \d", ranking.inner_text())
    # The rounds run past a phone's width: the page says the table scrolls.
    assert phone.get_by_text("Swipe the table sideways to see every column →").is_visible()
    facts = phone.get_by_role("heading", name="The night's facts")
    assert facts.is_visible()
    text = phone.locator("main").inner_text()
    assert "The highest penalty in one deal:" in text
    assert "Tiebreak at round 1, table 1 (deal 3):" in text
    assert "The director's result at round 1, table 2:" in text
    phone.get_by_role("heading", name="Each table's final totals").wait_for(timeout=WAIT)
    assert phone.evaluate("document.documentElement.scrollWidth") <= 360
    assert violations_of(phone) == []
    phone.evaluate("window.scrollTo(0, 0)")
    shoot(phone, "night-report", full_page=False)


def test_the_report_of_24_players_prints_on_one_a4_page(browsers, live_server):
    club, _players, night_id = a_night_with_every_fact(24, rounds=3, names=NAMES)
    tab = browsers("en-GB")
    tab.goto(f"{live_server.url}/clubs/{club.slug}/nights/{night_id}/report/")
    tab.get_by_role("heading", name="Each table's final totals").wait_for(timeout=WAIT)
    assert tab.locator(".report-table").count() == 18  # six tables, three rounds
    assert tab.evaluate("document.documentElement.scrollWidth") <= 360
    tab.emulate_media(media="print")
    assert printed_pages(tab.pdf(format="A4")) == 1
