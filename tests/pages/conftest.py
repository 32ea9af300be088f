"""Pages: a club with a user of each role, signed-in clients, and the browser."""

from __future__ import annotations

import os
import shutil
import tempfile
from contextlib import contextmanager
from dataclasses import dataclass

import pytest
from django.contrib.auth import get_user_model
from django.db import connections
from django.test import Client

from series.clubs import membership
from series.clubs import players as player_services
from series.clubs import services as club_services
from series.models import Club, Player
from series.sheets import services
from tests.support.shared import copy_or_build, written_once_per_module

CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]
PASSWORD = "a long table password"
# Reports each CSP violation as a console error, which fails the test.
CSP_LISTENER = """
document.addEventListener("securitypolicyviolation", (event) => {
  console.error(`CSP violation: ${event.violatedDirective} blocked ${event.blockedURI || "inline"}`
    + ` at ${event.sourceFile}:${event.lineNumber}`);
});
"""


@dataclass
class Table:
    club: Club
    players: list[Player]
    other_club: Club
    users: dict  # role -> user; "stranger" is a scorer of the other club


def make_user(username: str, password: str | None = None):
    return get_user_model().objects.create_user(username, password=password)


def build_table() -> Table:
    users = {name: make_user(name) for name in ("admin", "scorer", "member", "stranger")}
    club = club_services.club_create(name="Circolo Tressette", admin=users["admin"])
    membership.member_set(club=club, user=users["scorer"], role="scorer")
    membership.member_set(club=club, user=users["member"], role="member")
    names = ("Anna", "Bruno", "Carla", "Dario", "Elena", "Fabio")
    players = [player_services.player_add(club=club, name=name) for name in names]
    other_club = club_services.club_create(name="Other club")
    membership.member_set(club=other_club, user=users["stranger"], role="scorer")
    return Table(club, players, other_club, users)


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
    players = table.players[:4]
    result = services.series_start(
        club=table.club, players=[p.id for p in players], first_dealer=players[0].id
    )
    return result.series_id


# -- the browser ------------------------------------------------------------------------


def chromium_missing() -> str | None:
    if not (os.path.exists(CHROMIUM) and os.access(CHROMIUM, os.X_OK)):
        return f"browser tests need chromium at {CHROMIUM} (apt-get install chromium)"
    return None


@contextmanager
def chromium_tab(monkeypatch, **options):
    """A 360 px wide tab of a fresh headless chromium; fails on any console error,
    a Content-Security-Policy violation included.

    Playwright runs an event loop while it is open, and Django then keeps a
    separate database connection for the test's own queries; it is closed before
    the test's tables are emptied, so that runs on the usual connection."""
    missing = chromium_missing()
    if missing:
        pytest.skip(missing)
    sync_api = pytest.importorskip("playwright.sync_api")
    # Playwright's sync API runs an event loop in this thread; Django would refuse
    # the test's own database calls while it runs. Set for the browser tests only,
    # so that no other test (or the processes it starts) inherits it.
    monkeypatch.setenv("DJANGO_ALLOW_ASYNC_UNSAFE", "true")
    profile = tempfile.mkdtemp(prefix="chromium-profile-")
    errors: list[str] = []
    tab = None
    try:
        with sync_api.sync_playwright() as playwright:
            context = playwright.chromium.launch_persistent_context(
                profile,
                executable_path=CHROMIUM,
                args=CHROMIUM_ARGS,
                headless=True,
                viewport={"width": 360, "height": 740},
                **{"locale": "en-GB", **options},
            )
            # Every page is checked against the Content-Security-Policy: a
            # violation (an inline script, style or handler) fails the test.
            context.add_init_script(CSP_LISTENER)
            tab = context.pages[0] if context.pages else context.new_page()
            # A test that cuts the network on purpose lists the errors it expects.
            tab.expected_errors = []
            tab.on("console", lambda msg: errors.append(msg.text) if msg.type == "error" else None)
            tab.on("pageerror", lambda exc: errors.append(str(exc)))
            yield tab
            context.close()
            connections.close_all()
    finally:
        shutil.rmtree(profile, ignore_errors=True)
    unexpected = [e for e in errors if not any(part in e for part in tab.expected_errors)]
    assert unexpected == [], f"console errors: {unexpected}"


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
