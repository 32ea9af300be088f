"""Two nights a club opened on one date are told apart where the club's nights
are listed and on each night's page: which night of the day it is and when it
opened."""

from __future__ import annotations

import pytest

from series.nights import services as nights
from tests.support.browser import AXE, sign_in, violations_of

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def test_two_nights_of_one_date_are_told_apart_in_the_list(page, live_server, club):
    the_club, _players = club
    first = nights.night_open(club=the_club, date="2026-03-14").night_id
    second = nights.night_open(club=the_club, date="2026-03-14").night_id
    nights.night_open(club=the_club, date="2026-03-07")

    page.context.add_init_script(path=AXE)
    sign_in(page, live_server, f"/clubs/{the_club.slug}/nights/")
    listed = page.get_by_role("region", name="Nights").get_by_role("link")
    listed.first.wait_for()
    texts = listed.all_inner_texts()
    assert len(texts) == 3 and len(set(texts)) == 3
    one = page.get_by_role("link", name="night 1 of the day", exact=False)
    two = page.get_by_role("link", name="night 2 of the day", exact=False)
    assert one.get_attribute("href").endswith(f"/nights/{first}/")
    assert two.get_attribute("href").endswith(f"/nights/{second}/")
    assert "of the day" not in texts[-1]  # the only night of its date
    assert violations_of(page) == []


def test_each_nights_page_says_which_night_of_its_date_it_is(page, live_server, club):
    the_club, _players = club
    first = nights.night_open(club=the_club, date="2026-03-14").night_id
    second = nights.night_open(club=the_club, date="2026-03-14").night_id
    only = nights.night_open(club=the_club, date="2026-03-07").night_id

    page.context.add_init_script(path=AXE)
    sign_in(page, live_server, f"/clubs/{the_club.slug}/nights/{second}/")
    heading = page.get_by_role("heading", level=1)
    heading.wait_for()
    assert "night 2 of the day, opened at" in heading.inner_text()
    assert violations_of(page) == []
    page.goto(f"{live_server.url}/clubs/{the_club.slug}/nights/{first}/")
    assert "night 1 of the day, opened at" in heading.inner_text()
    page.goto(f"{live_server.url}/clubs/{the_club.slug}/nights/{only}/")
    assert "of the day" not in heading.inner_text()


def test_closing_a_night_says_which_night_of_its_date_it_closes(page, live_server, club):
    the_club, players = club
    nights.night_open(club=the_club, date="2026-03-14")
    second = nights.night_open(club=the_club, date="2026-03-14").night_id
    nights.night_check_in(night_id=second, players=[p.id for p in players[:3]])
    nights.night_round_draw(night_id=second, min_table=3, max_table=3, seed=7)
    nights.night_tables_start(night_id=second)

    page.context.add_init_script(path=AXE)
    sign_in(page, live_server, f"/clubs/{the_club.slug}/nights/{second}/close/night/")
    heading = page.get_by_role("heading", name="Close the night?")
    heading.wait_for()
    assert "night 2 of the day, opened at" in heading.inner_text()
    assert violations_of(page) == []
