"""The page that confirms a deal lists the players as the score sheet does, in
seat order, so a member checks it against the sheet line by line."""

from __future__ import annotations

import re

import pytest

from series.clubs import services as club_services
from series.sheets import services
from tests.support.browser import AXE, sign_in, violations_of
from tests.support.factories import entry, start

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def test_the_confirmation_page_lists_the_players_in_seat_order(page, live_server, club):
    the_club, players = club
    anna, bruno, carla, dario, _elena = players
    club_services.club_update(club=the_club, deals_need_confirmation=True)
    series_id = start(the_club, [dario, carla, anna, bruno]).series_id
    services.deal_record(series_id=series_id, entry=entry(carla, {anna: 30, bruno: 40, dario: 25}))

    page.context.add_init_script(path=AXE)
    sign_in(page, live_server, f"/series/{series_id}/deals/1/confirm/")
    page.get_by_role("heading", name=re.compile("Confirm deal 1")).wait_for()
    lines = page.get_by_role("listitem").filter(has_text=re.compile(r"^\w+: \d+$"))
    assert lines.all_inner_texts() == ["Dario: 25", "Carla: 0", "Anna: 30", "Bruno: 40"]
    assert violations_of(page) == []
