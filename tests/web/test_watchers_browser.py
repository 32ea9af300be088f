"""A spectator's phone follows the live view with conditional polls: 304s while
the table thinks, the new sheet within one poll (every 4 s) of a deal."""

from __future__ import annotations

import pytest
from django.contrib.auth import get_user_model

from series.clubs import players as player_services
from series.clubs import services as club_services
from series.sheets import services
from tests.support.factories import entry
from tests.support.pages import member_live_token as live_token

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def test_the_live_view_polls_unchanged_and_shows_a_deal_within_five_seconds(page, live_server):
    scorer = get_user_model().objects.create_user("marta")
    club = club_services.club_create(name="Circolo Scala", admin=scorer)
    anna, bruno, carla = (
        player_services.player_add(club=club, name=n) for n in ("Anna", "Bruno", "Carla")
    )
    series_id = services.series_start(
        club=club, players=[anna.id, bruno.id, carla.id], first_dealer=anna.id
    ).series_id
    page.set_viewport_size({"width": 360, "height": 740})
    page.goto(f"{live_server.url}/live/{live_token(series_id)}/")
    page.get_by_text("Deal 1: Anna deals next.").wait_for()

    polled = lambda answer: "/sheet/" in answer.url and answer.status == 304  # noqa: E731
    with page.expect_response(polled, timeout=10_000):
        pass  # the first poll: the sheet the page shows, unchanged
    services.deal_record(series_id=series_id, entry=entry(bruno, {anna: 30, carla: 45}))

    page.get_by_text("Deal 2: Bruno deals next.").wait_for(timeout=5_000)
    totals = page.get_by_role("list", name="Totals")
    assert totals.get_by_role("listitem").filter(has_text="Carla").inner_text().split()[1] == "45"
