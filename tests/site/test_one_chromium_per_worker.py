"""The browser tests share one chromium per worker process (tests/support/browser.py),
and what a browser test needs stays within it: once its tab is closed, the next
test of the worker, with a browser or without, finds no event loop marked running
in its thread, DJANGO_ALLOW_ASYNC_UNSAFE unset, its queries on Django's usual
connection, and Django's check that refuses a database call from async code in
force, while the worker's chromium waits for the next browser test."""

from __future__ import annotations

import asyncio
import os

import pytest
from django.contrib.auth import get_user_model
from django.core.exceptions import SynchronousOnlyOperation
from django.db import connections

from tests.support import browser
from tests.support.browser import chromium_tab

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def count_users() -> int:
    return get_user_model().objects.count()


async def count_users_from_async_code() -> int:
    return count_users()


def test_after_a_browser_test_the_worker_is_as_if_it_had_run_none(monkeypatch):
    usual = connections["default"]
    for _ in range(2):  # the first tab may start the worker's chromium, the second reuses it
        with monkeypatch.context() as browser_test, chromium_tab(browser_test) as tab:
            tab.set_content("<p>A page</p>")
            assert tab.locator("p").text_content() == "A page"
            asyncio.get_running_loop()  # Playwright's, while the tab is open
            assert os.environ["DJANGO_ALLOW_ASYNC_UNSAFE"] == "true"
            assert connections["default"] is not usual
            assert count_users() == 0  # on the separate connection

        # What the next test of the worker finds: chromium still running, waiting...
        assert browser._Worker.browser.is_connected()
        # ... but nothing of the browser test in this thread.
        with pytest.raises(RuntimeError, match="no running event loop"):
            asyncio.get_running_loop()
        assert "DJANGO_ALLOW_ASYNC_UNSAFE" not in os.environ
        assert connections["default"] is usual
        assert count_users() == 0
        with pytest.raises(SynchronousOnlyOperation):
            asyncio.run(count_users_from_async_code())
