"""Browser tests' chromium tab and the steps they share: sign in, tap a card, shoot."""

from __future__ import annotations

import asyncio
import os
import re
import tempfile
from contextlib import contextmanager
from pathlib import Path

import axe_playwright_python
import pytest
from django.conf import settings
from django.contrib.auth import get_user_model
from django.db import connections
from django.test import Client
from django.utils import translation

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

# axe, injected into a page by a context's init script (``add_init_script(path=AXE)``),
# and what it checks: WCAG 2.1 A and AA, and its best practices.
AXE = str(Path(axe_playwright_python.__file__).with_name("axe.min.js"))
WCAG = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "best-practice"]


def violations_of(tab, tags=WCAG) -> list[str]:
    """axe's violations on the page in ``tab`` (axe is in the page by its context's
    init script): each rule broken, with the first few places that break it."""
    options = {"runOnly": {"type": "tag", "values": tags}, "resultTypes": ["violations"]}
    results = tab.evaluate("options => axe.run(document, options)", options)
    return [
        f"{v['id']}: {v['help']} at {[node['target'] for node in v['nodes']][:4]}"
        for v in results["violations"]
    ]


# Reports each CSP violation as a console error, which fails the test.
CSP_LISTENER = """
document.addEventListener("securitypolicyviolation", (event) => {
  console.error(`CSP violation: ${event.violatedDirective} blocked ${event.blockedURI || "inline"}`
    + ` at ${event.sourceFile}:${event.lineNumber}`);
});
"""


def chromium_missing() -> str | None:
    if not (os.path.exists(CHROMIUM) and os.access(CHROMIUM, os.X_OK)):
        return f"browser tests need chromium at {CHROMIUM} (apt-get install chromium)"
    return None


class _Worker:
    """The worker process's Playwright driver and chromium, started by its first
    browser test and stopped when its run ends (``stop_chromium``)."""

    playwright = None
    browser = None
    loop = None
    depth = 0  # the ``chromium`` blocks open, for one inside another


def _started_browser(sync_api):
    if _Worker.browser is not None:
        # The driver's event loop is marked as running again before any call to it.
        asyncio.events._set_running_loop(_Worker.loop)
        if _Worker.browser.is_connected():
            return _Worker.browser
        stop_chromium()  # chromium went away during an earlier test: start anew
    try:
        _Worker.playwright = sync_api.sync_playwright().start()
        _Worker.loop = asyncio.get_running_loop()
        _Worker.browser = _Worker.playwright.chromium.launch(
            executable_path=CHROMIUM, args=CHROMIUM_ARGS, headless=True
        )
    except BaseException:
        stop_chromium()
        raise
    return _Worker.browser


def stop_chromium() -> None:
    """Close the worker's chromium and its driver, if a browser test started them."""
    playwright, _Worker.playwright, _Worker.browser = _Worker.playwright, None, None
    if playwright is not None:
        asyncio.events._set_running_loop(_Worker.loop)
        try:
            playwright.stop()
        finally:
            asyncio.events._set_running_loop(None)


@contextmanager
def chromium(monkeypatch):
    """The worker's chromium, for one test to open contexts in: each context has
    its own cookies, storage, cache and service workers, and all are closed when
    the test ends. Skipped when chromium is missing.

    One Playwright driver and one chromium serve all the browser tests of a
    worker process; starting them took longer than most tests' own steps.
    Playwright's sync API marks its event loop as running in this thread while
    it is in use, and Django then refuses database calls unless
    DJANGO_ALLOW_ASYNC_UNSAFE is set: it is set for the browser test only (so no
    other test, nor a process a test starts, inherits it), and the loop is marked
    running only within this block, so a test without a browser that runs next in
    the worker keeps Django's SynchronousOnlyOperation check.

    While the loop is marked running, Django keeps a separate database connection
    for the test's own queries; it is closed here, before the test's tables are
    emptied, so that runs on the usual connection."""
    missing = chromium_missing()
    if missing:
        pytest.skip(missing)
    sync_api = pytest.importorskip("playwright.sync_api")
    monkeypatch.setenv("DJANGO_ALLOW_ASYNC_UNSAFE", "true")
    browser = _started_browser(sync_api)
    before = set(browser.contexts)
    _Worker.depth += 1
    try:
        yield browser
    finally:
        _Worker.depth -= 1
        try:
            for context in browser.contexts:
                if context not in before:
                    context.close()
        except Exception:
            stop_chromium()  # the next test gets a fresh one
            raise
        finally:
            if _Worker.depth == 0:
                connections.close_all()
                asyncio.events._set_running_loop(None)


@contextmanager
def chromium_tab(monkeypatch, **options):
    """A 360 px wide tab in a fresh context of the worker's chromium (``chromium``:
    its own cookies, storage and service workers); fails on any console error, a
    Content-Security-Policy violation included."""
    errors: list[str] = []
    with chromium(monkeypatch) as browser:
        context = browser.new_context(
            viewport={"width": 360, "height": 740}, **{"locale": "en-GB", **options}
        )
        # Every page is checked against the Content-Security-Policy: a
        # violation (an inline script, style or handler) fails the test.
        context.add_init_script(CSP_LISTENER)
        tab = context.new_page()
        # A test that cuts the network on purpose lists the errors it expects.
        tab.expected_errors = []
        tab.on("console", lambda msg: errors.append(msg.text) if msg.type == "error" else None)
        tab.on("pageerror", lambda exc: errors.append(str(exc)))
        yield tab
    unexpected = [e for e in errors if not any(part in e for part in tab.expected_errors)]
    assert unexpected == [], f"console errors: {unexpected}"


SCREENSHOTS = Path(__file__).resolve().parents[2] / "docs" / "screenshots"


NAMES = ("Anna", "Bruno", "Carla", "Dario", "Elena")


def shoot(page, name: str, *, full_page: bool = True) -> None:
    """Take a 360 px screenshot; the README's copies are refreshed on request
    (``SAVE_SCREENSHOTS=1 make test``), so a test run leaves the tree clean."""
    if os.environ.get("SAVE_SCREENSHOTS"):
        path = SCREENSHOTS / f"{name}.png"
    else:
        path = Path(tempfile.gettempdir()) / "scorekeeper-screenshots" / f"{name}.png"
    path.parent.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(path), full_page=full_page)


def sign_in(page, live_server, next_url: str = "/", username: str = "marta") -> None:
    """``username`` signed in, on ``next_url``: the tab's context carries the
    session a sign-in makes (Django's ``force_login``), so a test that is not
    about signing in does not type it (the sign-in page's own tests do, in
    tests/accounts)."""
    session = session_of(get_user_model().objects.get(username=username))
    cookie = {"name": settings.SESSION_COOKIE_NAME, "value": session, "url": live_server.url}
    page.context.add_cookies([cookie])
    page.goto(f"{live_server.url}{next_url}")


def session_of(user, **kept) -> str:
    """The key of a session of ``user`` signed in, with what a page left in it."""
    client = Client()
    client.force_login(user)
    session = client.session
    session.update(kept)
    session.save()
    return session.session_key


def sign_in_on_the_page(page, live_server, next_url: str = "/") -> None:
    """Sign in as a person does: the sign-in page, its fields and its button."""
    page.goto(f"{live_server.url}/login/?next={next_url}")
    page.fill("#id_username", "marta")
    page.fill("#id_password", PASSWORD)
    page.click("button[type=submit].primary")
    # Signed in once the sign-in page is left: a form sent from it after that
    # (the language switcher) would carry the token the sign-in rotated.
    page.wait_for_url(lambda url: "/login/" not in url)


RANK_NAMES = {
    "A": "Ace",
    "2": "Two",
    "3": "Three",
    "4": "Four",
    "5": "Five",
    "6": "Six",
    "7": "Seven",
    "8": "Eight",
    "9": "Nine",
    "10": "Ten",
    "J": "Jack",
    "Q": "Queen",
    "K": "King",
}


SUIT_NAMES = {"♣": "clubs", "♦": "diamonds", "♥": "hearts", "♠": "spades"}


def rank_button(rank: str) -> str:
    """The picker's rank button by name: its visible rank, then its name ("7 (Seven)")."""
    return f"{rank} ({RANK_NAMES[rank]})"


def tap_card(page, card: str) -> int:
    """Tap ``card`` (e.g. "7♣") on the open picker: its rank, unless already
    chosen, then its suit. Returns the number of taps."""
    picker = page.locator("#card-picker")
    rank = picker.get_by_role("button", name=rank_button(card[:-1]), exact=True)
    taps = 0
    if rank.get_attribute("aria-pressed") != "true":
        rank.click()
        taps += 1
    name = f"{card} ({RANK_NAMES[card[:-1]]} of {SUIT_NAMES[card[-1]]})"
    picker.get_by_role("button", name=name, exact=True).click()
    return taps + 1


def enter_deal(page, went_out: str, points: dict[str, int]) -> None:
    page.locator(".tile", has_text=went_out).click()
    for name, value in points.items():
        page.get_by_label(f"Points of {name}").fill(str(value))


POINTS = {"Bruno": "35", "Carla": "48", "Dario": "17", "Elena": "60", "Fabio": "105"}


def words(language: str):
    """The page's words in ``language``, from the same catalogues the pages use."""

    def t(text: str, **params) -> str:
        with translation.override(language):
            return translation.gettext(text) % params if params else translation.gettext(text)

    return t


SIX = ("Anna", "Bruno", "Carla", "Dario", "Elena", "Fabio")


def pick(page, player: str, cards: list[str]) -> None:
    """Tap ``cards`` on the card picker for ``player``."""
    page.locator(".hand", has_text=player).get_by_role("button", name="Pick").click()
    for card in cards:
        tap_card(page, card)


def close_picker(page) -> None:
    page.locator("#card-picker button[type=submit]").click()


def printed_pages(pdf: bytes) -> int:
    """How many pages a printed PDF has."""
    return len(re.findall(rb"/Type\s*/Page[^s]", pdf))
