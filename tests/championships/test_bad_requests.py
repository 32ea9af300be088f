"""Requests a careless or ill-meaning caller sends a championship: an id that is
no night, a retried key with another body, a night planned ahead. Each is
refused and changes nothing (RULES D-23)."""

from __future__ import annotations

from datetime import date, timedelta

import pytest

from series.championships import selectors
from series.championships import services as championships
from series.clubs import membership
from series.domain.errors import DomainError
from series.models import Championship, ChampionshipNight, Night
from series.nights import planning
from series.nights.planning import club_today
from tests.support.api import client_for, make_user
from tests.support.championships import a_championship, a_club, a_night_played

pytestmark = pytest.mark.django_db


@pytest.fixture
def director():
    club, _players = a_club()
    user = make_user("director")
    membership.member_set(club=club, user=user, role="scorer")
    client = client_for(user)
    answer = client.post(
        f"/api/v1/clubs/{club.slug}/championships",
        {"name": "Winter", "qualifying_nights": 2},
        format="json",
    )
    return club, client, answer.json()["id"]


def test_an_id_of_another_stream_is_no_night_to_add(director):
    _club, client, champ = director
    version = Championship.objects.get(id=champ).version
    answer = client.post(f"/api/v1/championships/{champ}/nights", {"night": champ}, format="json")
    assert answer.status_code == 404, answer.content
    assert answer.json()["code"] == "night_not_found"
    assert Championship.objects.get(id=champ).version == version


def test_a_key_that_opened_a_plain_night_does_not_add_it_on_a_retry_with_a_championship(
    director,
):
    club, client, champ = director
    key = {"HTTP_IDEMPOTENCY_KEY": "night-1"}
    plain = client.post(f"/api/v1/clubs/{club.slug}/nights", {}, format="json", **key)
    assert plain.status_code == 201, plain.json()
    other = client.post(
        f"/api/v1/clubs/{club.slug}/nights", {"championship": champ}, format="json", **key
    )
    assert other.status_code == 422, other.json()
    assert other.json()["code"] == "idempotency_key_reused"
    assert not ChampionshipNight.objects.exists() and Night.objects.count() == 1
    assert Championship.objects.get(id=champ).nights == []


def test_a_retried_championship_night_replays_and_adds_nothing_more(director):
    club, client, champ = director
    key = {"HTTP_IDEMPOTENCY_KEY": "night-2"}
    body = {"championship": champ}
    first = client.post(f"/api/v1/clubs/{club.slug}/nights", body, format="json", **key)
    again = client.post(f"/api/v1/clubs/{club.slug}/nights", body, format="json", **key)
    assert first.status_code == again.status_code == 201, again.json()
    assert again["Idempotent-Replayed"] == "true" and again.json()["id"] == first.json()["id"]
    assert Championship.objects.get(id=champ).nights == [first.json()["id"]]


def test_a_night_planned_ahead_is_refused_for_what_it_is_and_not_offered(director):
    club, client, champ = director
    day = (date.fromisoformat(club_today(club).isoformat()) + timedelta(days=3)).isoformat()
    planned = planning.night_plan(club=club, date=day).night_id
    answer = client.post(
        f"/api/v1/championships/{champ}/nights", {"night": str(planned)}, format="json"
    )
    assert answer.status_code == 422, answer.json()
    assert answer.json()["code"] == "championship_night_planned"
    assert Championship.objects.get(id=champ).nights == []
    assert planned not in [night.id for night in selectors.joinable_nights(club)]


def test_a_final_of_another_method_is_refused_and_opens_no_night():
    club, (anna, bruno, carla, dario, elena) = a_club()
    champ = a_championship(club, nights_=1, final_size=3)
    penalties = {bruno: 20, carla: 30, dario: 40, elena: 50}
    a_night_played(club, champ, anna, penalties, date="2026-01-09")
    championships.championship_cut(championship_id=champ)
    nights_before = Night.objects.count()
    with pytest.raises(DomainError) as refused:
        championships.night_open_for_championship(
            club=club, championship_id=champ, final=True, scoring="per_deal"
        )
    assert refused.value.code == "championship_night_other_method"
    assert Night.objects.count() == nights_before
    assert Championship.objects.get(id=champ).final_night is None
