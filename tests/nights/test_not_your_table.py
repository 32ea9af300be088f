"""A scorer seated at one table of a club night, on a 360 × 740 phone: another
table's score sheet points them to their own, whose deals they record; that
table's deal page, opened from a link someone shared, says "Not your table"
and offers both sheets (RULES D-19). axe finds nothing on either page."""

from __future__ import annotations

import pytest
from django.contrib.auth import get_user_model

from series.clubs import membership
from series.clubs import players as player_services
from series.nights import services as nights
from tests.support.browser import AXE, PASSWORD, shoot, sign_in, violations_of
from tests.support.nights import drawn, night_of

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

WAIT = 5000  # ms, every wait bounded


@pytest.fixture
def tables(transactional_db):
    """A night of nine at tables of 5 and 4, both started; Marta, a scorer, is the
    first seat of table 1."""
    club, _players, night = night_of(9)
    drawn(night.night_id, low=4, high=5, seed=11)
    one, two = nights.night_tables_start(night_id=night.night_id).state.current_round.tables
    scorer = get_user_model().objects.create_user("marta", password=PASSWORD)
    membership.member_set(club=club, user=scorer, role="scorer")
    player_services.player_link(club=club, player_id=one.seats[0], user_id=scorer.id)
    return club, night.night_id, one, two


def test_a_scorer_is_sent_from_another_table_to_their_own(browsers, live_server, tables):
    club, night_id, one, two = tables
    browsers.expected.append("status of 403")  # the deal page refuses, as it should
    phone = browsers("en-GB")
    phone.context.add_init_script(path=AXE)
    sign_in(phone, live_server, f"/clubs/{club.slug}/nights/{night_id}/")
    phone.get_by_role("link", name="Score sheet of table 2").click()
    phone.get_by_text("You play at Table 1 tonight").wait_for(timeout=WAIT)
    assert phone.get_by_role("link", name="Record a deal").count() == 0
    assert violations_of(phone) == []

    phone.goto(f"{live_server.url}/series/{two.series}/deals/new/")  # a link shared by mistake
    phone.get_by_role("heading", name="Not your table").wait_for(timeout=WAIT)
    phone.get_by_text("record the deals of your own table only").wait_for(timeout=WAIT)
    assert phone.evaluate("document.documentElement.scrollWidth") <= 360
    assert violations_of(phone) == []
    shoot(phone, "night-not-your-table")
    phone.get_by_role("link", name="Score sheet of table 1").click()
    phone.get_by_role("link", name="Record a deal").wait_for(timeout=WAIT)
    assert phone.url.endswith(f"/series/{one.series}/")
