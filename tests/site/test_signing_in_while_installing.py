"""Signing in while the service worker is still fetching the app shell: the
shell's pages are fetched without the visitor's cookies, so an answer that
arrives after the sign-in cannot put back the token the sign-in replaced, and
the next form sent is taken (not the "form expired" page)."""

from __future__ import annotations

import threading

import pytest
from django.core.signals import request_started

from tests.support.browser import sign_in_on_the_page

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


@pytest.fixture
def slow_shell():
    """The worker's fetch of the home page is answered only when the test says:
    as on a slow phone whose owner signs in before the worker has installed."""
    arrived, answer = threading.Event(), threading.Event()

    def hold(environ, **kwargs):
        if environ["PATH_INFO"] == "/" and environ.get("HTTP_REFERER", "").endswith("/sw.js"):
            arrived.set()
            answer.wait(30)

    request_started.connect(hold, weak=False)
    yield arrived, answer
    answer.set()
    request_started.disconnect(hold)


def test_a_shell_page_answered_after_the_sign_in_leaves_the_signed_in_token(
    page, live_server, club, slow_shell
):
    arrived, answer = slow_shell
    page.goto(f"{live_server.url}/login/?next=/rules/")
    assert arrived.wait(20), "the service worker fetched its shell"
    sign_in_on_the_page(page, live_server, "/rules/")
    signed_in = page.evaluate("document.cookie")
    answer.set()
    page.wait_for_function("() => navigator.serviceWorker.ready.then(() => true)")
    assert page.evaluate("document.cookie") == signed_in

    page.get_by_label("Language").select_option("it")
    page.locator('html[lang="it"]').wait_for()
