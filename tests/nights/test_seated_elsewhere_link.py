"""A player already at another open table is refused (RULES D-19), and the
refusal links that table, so the director opens it in one tap: its score sheet
once it plays, the night that drew it before it starts."""

from __future__ import annotations

import re

import pytest

from series.nights import selectors as night_selectors
from series.nights import services as nights
from tests.support.browser import AXE, sign_in, violations_of

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

WAIT = 5000  # ms, every wait bounded


def a_night_drawn(club, players, *, started: bool):
    night_id = nights.night_open(club=club, date="2026-03-14").night_id
    nights.night_check_in(night_id=night_id, players=[p.id for p in players[:3]])
    nights.night_round_draw(night_id=night_id, min_table=3, max_table=3, seed=7)
    if started:
        nights.night_tables_start(night_id=night_id)
    return night_id


def test_a_check_in_refused_for_a_player_at_another_nights_table_links_its_sheet(
    page, live_server, club
):
    """RULES D-19: Anna plays at Table 1 of one night; checked in at a second
    night of the same date, she is refused by name (it said "1 is seated") with
    a link to Table 1's sheet."""
    the_club, players = club
    first = a_night_drawn(the_club, players, started=True)
    sheet = night_selectors.night_page(first).rounds[-1].tables[0].series
    second = nights.night_open(club=the_club, date="2026-03-14").night_id
    page.context.add_init_script(path=AXE)
    page.expected_errors.append("status of 422")  # the refusal's answer
    sign_in(page, live_server, f"/clubs/{the_club.slug}/nights/{second}/")
    page.get_by_label("Anna", exact=True).check()
    page.get_by_role("button", name="Check in", exact=True).click()

    alert = page.get_by_role("alert").filter(has_text="Anna is seated at Table 1")
    alert.first.wait_for(timeout=WAIT)
    link = page.get_by_role("link", name="Open that table (Table 1)")
    assert violations_of(page) == []
    link.first.click()
    page.wait_for_url(re.compile(rf"/series/{sheet}/$"), timeout=WAIT)


def test_a_new_series_refused_for_a_player_drawn_at_a_night_links_that_night(
    page, live_server, club
):
    """RULES D-19: Anna is drawn at Table 1 of tonight's night, not started yet;
    a series started with her is refused (it answered 500) with a link to the
    night that seats her."""
    the_club, players = club
    night = a_night_drawn(the_club, players, started=False)
    page.context.add_init_script(path=AXE)
    page.expected_errors.append("status of 422")  # the refusal's answer
    sign_in(page, live_server, f"/clubs/{the_club.slug}/series/new/")
    for name in ("Anna", "Dario", "Elena"):
        page.get_by_label(name, exact=True).check()
    page.get_by_role("button", name="Start the series").click()

    page.get_by_text("Anna is seated at Table 1").first.wait_for(timeout=WAIT)
    link = page.get_by_role("link", name="Open that table (Table 1)")
    assert violations_of(page) == []
    link.click()
    page.wait_for_url(re.compile(rf"/nights/{night}/#round$"), timeout=WAIT)
