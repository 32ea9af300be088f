"""The league's players not ranked yet are listed, between equal numbers of
series, in the order a reader scans names: "Íñigo" with the I's, before
"Willem", as the check-in list and the players' page do."""

from __future__ import annotations

import pytest

from series.clubs import players as player_services
from series.clubs import services as club_services
from series.eventstore import projectors
from series.sheets import services
from tests.support.browser import AXE, violations_of
from tests.support.factories import entry, start

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

NAMES = ("Willem", "Íñigo", "Zoe")


@pytest.fixture
def league(transactional_db):
    club = club_services.club_create(name="Club Rummy Sevilla", public=True)
    players = [player_services.player_add(club=club, name=name) for name in NAMES]
    series = start(club, players).series_id
    for went_out in players:  # one deal each: the series finishes
        others = {p: 20 + 5 * i for i, p in enumerate(players) if p != went_out}
        services.deal_record(series_id=series, entry=entry(went_out, others))
    projectors.follow_log()  # the league's follower counts it, as beside the server
    return club


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
