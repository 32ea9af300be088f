"""A player's page names the other players merged into them ("Also recorded
as:") in the order a reader scans names: "Íñigo" with the I's, before "Willem"."""

from __future__ import annotations

import pytest

from series.clubs import players as player_services
from series.clubs import services as club_services
from tests.support.browser import AXE, violations_of

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def test_the_names_a_player_was_also_recorded_as_are_in_reading_order(page, live_server):
    club = club_services.club_create(name="Club Rummy Sevilla", public=True)
    anna = player_services.player_add(club=club, name="Anna")
    for name in ("Willem", "Íñigo", "Zoe"):
        other = player_services.player_add(club=club, name=name)
        player_services.players_merge(club=club, source_id=other.id, target_id=anna.id)

    page.context.add_init_script(path=AXE)
    page.goto(f"{live_server.url}/clubs/{club.slug}/players/{anna.id}/")
    line = page.get_by_text("Also recorded as:")
    line.wait_for()
    assert line.inner_text().strip() == "Also recorded as: Íñigo, Willem, Zoe"
    assert violations_of(page) == []
