"""The page tests' fixtures, bound for every folder by tests/conftest.py: a
club with a user of each role, signed-in clients, and the browser."""

from __future__ import annotations

import pytest
from django.contrib.auth import get_user_model
from django.test import Client

from series.clubs import players as player_services
from series.clubs import services as club_services
from series.sheets import services
from tests.support.browser import NAMES, PASSWORD, SIX, chromium, chromium_tab
from tests.support.factories import start
from tests.support.pages import Table, build_table
from tests.support.shared import copy_or_build, written_once_per_module

table_of_the_module = written_once_per_module(build_table)


@pytest.fixture
def table(table_of_the_module, db) -> Table:
    """The club, written once for the module (tests/support/shared.py)."""
    return copy_or_build(table_of_the_module, build_table)


@pytest.fixture
def as_role(table):
    """``as_role("scorer")``: a test client signed in as that user; None is anonymous."""

    def client(role: str | None, language: str = "en") -> Client:
        browser = Client(HTTP_ACCEPT_LANGUAGE=language)
        if role is not None:
            browser.force_login(table.users[role])
        return browser

    return client


@pytest.fixture
def four(table):
    """A Continental series of Anna, Bruno, Carla and Dario; Anna deals first."""
    return start(table.club, table.players[:4]).series_id


@pytest.fixture
def three(table):
    """A Continental series of Anna, Bruno and Carla; Anna deals first."""
    return start(table.club, table.players[:3]).series_id


# -- the browser ------------------------------------------------------------------------


@pytest.fixture
def page(live_server, monkeypatch):
    """A tab with the app's service worker; skipped when chromium is missing."""
    with chromium_tab(monkeypatch) as tab:
        yield tab


@pytest.fixture
def page_without_worker(live_server, monkeypatch):
    """A tab whose requests all reach Playwright's routes: no service worker."""
    with chromium_tab(monkeypatch, service_workers="block") as tab:
        yield tab


@pytest.fixture
def club(transactional_db):
    scorer = get_user_model().objects.create_user("marta", password=PASSWORD)
    club = club_services.club_create(name="Circolo Tressette", admin=scorer)
    players = [player_services.player_add(club=club, name=name) for name in NAMES]
    return club, players


@pytest.fixture
def six(transactional_db):
    scorer = get_user_model().objects.create_user("marta", password=PASSWORD)
    club = club_services.club_create(name="Circolo Tressette", admin=scorer)
    players = [player_services.player_add(club=club, name=name) for name in SIX]
    return services.series_start(
        club=club, players=[p.id for p in players], first_dealer=players[0].id
    ).series_id


@pytest.fixture
def browsers(live_server, monkeypatch):
    """``open_tab(language)``: a tab in a browser context of its own (its own
    cookies), 360 × 740; the test fails on any console error but those it
    expects (``open_tab.expected``: texts such as "status of 403", for a page
    it opens to be refused)."""
    errors: list[str] = []
    with chromium(monkeypatch) as browser:

        def open_tab(language: str):
            context = browser.new_context(viewport={"width": 360, "height": 740}, locale=language)
            tab = context.new_page()
            # Each error names the tab's language, for a test that opens several.
            tab.on(
                "console",
                lambda m: errors.append(f"{language}: {m.text}") if m.type == "error" else None,
            )
            tab.on("pageerror", lambda exc: errors.append(f"{language}: {exc}"))
            return tab

        open_tab.expected = []
        yield open_tab
    # A used-up invitation answers 410 Gone, which chromium reports on the console.
    expected = ["status of 410", *open_tab.expected]
    errors = [e for e in errors if not any(text in e for text in expected)]
    assert errors == [], f"console errors: {errors}"
