"""The league's players not ranked yet are listed, between equal numbers of
series, in the order a reader scans names: "Íñigo" with the I's, before
"Willem", as the check-in list and the players' page do."""

from __future__ import annotations

import pytest

from tests.support.browser import AXE, violations_of
from tests.support.league import a_league_of

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

NAMES = ("Willem", "Íñigo", "Zoe")


@pytest.fixture
def league(transactional_db):
    return a_league_of("Club Rummy Sevilla", NAMES)


def test_the_players_not_ranked_yet_are_listed_with_accented_names_in_place(
    page, live_server, league
):
    page.context.add_init_script(path=AXE)
    page.goto(f"{live_server.url}/clubs/{league.slug}/league/")
    table = page.get_by_role(
        "table", name="Guests, and players with fewer series than the ladder needs"
    )
    table.wait_for()
    rows = table.get_by_role("row").all_inner_texts()
    listed = [name for row in rows for name in NAMES if row.strip().startswith(name)]
    assert listed == ["Íñigo", "Willem", "Zoe"]
    assert violations_of(page) == []
