"""A season's days are bounded: a last day of 9999-12-31 is refused with a
message, never a server error, in the API and on the settings page."""

from __future__ import annotations

import pytest
from django.test import Client

from tests.support.api import client_for

pytestmark = pytest.mark.django_db

FAR = {"name": "For ever", "first_day": "2025-01-01", "last_day": "9999-12-31"}


def test_the_api_refuses_a_season_that_ends_in_9999(history):
    client = client_for(history.users["admin"])
    url = f"/api/v1/clubs/{history.club.slug}/seasons"
    refused = client.post(url, FAR, format="json")
    assert refused.status_code == 422
    assert refused.json()["code"] == "season_out_of_range"
    assert refused.json()["field"] == "last_day"
    assert client.get(f"/api/v1/clubs/{history.club.slug}/standings").status_code == 200


def test_the_settings_page_refuses_a_season_that_ends_in_9999(history):
    client = Client()
    client.force_login(history.users["admin"])
    url = f"/clubs/{history.club.slug}/league/settings/"
    refused = client.post(url, {"action": "season_add", **FAR})
    assert refused.status_code == 422
    assert "2999-12-31" in refused.content.decode()
    assert client.get(f"/clubs/{history.club.slug}/league/").status_code == 200


def test_a_season_that_starts_before_1900_is_refused(history):
    client = client_for(history.users["admin"])
    early = {**FAR, "first_day": "0001-01-01", "last_day": "2025-01-01"}
    refused = client.post(f"/api/v1/clubs/{history.club.slug}/seasons", early, format="json")
    assert refused.json()["code"] == "season_out_of_range"
