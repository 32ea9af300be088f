"""Sign-up, the account page, password change and reset by e-mail."""

from __future__ import annotations

import re
from concurrent.futures import ThreadPoolExecutor

import pytest
from django.contrib.auth import get_user_model
from django.core import mail
from django.db import connections
from django.test import Client

from tests.support.browser import PASSWORD
from tests.support.pages import make_user

pytestmark = pytest.mark.django_db


def test_the_sign_in_page_offers_to_create_an_account(client):
    page = client.get("/login/?next=/join/").content.decode()
    assert 'href="/signup/?next=/join/"' in page
    assert 'href="/account/reset/"' in page


def test_signing_up_signs_the_new_user_in_and_follows_next(client):
    response = client.post(
        "/signup/",
        {
            "username": "secretary",
            "password1": PASSWORD,
            "password2": PASSWORD,
            "email": "sec@example.org",
            "next": "/clubs/new/",
        },
    )
    assert response.status_code == 302
    assert response["Location"] == "/clubs/new/"
    assert client.get("/clubs/new/").status_code == 200
    assert get_user_model().objects.get(username="secretary").email == "sec@example.org"


@pytest.mark.parametrize(
    ("password1", "password2"), [("password", "password"), (PASSWORD, PASSWORD + "x")]
)
def test_a_weak_or_mistyped_password_creates_no_account(client, password1, password2):
    response = client.post(
        "/signup/", {"username": "secretary", "password1": password1, "password2": password2}
    )
    assert response.status_code == 200
    assert 'class="error"' in response.content.decode()
    assert not get_user_model().objects.exists()


def test_a_sign_up_never_follows_next_to_another_site(client):
    response = client.post(
        "/signup/",
        {
            "username": "eve",
            "password1": PASSWORD,
            "password2": PASSWORD,
            "next": "https://evil.example/",
        },
    )
    assert response["Location"] == "/"


def test_the_account_page_changes_the_email_and_links_the_password_change(client):
    user = make_user("ada", PASSWORD)
    client.force_login(user)
    page = client.get("/account/").content.decode()
    assert 'href="/account/password/"' in page
    assert 'action="/logout/"' in page
    client.post("/account/", {"email": "ada@example.org"})
    user.refresh_from_db()
    assert user.email == "ada@example.org"


def test_the_account_page_needs_a_signed_in_user(client):
    assert client.get("/account/")["Location"].startswith("/login/")


def test_a_password_is_changed_with_the_old_one(client):
    user = make_user("ada", PASSWORD)
    client.force_login(user)
    new = "another long table password"
    response = client.post(
        "/account/password/",
        {"old_password": PASSWORD, "new_password1": new, "new_password2": new},
    )
    assert response["Location"] == "/account/"
    user.refresh_from_db()
    assert user.check_password(new)


def test_a_forgotten_password_is_reset_through_the_mailed_link(settings):
    settings.EMAIL_BACKEND = "django.core.mail.backends.locmem.EmailBackend"
    user = make_user("ada", PASSWORD)
    user.email = "ada@example.org"
    user.save()
    browser = Client()
    browser.post("/account/reset/", {"email": "ada@example.org"})
    assert len(mail.outbox) == 1
    link = re.search(r"http://testserver(/account/reset/\S+/)", mail.outbox[0].body).group(1)
    form = browser.get(link, follow=True)
    new = "a brand new table password"
    browser.post(form.redirect_chain[-1][0], {"new_password1": new, "new_password2": new})
    user.refresh_from_db()
    assert user.check_password(new)


def sign_up(client, username: str, **headers):
    return client.post(
        "/signup/",
        {"username": username, "password1": PASSWORD, "password2": PASSWORD},
        **headers,
    )


@pytest.mark.postgres
@pytest.mark.django_db(transaction=True)
def test_sign_ups_sent_at_once_from_one_address_are_each_counted(settings):
    settings.SIGNUP_RATE = "3/hour"
    names = [f"burst{n}" for n in range(10)]

    def send(name):
        try:
            return sign_up(Client(), name, REMOTE_ADDR="203.0.113.9").status_code
        finally:
            connections.close_all()

    with ThreadPoolExecutor(len(names)) as pool:
        answers = list(pool.map(send, names))

    assert sorted(answers) == [302] * 3 + [429] * 7
    assert get_user_model().objects.filter(username__startswith="burst").count() == 3


def test_one_address_may_sign_up_only_so_often_while_others_still_may(settings):
    settings.SIGNUP_RATE = "2/hour"
    make_user("carla")
    table = {"REMOTE_ADDR": "203.0.113.7"}

    assert sign_up(Client(), "anna", **table).status_code == 302
    assert sign_up(Client(), "carla", **table).status_code == 200  # taken: it counts too
    refused = sign_up(Client(), "bruno", **table)

    assert refused.status_code == 429
    assert "Too many accounts were created from your address" in refused.content.decode()
    assert int(refused["Retry-After"]) > 0
    assert not get_user_model().objects.filter(username="bruno").exists()
    assert sign_up(Client(), "bruno", REMOTE_ADDR="203.0.113.8").status_code == 302


def test_a_taken_name_is_not_told_once_the_address_is_throttled(settings):
    settings.SIGNUP_RATE = "1/hour"
    make_user("carla")
    sign_up(Client(), "anna", REMOTE_ADDR="203.0.113.7")

    page = sign_up(Client(), "carla", REMOTE_ADDR="203.0.113.7").content.decode()

    assert "already exists" not in page


def test_behind_a_proxy_a_forged_forwarded_address_does_not_escape_the_count(settings):
    settings.SIGNUP_RATE = "1/hour"
    settings.TRUSTED_PROXIES = 1
    proxy = {"REMOTE_ADDR": "10.0.0.1"}

    first = sign_up(Client(), "anna", HTTP_X_FORWARDED_FOR="198.51.100.1, 203.0.113.7", **proxy)
    forged = sign_up(Client(), "bruno", HTTP_X_FORWARDED_FOR="198.51.100.2, 203.0.113.7", **proxy)
    other = sign_up(Client(), "carla", HTTP_X_FORWARDED_FOR="203.0.113.8", **proxy)

    assert (first.status_code, forged.status_code, other.status_code) == (302, 429, 302)


def test_a_name_with_spaces_signs_up_with_a_user_name_made_from_it(client):
    response = client.post(
        "/signup/", {"username": "Giulia  Rossi", "password1": PASSWORD, "password2": PASSWORD}
    )
    assert response.status_code == 302
    user = get_user_model().objects.get(username="giulia.rossi")
    assert user.first_name == "Giulia Rossi"
    welcome = client.get("/").content.decode()
    assert "Welcome, Giulia Rossi: your account is ready. You sign in as giulia.rossi." in welcome


def test_a_second_giulia_rossi_gets_the_next_free_user_name(client):
    make_user("giulia.rossi", PASSWORD)

    client.post(
        "/signup/", {"username": "Giulia Rossi", "password1": PASSWORD, "password2": PASSWORD}
    )

    assert get_user_model().objects.filter(username="giulia.rossi2", first_name="Giulia Rossi")


def test_a_refused_sign_up_keeps_the_passwords_unless_they_are_what_is_wrong(client):
    make_user("secretary", PASSWORD)
    typed = {
        "username": "secretary",
        "password1": PASSWORD,
        "password2": PASSWORD,
        "email": "sec@example.org",
    }
    taken = client.post("/signup/", typed)
    page = taken.content.decode()
    assert 'value="secretary"' in page and 'value="sec@example.org"' in page
    assert page.count(f'value="{PASSWORD}"') == 2
    assert "no-store" in taken["Cache-Control"]

    mistyped = client.post(
        "/signup/", {"username": "treasurer", "password1": PASSWORD, "password2": PASSWORD + "x"}
    )
    page = mistyped.content.decode()
    assert 'value="treasurer"' in page
    assert PASSWORD not in page
    assert "The two password fields didn’t match." in page


@pytest.mark.browser
def test_a_screen_reader_reads_the_password_rules_with_the_password_field(page, live_server):
    from playwright.sync_api import expect

    page.goto(f"{live_server.url}/signup/")
    password = page.get_by_label(re.compile(r"^Password:?$"))
    described = password.get_attribute("aria-describedby")
    # One element holds the rules (a <ul> in a <p> is split in four) and has them.
    assert page.evaluate(f"document.querySelectorAll('[id=\"{described}\"]').length") == 1
    expect(password).to_have_accessible_description(re.compile("at least 8 characters"))
