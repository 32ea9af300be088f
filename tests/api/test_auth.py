"""API tokens: log in once, then ``Authorization: Token …``."""

from __future__ import annotations

import pytest
from rest_framework.test import APIClient

from series.clubs import membership
from series.clubs import services as club_services
from tests.support.api import make_user

pytestmark = pytest.mark.django_db


def test_a_user_gets_a_token_and_uses_it(client):
    make_user("ada", password="a-long-passphrase")
    response = client.post(
        "/api/v1/auth/token",
        {"username": "ada", "password": "a-long-passphrase"},
        content_type="application/json",
    )
    token = response.json()["token"]
    api = APIClient()
    api.credentials(HTTP_AUTHORIZATION=f"Token {token}")
    created = api.post("/api/v1/clubs", {"name": "Ada's table"}, format="json")
    assert response.status_code == 200
    assert created.status_code == 201
    assert created.json() == {
        "slug": "adas-table",
        "name": "Ada's table",
        "public": False,
        "default_rules": {},
        "time_zone": "",
    }


def test_each_sign_in_is_a_device_with_its_own_token(client):
    make_user("ada", password="a-long-passphrase")
    body = {"username": "ada", "password": "a-long-passphrase"}
    tokens = [
        client.post("/api/v1/auth/token", body, content_type="application/json").json()["token"]
        for _ in range(2)
    ]
    assert tokens[0] != tokens[1]


def test_a_wrong_password_is_a_401(client):
    make_user("ada", password="a-long-passphrase")
    response = client.post(
        "/api/v1/auth/token",
        {"username": "ada", "password": "guess"},
        content_type="application/json",
    )
    assert response.status_code == 401
    assert response.json()["code"] == "authentication_failed"
    assert "token" not in response.json()


def test_a_logged_in_session_reads_the_api_too(client, table):
    client.force_login(table.users["member"])
    response = client.get(f"/api/v1/clubs/{table.club.slug}")
    assert response.status_code == 200
    assert response.json()["role"] == "member"


def test_a_session_write_needs_the_csrf_token(table):
    from django.test import Client

    browser = Client(enforce_csrf_checks=True)
    browser.force_login(table.users["admin"])
    response = browser.post(
        f"/api/v1/clubs/{table.club.slug}/players",
        {"name": "Eve"},
        content_type="application/json",
    )
    assert response.status_code == 403


def test_repeated_wrong_passwords_lock_the_sign_in_for_a_while(client, settings):
    settings.AXES_FAILURE_LIMIT = 3
    make_user("ada", password="a-long-passphrase")

    def sign_in(password):
        body = {"username": "ada", "password": password}
        return client.post("/api/v1/auth/token", body, content_type="application/json")

    failures = [sign_in("guess").status_code for _ in range(3)]
    locked = sign_in("a-long-passphrase")
    assert failures == [401, 401, 429]  # the third failure reaches the limit
    assert locked.status_code == 429
    assert locked.json()["code"] == "locked_out"
    assert "token" not in locked.json()


def test_adding_a_member_answers_the_same_for_a_missing_and_an_unrelated_user(table, as_role):
    """A rule's refusal (422 ``user_not_addable``), not a malformed body's 400: the
    name fits the schema whether or not the user may be added."""
    make_user("loner")  # exists, but shares no club with the admin
    admin = as_role("admin")
    url = f"/api/v1/clubs/{table.club.slug}/members"
    unrelated = admin.post(url, {"username": "loner", "role": "member"}, format="json")
    missing = admin.post(url, {"username": "nobody-at-all", "role": "member"}, format="json")
    assert unrelated.status_code == missing.status_code == 422
    assert unrelated.json() == missing.json()
    assert unrelated.json()["code"] == "user_not_addable"
    assert unrelated.json()["field"] == "username"


def test_an_admin_adds_someone_from_another_of_their_clubs(table, as_role):

    club_services.club_create(name="Second table", admin=table.users["admin"])
    friend = make_user("friend")
    second = table.users["admin"].memberships.exclude(club=table.club).get().club
    membership.member_set(club=second, user=friend, role="member")
    response = as_role("admin").post(
        f"/api/v1/clubs/{table.club.slug}/members",
        {"username": "friend", "role": "scorer"},
        format="json",
    )
    assert response.status_code == 201


@pytest.mark.parametrize("token", ["Token \xe9", "Token abc\xff"])
def test_a_token_that_is_not_utf8_text_is_a_401_not_a_crash(client, token):
    response = client.get("/api/v1/clubs", HTTP_AUTHORIZATION=token)

    assert response.status_code == 401
    assert response.json()["code"] == "authentication_failed"
