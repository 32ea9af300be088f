"""The club's players in the order a reader scans them, on a 360 × 740 phone:
the players' page and the new series' list put "Álvaro" and "Íñigo" with the
A's and I's, before "Willem", as the check-in list does; the database's
code-point order put every accented initial after Z."""

from __future__ import annotations

import pytest
from django.contrib.auth import get_user_model

from series.clubs import players as player_services
from series.clubs import services as club_services
from tests.support.browser import AXE, PASSWORD, sign_in, violations_of

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

WAIT = 5000  # ms, every wait bounded
NAMES = ("Willem de Vries", "Íñigo Aranburu", "Ana Gómez", "Álvaro Moreno", "Zoe Ruiz")
IN_ORDER = ["Álvaro Moreno", "Ana Gómez", "Íñigo Aranburu", "Willem de Vries", "Zoe Ruiz"]


@pytest.fixture
def club(transactional_db):
    director = get_user_model().objects.create_user("marta", password=PASSWORD)
    club = club_services.club_create(name="Club Rummy Sevilla", admin=director)
    for name in NAMES:
        player_services.player_add(club=club, name=name)
    return club


def listed(tab, names) -> list[str]:
    """The names of ``names`` in the order the page's list shows them."""
    rows = tab.locator("main li").all_inner_texts()
    return [name for row in rows for name in names if row.strip().startswith(name)]


def test_the_players_page_lists_accented_names_with_their_letters(browsers, live_server, club):
    admin = browsers("es")
    admin.context.add_init_script(path=AXE)
    sign_in(admin, live_server, f"/clubs/{club.slug}/league/roster/")
    admin.get_by_role("heading", name="Añadir jugadores").wait_for(timeout=WAIT)
    assert listed(admin, NAMES) == IN_ORDER
    assert violations_of(admin) == []


def test_the_new_series_lists_accented_names_with_their_letters(browsers, live_server, club):
    scorer = browsers("es")
    sign_in(scorer, live_server, f"/clubs/{club.slug}/series/new/")
    offered = [
        name
        for name in scorer.get_by_role("checkbox").evaluate_all(
            "boxes => boxes.map(box => box.labels[0].innerText.trim())"
        )
        if name in NAMES
    ]
    assert offered == IN_ORDER
