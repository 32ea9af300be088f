"""Sign-in as you signed up, on a phone: the name typed at sign-up signs in,
accents and case aside; a name two accounts share says how to sign in."""

from __future__ import annotations

import re

import pytest

from tests.support.browser import AXE, PASSWORD, violations_of

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def sign_up(tab, base: str, name: str) -> None:
    tab.goto(f"{base}/signup/")
    tab.get_by_label(re.compile(r"^User name")).fill(name)
    tab.get_by_label(re.compile(r"^Password:?$")).fill(PASSWORD)
    tab.get_by_label(re.compile(r"^Password confirmation")).fill(PASSWORD)
    tab.get_by_role("button", name="Create the account").click()
    tab.wait_for_url(f"{base}/")


def sign_in(tab, base: str, name: str) -> None:
    tab.goto(f"{base}/login/")
    tab.get_by_label("Your name, user name or e-mail").fill(name)
    tab.get_by_label("Password").fill(PASSWORD)
    tab.get_by_role("button", name="Sign in").click()


def test_lucia_and_niccolo_sign_in_as_they_signed_up(browsers, live_server):
    base = live_server.url
    sign_up(browsers("en-GB"), base, "Lucía Fernández")
    sign_up(browsers("en-GB"), base, "Niccolò Bianchi")

    for typed in ("lucia fernandez", "Niccolò Bianchi"):
        phone = browsers("en-GB")
        phone.context.add_init_script(path=AXE)
        sign_in(phone, base, typed)
        phone.wait_for_url(f"{base}/")
        assert phone.get_by_role("link", name="Account", exact=True).count() == 1
        assert violations_of(phone) == []


def test_a_name_two_accounts_share_asks_for_the_user_name(browsers, live_server):
    base = live_server.url
    sign_up(browsers("en-GB"), base, "Maria Rossi")
    sign_up(browsers("en-GB"), base, "Maria Rossi")
    phone = browsers("en-GB")
    phone.context.add_init_script(path=AXE)

    sign_in(phone, base, "Maria Rossi")

    alert = phone.get_by_role("alert")
    assert "More than one account goes by this name" in alert.inner_text()
    assert "user name or your e-mail address" in alert.inner_text()
    assert violations_of(phone) == []
    sign_in(phone, base, "maria.rossi2")
    phone.wait_for_url(f"{base}/")


def test_spanish_welcomes_lucia_as_it_would_welcome_anyone(browsers, live_server):
    """The Spanish "Bienvenido" greets a man: Lucía, signing up in Spanish, read it as the
    app's word for her; the greeting is one anybody reads as theirs."""
    base = live_server.url
    phone = browsers("es")
    phone.context.add_init_script(path=AXE)
    phone.goto(f"{base}/signup/")
    phone.get_by_label(re.compile(r"^Usuario")).fill("Lucía Fernández")
    phone.get_by_label(re.compile(r"^Contraseña:?$")).fill(PASSWORD)
    phone.get_by_label(re.compile(r"^Contraseña \(confirmación\)")).fill(PASSWORD)
    phone.get_by_role("button", name="Crear la cuenta").click()
    phone.wait_for_url(f"{base}/")
    greeting = phone.get_by_role("status").first.inner_text()
    assert "Te damos la bienvenida, Lucía Fernández" in greeting
    assert "Bienvenid" not in greeting
    assert violations_of(phone) == []
