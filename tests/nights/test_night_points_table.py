"""A club ranks its night by its own points table, set on the new night's page
(RULES D-16): a row for every table size the game seats, refused by line and
kept as typed when it is not."""

from __future__ import annotations

import pytest

from series.models import Night

pytestmark = pytest.mark.django_db

ROWS = "3: 6 3 0\n4: 7 4 2 0\n5: 8 5 3 1 0\n6: 9 6 4 2 1 0\n7: 10 7 5 3 2 1 0\n8: 11 8 6 4 3 2 1 0"


def nights_url(table) -> str:
    return f"/clubs/{table.club.slug}/nights/"


def test_the_new_night_page_offers_the_points_table(table, as_role):
    page = as_role("scorer").get(nights_url(table)).content.decode()
    assert "Points table: the club" in page
    assert 'name="points_table"' in page


def test_a_night_opens_ranked_by_the_clubs_points_table(table, as_role):
    sent = as_role("scorer").post(
        nights_url(table), {"scoring": "points_table", "points_table": ROWS}
    )
    assert sent.status_code == 302
    night = Night.objects.get(club=table.club)
    assert night.method == "points_table"


@pytest.mark.parametrize(
    ("typed", "said"),
    [
        ("4: 7 4 2 0", "add the rows for tables of 3, 5, 6, 7, 8"),
        ("4 7 4 2 0", "Line 1: write the table size, a colon"),
        (ROWS.replace("4: 7 4 2 0", "4: 2 4 7 0"), "must not rise from 1st place"),
    ],
)
def test_a_points_table_the_night_cannot_use_is_refused_and_kept(table, as_role, typed, said):
    refused = as_role("scorer").post(
        nights_url(table), {"scoring": "points_table", "points_table": typed}
    )
    assert refused.status_code == 422
    html = refused.content.decode()
    assert said in html
    assert typed.splitlines()[0] in html  # what was typed stays in the box
    assert not Night.objects.filter(club=table.club).exists()
