"""The totals strip above the score sheet on a 360 × 740 phone: at a table of
four to six, every player's whole name is read in the strip (a long name takes
a second line rather than being cut), so two Espositos are told apart."""

from __future__ import annotations

import pytest
from django.contrib.auth import get_user_model

from series.clubs import players as player_services
from series.clubs import services as club_services
from series.sheets import services
from tests.support.browser import AXE, PASSWORD, sign_in, violations_of
from tests.support.factories import entry

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

SIX = (
    "Giuseppe Esposito",
    "Giovanna Esposito",
    "Massimiliano Rossi",
    "Alessandra Bianchi",
    "Francesca Romano",
    "Bartolomeo Ricci",
)


def a_series_of(count: int) -> str:
    scorer = get_user_model().objects.create_user("marta", password=PASSWORD)
    club = club_services.club_create(name="Circolo Tressette", admin=scorer)
    players = [player_services.player_add(club=club, name=name) for name in SIX[:count]]
    series_id = services.series_start(
        club=club, players=[p.id for p in players], first_dealer=players[0].id
    ).series_id
    hands = {p.id: 20 + 5 * i for i, p in enumerate(players[1:])}
    services.deal_record(series_id=series_id, entry=entry(players[0].id, hands))
    return series_id


@pytest.mark.parametrize("count", [4, 5, 6])
def test_every_name_in_the_totals_strip_is_whole_and_on_screen(page, live_server, count):
    series_id = a_series_of(count)
    page.context.add_init_script(path=AXE)
    sign_in(page, live_server, f"/series/{series_id}/")
    page.get_by_role("link", name="Record a deal").wait_for()

    chips = page.get_by_role("list", name="Totals").get_by_role("listitem")
    assert chips.count() == count
    for index, name in enumerate(SIX[:count]):
        chip = chips.nth(index)
        assert chip.get_by_text(name, exact=True).is_visible()
        cut = chip.get_by_text(name, exact=True).evaluate(
            "name => name.scrollWidth > name.clientWidth || name.scrollHeight > name.clientHeight"
        )
        assert not cut, f"{name} is cut in its tile"
        box = chip.bounding_box()
        assert box["x"] >= 0 and box["x"] + box["width"] <= 360, name
        assert box["y"] + box["height"] <= 740, name
    assert page.evaluate("document.documentElement.scrollWidth") <= 360
    assert violations_of(page) == []
