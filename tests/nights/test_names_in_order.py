"""Names in the order a reader of the page's language scans them: the check-in
list puts "Íñigo" with the I's, before "Willem", not after the Z's."""

from __future__ import annotations

import re

import pytest

from series.clubs import players as player_services
from series.nights import services as nights

pytestmark = pytest.mark.django_db


def test_the_check_in_list_sorts_accented_names_with_their_letters(table, as_role):
    for name in ("Willem", "Íñigo", "Óscar", "Zoe"):
        player_services.player_add(club=table.club, name=name)
    night = nights.night_open(club=table.club, date="2026-03-14").night_id
    for language in ("es", "nl"):
        page = as_role("scorer", language=language).get(f"/clubs/{table.club.slug}/nights/{night}/")
        listed = re.findall(r"<span>([^<]+)</span></label>", page.content.decode())
        wanted = ["Íñigo", "Óscar", "Willem", "Zoe"]
        assert [name for name in listed if name in wanted] == wanted
