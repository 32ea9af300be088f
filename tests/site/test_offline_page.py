"""Offline, a page the phone has not kept shows the app's own page, with links to
the score sheets it has kept, instead of the browser's error."""

from __future__ import annotations

import pytest

from tests.support.browser import shoot, sign_in

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def test_an_unsaved_page_offline_shows_the_apps_page_with_the_sheets_kept(page, live_server, six):
    page.expected_errors.append("ERR_INTERNET_DISCONNECTED")
    sign_in(page, live_server, f"/series/{six}/")
    page.wait_for_url(f"**/series/{six}/")
    page.wait_for_function("() => navigator.serviceWorker.ready.then(() => true)")
    page.reload()  # now through the service worker, which keeps a copy of the sheet
    page.wait_for_function("() => navigator.serviceWorker.controller !== null")

    page.context.set_offline(True)
    page.goto(f"{live_server.url}/rules/")  # never opened on this phone

    assert page.get_by_role("heading", name="You are offline").is_visible()
    sheet = page.get_by_role("link", name="Circolo Tressette", exact=False)
    sheet.first.wait_for()
    shoot(page, "a11y-offline", full_page=False)
    sheet.first.click()
    page.wait_for_url(f"**/series/{six}/")
    assert page.get_by_role("status").filter(has_text="saved on this phone").is_visible()
    page.context.set_offline(False)
