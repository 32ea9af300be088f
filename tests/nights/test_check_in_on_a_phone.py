"""The check-in on a phone at 360 × 740, in Spanish: the present players' "leaves"
buttons keep to their own line beside each name, and no two overlap."""

from __future__ import annotations

import pytest

from series.clubs import players as player_services
from series.nights import services as nights
from tests.support.browser import sign_in

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

WAIT = 5000  # ms, every wait bounded
LONG = ("Massimiliano Conti", "Bartholomew Hughes", "Alessandra Bianchi", "Konstantin Weber")


def test_the_leaves_buttons_neither_overlap_nor_wrap_in_spanish(browsers, live_server, club):
    the_club, players = club
    more = [player_services.player_add(club=the_club, name=name) for name in LONG]
    night_id = nights.night_open(club=the_club, date="2026-03-14").night_id
    nights.night_check_in(night_id=night_id, players=[p.id for p in [*players, *more]])
    phone = browsers("es")
    sign_in(phone, live_server, f"/clubs/{the_club.slug}/nights/{night_id}/")
    phone.locator(".present li").first.wait_for(timeout=WAIT)
    boxes = phone.evaluate(
        """() => [...document.querySelectorAll('.present li')].map((li) => {
            const button = li.querySelector('button');
            const name = li.querySelector('.name');
            const b = button.getBoundingClientRect();
            const n = name.getBoundingClientRect();
            const line = parseFloat(getComputedStyle(button).lineHeight) || 20;
            return {name: name.textContent, button: [b.left, b.top, b.right, b.bottom],
                    nameBox: [n.left, n.top, n.right, n.bottom],
                    wraps: b.height > 2.2 * line};
        })"""
    )
    assert len(boxes) == len(players) + len(LONG)
    assert [box["name"] for box in boxes if box["wraps"]] == []
    for box in boxes:
        left, top, _right, bottom = box["button"]
        _n_left, n_top, n_right, n_bottom = box["nameBox"]
        assert n_right <= left + 0.5 or n_bottom <= top or n_top >= bottom, box["name"]
    buttons = [box["button"] for box in boxes]
    for i, one in enumerate(buttons):
        for other in buttons[i + 1 :]:
            apart = (
                one[2] <= other[0] or other[2] <= one[0] or one[3] <= other[1] or other[3] <= one[1]
            )
            assert apart
    assert phone.evaluate("document.documentElement.scrollWidth") <= 360
