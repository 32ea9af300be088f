"""Sign-in as you signed up: the name given at sign-up, the user name made from
it or the e-mail address, in any case, with or without accents, when it names
one account; a name two accounts share asks for the user name or the address."""

from __future__ import annotations

import pytest
from django.contrib.auth import get_user_model
from django.test import Client

from tests.support.browser import PASSWORD

pytestmark = pytest.mark.django_db


def sign_up(name: str, email: str = "") -> None:
    body = {"username": name, "password1": PASSWORD, "password2": PASSWORD, "email": email}
    assert Client().post("/signup/", body).status_code == 302


def token(username: str, password: str = PASSWORD, client: Client | None = None):
    return (client or Client()).post(
        "/api/v1/auth/token",
        {"username": username, "password": password},
        content_type="application/json",
    )


def page_sign_in(username: str, password: str = PASSWORD):
    return Client().post("/login/", {"username": username, "password": password})


@pytest.mark.parametrize(
    "typed",
    ["Lucía Fernández", "lucia.fernandez", "LUCIA FERNANDEZ", "lucía.fernández", "lf@example.org"],
)
def test_lucia_signs_in_with_any_name_she_answers_to(typed):
    sign_up("Lucía Fernández", email="LF@example.org")

    assert token(typed).status_code == 200
    assert page_sign_in(typed).status_code == 302


def test_niccolo_signs_in_as_typed_even_with_a_decomposed_accent():
    sign_up("Niccolò Bianchi")

    assert page_sign_in("Niccolò Bianchi").status_code == 302
    assert page_sign_in("Nicco\u0300lo\u0300 bianchi").status_code == 302
    assert token("niccolo bianchi").status_code == 200


def test_two_maria_rossis_both_get_in_by_user_name_and_the_shared_name_asks_for_it():
    sign_up("Maria Rossi")
    sign_up("Maria Rossi", email="maria2@example.org")
    assert set(get_user_model().objects.values_list("username", flat=True)) == {
        "maria.rossi",
        "maria.rossi2",
    }

    assert token("maria.rossi").status_code == 200
    assert token("maria.rossi2").status_code == 200
    assert token("maria2@example.org").status_code == 200
    shared = token("María Rossi")
    assert shared.status_code == 401
    assert shared.json()["code"] == "shared_name"
    page = page_sign_in("Maria Rossi").content.decode()
    assert "More than one account goes by this name" in page


def test_an_address_two_accounts_share_signs_neither_in_by_it():
    sign_up("Ada", email="club@example.org")
    sign_up("Bea", email="Club@Example.org")

    assert token("club@example.org").json()["code"] == "shared_name"
    assert token("ada").status_code == 200


def test_a_wrong_password_is_still_refused_whatever_the_name():
    sign_up("Lucía Fernández")

    assert token("lucia fernandez", "guess").status_code == 401
    assert page_sign_in("Lucía Fernández", "guess").status_code == 200


def test_failures_count_against_the_account_however_its_name_was_typed():
    sign_up("Lucía Fernández")
    table = Client()
    names = ["Lucía Fernández", "lucia.fernandez", "LUCIA FERNANDEZ", "lucía.fernández"]
    for attempt in range(12):
        token(names[attempt % 4], "guess", client=table)

    for typed in names:
        assert token(typed, client=table).status_code == 429
    at_home = Client(REMOTE_ADDR="198.51.100.4")
    assert token("lucía.fernández", client=at_home).status_code == 200


def test_a_changed_email_signs_in_and_the_old_one_no_longer_does(client):
    sign_up("Ada", email="old@example.org")
    client.post("/login/", {"username": "ada", "password": PASSWORD})
    client.post("/account/", {"email": "new@example.org"})

    assert token("new@example.org").status_code == 200
    assert token("old@example.org").status_code == 401


def test_failures_with_a_shared_name_never_lock_the_account_whose_user_name_it_folds_to():
    """ "María Rossi" names maria.rossi and maria.rossi2 and folds to "maria.rossi":
    its failures were counted against that user name, so a stranger's twelve
    guesses at the shared name locked the first Maria out at the club's address."""
    sign_up("Maria Rossi")
    sign_up("Maria Rossi")
    table = Client()
    for _attempt in range(12):
        assert token("María Rossi", "guess", client=table).status_code in {401, 429}

    assert token("maria.rossi", client=table).status_code == 200
    assert token("maria.rossi2", client=table).status_code == 200


def test_a_user_name_that_is_another_accounts_address_never_keeps_her_out():
    """Lucía signs in with her address; a newcomer who took that address as his
    user name had her sign-ins checked against his account only (refused, whatever
    she typed). Each password now signs its own account in by that name."""
    sign_up("Lucía Fernández", email="LF@example.org")
    his = "another-long-passphrase"
    body = {"username": "lf@example.org", "password1": his, "password2": his}
    assert Client().post("/signup/", body).status_code == 302
    users = get_user_model().objects

    assert signed_in_as("lf@example.org", PASSWORD) == users.get(email="LF@example.org")
    assert signed_in_as("lf@example.org", his) == users.get(username="lf@example.org")
    assert token("lf@example.org").status_code == 200
    assert token("lf@example.org", "guess").status_code == 401


def signed_in_as(typed: str, password: str):
    client = Client()
    assert client.post("/login/", {"username": typed, "password": password}).status_code == 302
    return get_user_model().objects.get(pk=client.session["_auth_user_id"])


@pytest.mark.postgres
def test_a_name_longer_than_the_lockout_stores_is_refused_not_an_error():
    """The sign-in page takes a user name of any length and the API one of 254
    characters, which folding can lengthen ("ﷺ" is 18 letters): the lockout
    stored the failure's name in its 255 characters, and PostgreSQL's refusal
    answered 500."""
    sign_up("Maria Rossi")

    assert page_sign_in("x" * 5000, "guess").status_code == 200
    assert token("\ufdfa" * 254, "guess").status_code == 401
    assert page_sign_in("maria.rossi").status_code == 302
