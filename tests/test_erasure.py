"""Erasing a player's personal data keeps every event and every figure."""

from __future__ import annotations

import pytest
from django.contrib.auth import get_user_model

from series.backup import checksum
from series.clubs import membership
from series.eventstore import projectors
from series.models import Event, Player
from series.sheets import services
from tests.api.conftest import client_for
from tests.factories import club_with_players, entry, start

pytestmark = pytest.mark.django_db


def finished_series():
    admin = get_user_model().objects.create_user("admin")
    club, players = club_with_players(("Anna", "Bruno", "Carla"))
    membership.member_set(club=club, user=admin, role="admin")
    a, b, c = players
    series_id = start(club, players).series_id
    for goer, hands in [(a, {b: 20, c: 30}), (b, {a: 25, c: 30}), (a, {b: 20, c: 40})]:
        services.deal_record(series_id=series_id, entry=entry(goer, hands))
    projectors.follow_log()  # the league's follower counts it, as beside the server
    return club, players, admin


def test_an_admin_erases_a_players_name_and_account_and_the_figures_stay():
    club, (_anna, bruno, _carla), admin = finished_series()
    bruno.user = get_user_model().objects.create_user("bruno")
    bruno.save()
    log = list(Event.objects.order_by("position").values())
    figures = checksum.projection_checksum()
    standings = client_for(admin).get(f"/api/v1/clubs/{club.slug}/standings").json()

    response = client_for(admin).post(f"/api/v1/clubs/{club.slug}/players/{bruno.id}/erase")

    assert response.status_code == 200
    assert response.json()["name"] == f"Player {bruno.id} (erased)"
    bruno.refresh_from_db()
    assert bruno.user is None and bruno.erased_at is not None
    assert not Player.objects.filter(name="Bruno").exists()
    assert list(Event.objects.order_by("position").values()) == log
    assert checksum.projection_checksum() == figures
    after = client_for(admin).get(f"/api/v1/clubs/{club.slug}/standings").json()
    assert _numbers(after) == _numbers(standings)
    assert f"Player {bruno.id} (erased)" in str(after) and "Bruno" not in str(after)


def _numbers(standings):
    rows = standings["rows"] if isinstance(standings, dict) else standings
    figures = [{k: v for k, v in row.items() if k != "name"} for row in rows]
    return sorted(figures, key=lambda row: row["player"])  # unranked rows go by name


def test_only_the_clubs_players_can_be_erased():
    club, _players, admin = finished_series()
    _other, strangers = club_with_players(("Zoe",), name="Other club")
    response = client_for(admin).post(f"/api/v1/clubs/{club.slug}/players/{strangers[0].id}/erase")
    assert response.status_code == 404
    assert Player.objects.get(id=strangers[0].id).name == "Zoe"
