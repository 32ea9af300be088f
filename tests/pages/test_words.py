"""Words as each language's players read them: in Spanish a deal is a "mano"
and a round of a night a "ronda" (never "turno"), the placement method has one
name ("Puesto"); in Italian nobody is welcomed in the masculine alone, and the
points table's help names the colon as a sign, not "the two points"."""

from __future__ import annotations

import html
import re

import pytest
from django.utils import translation

from series.nights import services as nights
from series.sheets import services as sheets
from tests.support.factories import entry
from tests.support.nights import play_out

pytestmark = pytest.mark.django_db


def text_of(response) -> str:
    return html.unescape(re.sub(r"<[^>]+>", " ", response.content.decode()))


def test_spanish_says_mano_for_a_deal_and_ronda_for_a_round(table, as_role, three):
    anna, bruno, carla = (p.id for p in table.players[:3])
    sheets.deal_record(series_id=three, entry=entry(anna, {bruno: 20, carla: 30}))
    sheet = text_of(as_role("member", language="es").get(f"/series/{three}/"))
    assert "Mano" in sheet
    assert not re.search(r"\b[Rr]ondas?\b", sheet)
    sheets.series_abandon(series_id=three)
    night = nights.night_open(club=table.club, date="2026-03-14").night_id
    nights.night_check_in(night_id=night, players=[p.id for p in table.players])
    nights.night_round_draw(night_id=night, min_table=3, max_table=3, seed=7)
    nights.night_tables_start(night_id=night)
    play_out(night)
    page = text_of(
        as_role("scorer", language="es").get(f"/clubs/{table.club.slug}/nights/{night}/")
    )
    assert "Ronda 1" in page
    assert not re.search(r"\b[Tt]urnos?\b", page)
    assert "Posición" not in page and "posición" not in page


def test_italian_welcomes_everyone_alike_and_names_the_colon():
    with translation.override("it"):
        welcome = translation.gettext("Welcome, %(name)s: your account is ready.")
        club = translation.gettext("Welcome to %(club)s.") % {"club": "Circolo Tressette"}
        line = translation.gettext(
            "Line %(number)s: write the table size, a colon, then the points (4: 7 4 2 0)."
        )
    assert "Benvenut" not in welcome and "Benvenut" not in club
    assert "in Circolo" not in club
    assert "i due punti" not in line
