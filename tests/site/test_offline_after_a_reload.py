"""Offline after a reload: the deal form reloaded without a connection shows the
app's offline page listing the entries waiting on this phone with their score
sheets (club, players, time), and once the connection is back the page asked
for opens by itself and the deal lands once."""

from __future__ import annotations

import pytest

from series.models import Event
from tests.support.browser import enter_deal, shoot, sign_in

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

WAIT = 10000  # ms, every wait bounded


def test_the_deal_form_reloaded_offline_lists_what_waits_and_comes_back_online(
    page, live_server, series_id
):
    page.expected_errors.append("ERR_INTERNET_DISCONNECTED")
    sign_in(page, live_server, f"/series/{series_id}/")
    page.wait_for_function("() => navigator.serviceWorker.ready.then(() => true)")
    page.reload()  # now through the service worker, which keeps a copy of the sheet
    page.wait_for_function("() => navigator.serviceWorker.controller !== null")
    page.get_by_role("link", name="Record a deal").click()
    form_url = page.url
    enter_deal(page, "Bruno", {"Anna": 30, "Carla": 40, "Dario": 25})
    page.context.set_offline(True)
    page.get_by_role("button", name="Record the deal").click()
    page.locator("#deal-form [data-outbox-status]").get_by_text("Waiting").wait_for(timeout=WAIT)

    page.reload()  # the deal form was never kept: the app's offline page, at its address
    page.get_by_role("heading", name="You are offline").wait_for(timeout=WAIT)
    waiting = page.get_by_role("region", name="Waiting on this phone")
    line = waiting.get_by_role("listitem").filter(has_text="Deal 1")
    line.wait_for(timeout=WAIT)
    text = line.inner_text()
    assert "kept at" in text
    sheet = line.get_by_role("link", name="Circolo Tressette · Anna, Bruno, Carla, Dario")
    assert sheet.get_attribute("href") == f"/series/{series_id}/"
    kept = page.get_by_role("region", name="Score sheets kept on this phone")
    assert kept.get_by_role("link", name="Circolo Tressette", exact=False).count() == 1
    shoot(page, "offline-after-a-reload", full_page=False)

    page.context.set_offline(False)
    page.get_by_role("button", name="Record the deal").wait_for(timeout=WAIT)
    assert page.url == form_url
    page.wait_for_function(
        "() => JSON.parse(localStorage.getItem('scorekeeper.outbox') || '[]').length === 0",
        timeout=WAIT,
    )
    assert Event.objects.filter(stream=series_id, type="DealRecorded").count() == 1
