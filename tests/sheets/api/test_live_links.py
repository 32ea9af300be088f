"""A series' live link through the API: each caller reads their own; a scorer
revokes every link shown so far and gets a new one."""

from __future__ import annotations

import pytest
from django.test import Client

pytestmark = pytest.mark.django_db


def link_of(as_role, role: str, series_id: str) -> str:
    response = as_role(role).get(f"/api/v1/series/{series_id}/live-link")
    assert response.status_code == 200, response.json()
    return response.json()["url"]


def test_a_member_reads_their_live_link_and_a_spectator_opens_it(as_role, started):
    url = link_of(as_role, "member", started["id"])

    assert url.startswith("http://testserver/live/")
    assert Client().get(url).status_code == 200
    assert url != link_of(as_role, "scorer", started["id"])  # each member has their own


def test_a_scorer_revokes_the_live_links_and_gets_a_new_one(as_role, started):
    old = link_of(as_role, "member", started["id"])

    response = as_role("scorer").post(f"/api/v1/series/{started['id']}/live-link")

    assert response.status_code == 201
    new = response.json()["url"]
    assert Client().get(old).status_code == 410
    assert Client().get(new).status_code == 200
    assert new == link_of(as_role, "scorer", started["id"])


def test_members_and_outsiders_cannot_revoke_a_live_link(as_role, started):
    url = f"/api/v1/series/{started['id']}/live-link"

    assert as_role("member").post(url).status_code == 403
    assert as_role("stranger").post(url).status_code == 404
    assert as_role("stranger").get(url).status_code == 404
    assert as_role(None).post(url).status_code == 401
    assert Client().get(link_of(as_role, "member", started["id"])).status_code == 200


def test_the_schema_documents_reading_and_renewing_the_live_link(client):
    schema = client.get("/api/v1/schema?format=json").json()
    operations = schema["paths"]["/api/v1/series/{series_id}/live-link"]
    assert operations["get"]["operationId"] == "live_link_read"
    assert operations["post"]["operationId"] == "live_link_renew"
    assert "201" in operations["post"]["responses"]
