"""The API lists a club's players as its pages do: in the order a reader scans
names ("Íñigo" with the I's, before "Willem"), not in the database's code-point
order, which put every accented initial after Z."""

from __future__ import annotations

import pytest

from series.clubs import players as player_services

pytestmark = pytest.mark.django_db


def test_the_clubs_players_come_with_accented_names_in_place(table, as_role):
    for name in ("Willem", "Íñigo", "Zoe", "Óscar"):
        player_services.player_add(club=table.club, name=name)
    response = as_role("member").get(f"/api/v1/clubs/{table.club.slug}/players")
    assert response.status_code == 200
    names = [player["name"] for player in response.json()]
    assert names == ["Anna", "Bruno", "Carla", "Íñigo", "Óscar", "Willem", "Zoe"]
