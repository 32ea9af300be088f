"""What a room noticed on a phone at 360 × 740: a table's score sheet links back
to its night, the table cards page fits the phone's width (it stays A4 in
print), and the paper backup sheet says who deals each deal (RULES D-9)."""

from __future__ import annotations

import pytest

from series.nights import selectors as night_selectors
from tests.support.browser import sign_in
from tests.support.nights import tables_started

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

WAIT = 5000  # ms, every wait bounded


@pytest.fixture
def started(club):
    the_club, players = club
    night_id = tables_started(the_club, players, 5)
    return the_club, night_id


def test_a_tables_score_sheet_links_back_to_its_night(page, live_server, started):
    club, night_id = started
    table = night_selectors.night_page(night_id).rounds[-1].tables[0]
    sign_in(page, live_server, f"/series/{table.series}/")
    page.get_by_role("link", name="Back to the club night").click()
    page.get_by_role("heading", name="Round 1").wait_for(timeout=WAIT)
    assert page.url.split("#")[0].endswith(f"/clubs/{club.slug}/nights/{night_id}/")


def test_the_table_cards_fit_a_phone(page, live_server, started):
    club, night_id = started
    sign_in(page, live_server, f"/clubs/{club.slug}/nights/{night_id}/cards/")
    page.get_by_role("heading", name="Table 1").wait_for(timeout=WAIT)
    assert page.evaluate("document.documentElement.scrollWidth") <= 360


def test_the_paper_sheet_lists_each_deals_dealer(page, live_server, started):
    """RULES D-9: the first dealer deals deal 1, then the deal passes in seat order."""
    club, night_id = started
    table = night_selectors.night_page(night_id).rounds[-1].tables[0]
    names = [seat.name for seat in table.seats]
    first = names.index(table.first_dealer_name)
    sign_in(page, live_server, f"/clubs/{club.slug}/nights/{night_id}/cards/")
    sheet = page.get_by_role("table", name="Paper score sheet, table 1")
    assert sheet.get_by_role("columnheader", name="Dealer").count() == 1
    dealers = sheet.locator("tbody td.dealer").all_inner_texts()
    assert dealers == [names[(first + n) % len(names)] for n in range(len(names))]
