"""The audit trail says what a card-entered deal cost each player, and calls
the member who recorded a deal by the name they signed up with, not by their
user name."""

from __future__ import annotations

import re

import pytest
from django.contrib.auth import get_user_model

from series.sheets import services
from tests.support.browser import AXE, sign_in, violations_of
from tests.support.factories import entry, start

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

GROUPS = ["KC KD KH", "QC QD QH", "JC JD JH", "9C 9D 9H", "8C 8D 8H"]
LEFT = "2S 3S 4S 5S 6S 8S 9S 10S JS QS KS AS 2H 3H 4H"


def test_the_audit_shows_a_card_entered_deals_points_and_who_recorded_it(page, live_server, club):
    the_club, (anna, bruno, carla, *_) = club
    marta = get_user_model().objects.get(username="marta")
    marta.first_name = "Marta Ferri"  # as sign-up stores the name given
    marta.save()
    series_id = start(the_club, [anna, bruno, carla]).series_id
    services.deal_record(
        series_id=series_id,
        entry=entry(anna, {bruno: LEFT, carla: 35}, groups=GROUPS, discard="7S"),
        actor_id=marta.id,
    )

    page.context.add_init_script(path=AXE)
    sign_in(page, live_server, f"/series/{series_id}/audit/")
    page.wait_for_url(re.compile("/audit/$"))
    deal = page.get_by_role("listitem").filter(has_text="Deal 1, dealt by Anna")
    assert "Marta Ferri" in deal.first.inner_text()
    assert "marta" not in deal.first.inner_text()
    points = services.series_load(series_id).deal(1).scores[bruno.id]
    bruno_line = deal.first.get_by_role("listitem").filter(has_text="Bruno")
    assert bruno_line.inner_text().endswith(f"= {points} points")
    assert violations_of(page) == []
