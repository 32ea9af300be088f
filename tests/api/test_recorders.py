"""A public club's audit trail is public, but who recorded each fact is for
the club's members only."""

from __future__ import annotations

import pytest
from django.test import Client

from series.clubs import services as club_services
from series.sheets import services
from tests.api.conftest import client_for
from tests.factories import entry, start

pytestmark = pytest.mark.django_db


@pytest.fixture
def public_series(table):
    club_services.club_update(club=table.club, public=True)
    anna, bruno, carla = table.players
    series = start(table.club, table.players).series_id
    services.deal_record(
        series_id=series,
        entry=entry(anna, {bruno: 20, carla: 30}),
        actor_id=table.users["scorer"].id,
    )
    return series


def test_anonymous_visitors_do_not_see_who_recorded_the_events(public_series):
    events = client_for().get(f"/api/v1/series/{public_series}/events").json()
    assert len(events) == 2
    assert [event["recorded_by"] for event in events] == [None, None]


def test_members_see_who_recorded_the_events(table, public_series):
    events = client_for(table.users["member"]).get(f"/api/v1/series/{public_series}/events").json()
    assert events[1]["recorded_by"] == "scorer"


def test_outsiders_do_not_see_it_either_on_the_audit_page(table, public_series):
    anonymous = Client().get(f"/series/{public_series}/audit/").content.decode()
    assert "scorer" not in anonymous.replace("a scorer of the club", "")
    member = Client()
    member.force_login(table.users["member"])
    assert " · scorer" in member.get(f"/series/{public_series}/audit/").content.decode()


def test_outsiders_do_not_see_who_confirmed_or_disputed_a_deal_on_the_audit_page(
    table, public_series
):
    anna, bruno = table.players[:2]
    member = table.users["member"]
    services.deal_confirm(series_id=public_series, number=1, user_id=member.id, player_id=anna.id)
    services.deal_dispute(
        series_id=public_series,
        number=1,
        user_id=member.id,
        player_id=bruno.id,
        reason="Carla had 25",
    )

    anonymous = Client().get(f"/series/{public_series}/audit/").content.decode()
    assert "Deal 1, by Anna." not in anonymous
    assert "Deal 1, by Bruno." not in anonymous
    assert anonymous.count("Deal 1, by a member of the club.") == 2
    assert "Carla had 25" in anonymous  # why is for everyone
    insider = Client()
    insider.force_login(member)
    page = insider.get(f"/series/{public_series}/audit/").content.decode()
    assert "Deal 1, by Anna." in page
    assert "Deal 1, by Bruno." in page
