"""The night's "Move or swap players" lists offer the players in the order a
reader scans names ("Íñigo" with the I's, before "Willem"), not in the drawn
tables' seat order, so a director finds a name in a list of a whole room."""

from __future__ import annotations

import pytest

from series.clubs import players as player_services
from series.nights import services as nights
from tests.support.browser import AXE, sign_in, violations_of

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

WAIT = 5000  # ms, every wait bounded
MORE = ("Willem", "Íñigo", "Zoe", "Óscar")


def test_the_move_lists_offer_the_players_by_name(page, live_server, club):
    the_club, players = club
    more = [player_services.player_add(club=the_club, name=name) for name in MORE]
    night_id = nights.night_open(club=the_club, date="2026-03-14").night_id
    nights.night_check_in(night_id=night_id, players=[p.id for p in [*players, *more]])
    nights.night_round_draw(night_id=night_id, min_table=3, max_table=3, seed=7)

    page.context.add_init_script(path=AXE)
    sign_in(page, live_server, f"/clubs/{the_club.slug}/nights/{night_id}/")
    page.get_by_text("Move or swap players (before a table's first deal)").click()
    offered = page.get_by_label("Player").locator("option").all_inner_texts()
    wanted = ["Anna", "Bruno", "Carla", "Dario", "Elena", "Íñigo", "Óscar", "Willem", "Zoe"]
    assert offered == wanted
    swaps = page.get_by_label("Or swap with").locator("option").all_inner_texts()
    assert swaps == ["—", *wanted]
    # A late arrival is offered to move once, not as a partner to swap with: they
    # have no seat to swap.
    late = player_services.player_add(club=the_club, name="Rita")
    nights.night_check_in(night_id=night_id, players=[late.id])
    page.reload()
    page.get_by_text("Move or swap players (before a table's first deal)").click()
    offered = page.get_by_label("Player").locator("option").all_inner_texts()
    assert offered == [*wanted, "Rita (not seated yet)"]
    swaps = page.get_by_label("Or swap with").locator("option").all_inner_texts()
    assert swaps == ["—", *wanted]
    assert violations_of(page) == []
