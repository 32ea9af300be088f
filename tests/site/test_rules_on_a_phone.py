"""The rules pages fit a phone in every language: no column is cut off."""

from __future__ import annotations

import pytest
from django.conf import settings

from tests.support.browser import shoot

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

OVERFLOW = """() => [...document.querySelectorAll("main *")].filter(
  (element) => element.getBoundingClientRect().right > window.innerWidth + 0.5
).map((element) => element.tagName + " " + element.textContent.trim().slice(0, 30))"""


@pytest.mark.parametrize("width", [320, 360])
def test_the_rules_pages_fit_a_narrow_phone_in_every_language(
    page_without_worker, live_server, width
):
    page = page_without_worker
    page.set_viewport_size({"width": width, "height": 740})
    for language in ("it", "en", "es", "fr", "nl"):
        cookie = {"name": settings.LANGUAGE_COOKIE_NAME, "value": language, "url": live_server.url}
        page.context.add_cookies([cookie])
        for preset in ("continental", "continental-3-decks", "rummy"):
            page.goto(f"{live_server.url}/rules/{preset}/")
            assert page.locator("html").get_attribute("lang") == language
            pack = page.get_by_role("columnheader").last
            box = pack.bounding_box()
            assert box is not None and box["x"] + box["width"] <= width, (language, preset)
            assert page.evaluate(OVERFLOW) == [], (language, preset)
            assert page.evaluate("document.documentElement.scrollWidth") <= width
            if (language, preset, width) == ("it", "continental", 320):
                page.get_by_role("table").scroll_into_view_if_needed()
                shoot(page, "a11y-rules-it-320", full_page=False)
