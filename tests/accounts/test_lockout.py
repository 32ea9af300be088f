"""Failed sign-ins lock one user name at one address, never a whole club."""

from __future__ import annotations

import pytest
from django.contrib.auth import get_user_model
from django.test import Client, RequestFactory

from series.web.proxies import client_ip

pytestmark = pytest.mark.django_db
PASSWORD = "a-long-passphrase"


@pytest.fixture
def bob_and_alice(db):
    make = get_user_model().objects.create_user
    return make("bob", password=PASSWORD), make("alice", password=PASSWORD)


def token(client: Client, username: str, password: str, **headers):
    body = {"username": username, "password": password}
    return client.post("/api/v1/auth/token", body, content_type="application/json", **headers)


def test_twelve_wrong_passwords_for_bob_leave_alice_free_to_sign_in(bob_and_alice):
    table = Client()  # everyone at the table shares one address
    failures = {token(table, "bob", "guess").status_code for _ in range(12)}
    assert failures == {401, 429}
    assert token(table, "bob", PASSWORD).status_code == 429
    assert token(table, "alice", PASSWORD).status_code == 200


def test_the_sign_in_page_locks_bob_only(bob_and_alice):
    _bob, alice = bob_and_alice
    table = Client()
    for _ in range(12):
        table.post("/login/", {"username": "bob", "password": "guess"})
    locked = table.post("/login/", {"username": "bob", "password": PASSWORD})
    assert locked.status_code == 429  # even his own password no longer signs him in
    assert "_auth_user_id" not in table.session
    free = table.post("/login/", {"username": "alice", "password": PASSWORD})
    assert free.status_code == 302
    assert table.session["_auth_user_id"] == str(alice.pk)


def test_behind_a_proxy_the_lockout_follows_the_forwarded_client(bob_and_alice, settings):
    settings.TRUSTED_PROXIES = 1
    proxy = Client(REMOTE_ADDR="127.0.0.1")  # every request arrives from the proxy
    attacker = {"HTTP_X_FORWARDED_FOR": "203.0.113.7"}
    for _ in range(12):
        token(proxy, "bob", "guess", **attacker)
    assert token(proxy, "bob", PASSWORD, **attacker).status_code == 429
    bob_at_home = token(proxy, "bob", PASSWORD, HTTP_X_FORWARDED_FOR="198.51.100.4")
    assert bob_at_home.status_code == 200


def test_a_client_cannot_forge_its_address_past_the_trusted_proxies(settings):
    settings.TRUSTED_PROXIES = 1
    request = RequestFactory().get(
        "/", REMOTE_ADDR="127.0.0.1", HTTP_X_FORWARDED_FOR="10.9.9.9, 203.0.113.7"
    )
    assert client_ip(request) == "203.0.113.7"
    settings.TRUSTED_PROXIES = 2
    assert client_ip(request) == "10.9.9.9"
    settings.TRUSTED_PROXIES = 0
    assert client_ip(request) == "127.0.0.1"


def test_a_locked_sign_in_says_when_to_try_again_on_the_page_and_in_the_api(bob_and_alice):
    """The lockout's 429 carries Retry-After, as the sign-up throttle's does: the
    seconds until bob may try again from this address (a minute's cool-off)."""
    table = Client()
    for _ in range(10):
        table.post("/login/", {"username": "bob", "password": "guess"})

    page = table.post("/login/", {"username": "bob", "password": PASSWORD})
    assert page.status_code == 429
    assert 1 <= int(page["Retry-After"]) <= 60
    text = page.content.decode()
    assert "Too many failed sign-ins with this user name: try again in 1 minute." in text
    assert 'name="password"' in text and 'value="bob"' in text  # the form, to try again
    assert "_auth_user_id" not in table.session

    api = token(table, "bob", PASSWORD)
    assert api.status_code == 429
    assert api.json()["code"] == "locked_out"
    assert 1 <= int(api["Retry-After"]) <= 60


def test_the_wait_counts_from_the_last_failed_sign_in(bob_and_alice, settings):
    settings.AXES_COOLOFF_TIME = 10 / 60  # ten minutes
    table = Client()
    for _ in range(10):
        token(table, "bob", "guess")
    locked = token(table, "bob", PASSWORD)
    assert 9 * 60 < int(locked["Retry-After"]) <= 10 * 60
    page = table.post("/login/", {"username": "bob", "password": PASSWORD})
    assert "try again in 10 minutes." in page.content.decode()
