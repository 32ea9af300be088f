"""A late arrival sits down at a table whose score sheet is open, on a 360 × 740
phone (RULES D-22): the director checks them in and seats them with the move
form, which offers only the tables that have not recorded a deal; the table's
sheet then seats them after the last seat. axe finds nothing on the page."""

from __future__ import annotations

import pytest
from django.contrib.auth import get_user_model

from series.clubs import players as player_services
from series.clubs import services as club_services
from series.nights import selectors as night_selectors
from series.sheets import services
from tests.support.browser import AXE, PASSWORD, SIX, sign_in, violations_of
from tests.support.factories import entry
from tests.support.nights import tables_started

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

WAIT = 5000  # ms, every wait bounded


@pytest.fixture
def night(transactional_db):
    """A night of six at two tables of three, their score sheets open; Table 1 has
    played a deal, Table 2 none; Rita has come late and is not checked in."""
    director = get_user_model().objects.create_user("marta", password=PASSWORD)
    club = club_services.club_create(name="Circolo Tressette", admin=director)
    players = [player_services.player_add(club=club, name=name) for name in SIX]
    player_services.player_add(club=club, name="Rita")
    night_id = tables_started(club, players, 3)
    first, second = night_selectors.night_page(night_id).rounds[-1].tables
    out, two, three = (seat.player for seat in first.seats)
    services.deal_record(series_id=first.series, entry=entry(out, {two: 20, three: 30}))
    return club, night_id, second


def test_a_late_arrival_sits_down_at_a_table_that_has_not_dealt(browsers, live_server, night):
    club, night_id, second = night
    director = browsers("en-GB")
    director.context.add_init_script(path=AXE)
    sign_in(director, live_server, f"/clubs/{club.slug}/nights/{night_id}/")
    director.get_by_label("Rita").check()
    director.get_by_role("button", name="Check in", exact=True).click()
    director.get_by_text("Checked in.").wait_for(timeout=WAIT)

    director.get_by_text("Move or swap players (before a table's first deal)").click()
    player = director.get_by_label("Player")
    assert player.locator("option").all_inner_texts() == ["Rita (not seated yet)"]
    # Nobody sits at a table not started: there is no one to swap with, not even
    # Rita, who has no seat (the list offered her, a second time on the form).
    assert director.get_by_label("Or swap with").count() == 0
    player.select_option(label="Rita (not seated yet)")
    to_table = director.get_by_label("To table")
    offered = to_table.locator("option").all_inner_texts()
    assert offered == ["—", "2"]  # Table 1 has recorded its first deal
    assert violations_of(director) == []
    assert director.evaluate("document.documentElement.scrollWidth") <= 360
    to_table.select_option("2")
    director.get_by_role("button", name="Change the seats").click()
    director.get_by_text("The seats are changed.").wait_for(timeout=WAIT)

    table = director.get_by_role("article", name="Table 2")
    table.get_by_text("Rita").wait_for(timeout=WAIT)
    assert violations_of(director) == []
    director.get_by_role("link", name="Score sheet of table 2").click()
    sheet = director.get_by_role("table").first
    sheet.get_by_text("Rita").wait_for(timeout=WAIT)
    seated = [seat.name for seat in second.seats]
    headers = director.evaluate(
        "Array.from(document.querySelectorAll('thead th')).map(th => th.innerText.trim())"
    )
    names = [h for h in headers if h in (*seated, "Rita")]
    assert names == [*seated, "Rita"]  # after the last seat
