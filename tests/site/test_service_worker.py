"""The service worker and the offline page take the pages they keep from the
URLconf (series/site/pwa.py): the worker served at /sw.js is only the server's
values, its logic the static script linted with the others, and the paths it
keeps are exactly those the URLconf routes to the pages it names."""

from __future__ import annotations

import json
import re
import uuid
from pathlib import Path

import pytest
from django.templatetags.static import static
from django.urls import Resolver404, get_resolver, resolve, reverse

from series.site import pwa
from tests.support.browser import chromium_tab

pytestmark = pytest.mark.django_db

SCRIPTS = Path(__file__).resolve().parents[2] / "static" / "js"

# The rendered worker, whole: its values and the import of its logic, nothing else.
RENDERED = re.compile(
    r'\s*"use strict";\s*self\.WORKER_SETUP = (?P<setup>\{.*\});\s*'
    r"importScripts\((?P<logic>\"[^\"]+\")\);\s*",
    re.DOTALL,
)
SAMPLES = {
    "UUIDConverter": str(uuid.UUID(int=7)),
    "IntConverter": "7",
    "SlugConverter": "circolo",
    "StringConverter": "a-token",
    "PathConverter": "a/b",
}


def served_worker(client) -> dict:
    response = client.get("/sw.js")
    assert response.status_code == 200
    text = response.content.decode()
    body = re.sub(r"/\*.*?\*/", "", text, flags=re.DOTALL)  # its opening comment
    rendered = RENDERED.fullmatch(body)
    assert rendered, f"the served worker holds more than its values:\n{text}"
    return {**json.loads(rendered["setup"]), "logic": json.loads(rendered["logic"])}


def every_page_path() -> list[str]:
    """One path for each named page of the URLconf, and some near misses."""
    resolver = get_resolver()
    paths = set()
    for name in (key for key in resolver.reverse_dict if isinstance(key, str)):
        for _possibilities, _pattern, _defaults, converters in resolver.reverse_dict.getlist(name):
            kwargs = {key: SAMPLES[type(c).__name__] for key, c in converters.items()}
            paths.add(reverse(name, kwargs=kwargs))
    sheet = f"/series/{SAMPLES['UUIDConverter']}/"
    paths |= {"/series/not-a-uuid/", f"/series/{'-' * 36}/", f"{sheet}x", f"/x{sheet}"}
    paths |= {"/live/a/b/", "/live//", "//"}
    return sorted(paths)


def kept_by_the_urlconf(path: str, names: tuple[str, ...]) -> bool:
    try:
        return resolve(path).url_name in names
    except Resolver404:
        return False


def test_the_served_worker_is_its_values_and_imports_the_linted_script(client):
    worker = served_worker(client)
    assert worker["logic"] == static(pwa.WORKER_SCRIPT)
    assert worker["logic"].endswith(".js") and worker["static"] == static("")
    assert worker["readable"] == pwa.path_patterns(pwa.READABLE_OFFLINE)
    assert worker["offline"] in worker["shell"] and "/" in worker["shell"]


def test_the_offline_page_lists_the_sheets_the_urlconf_names(client):
    page = client.get("/offline/").content.decode()
    found = re.search(r'<script id="offline-kept" type="application/json">(.*?)</script>', page)
    assert found and json.loads(found.group(1)) == pwa.path_patterns(pwa.KEPT_SHEETS)


def test_a_page_name_the_urlconf_lacks_is_refused():
    with pytest.raises(Exception, match="no-such-page"):
        pwa.path_patterns(("no-such-page",))


@pytest.mark.browser
def test_the_worker_keeps_exactly_the_paths_the_urlconf_routes_to_its_pages(client, monkeypatch):
    """Read by a browser, as the worker and the offline page read them: each
    pattern matches a path exactly when the URLconf routes it to one of the
    pages named (the home page, a score sheet, a live view)."""
    readable = served_worker(client)["readable"]
    paths = every_page_path()
    with chromium_tab(monkeypatch) as tab:
        matched = tab.evaluate(
            """([sources, paths]) => {
              const patterns = sources.map((source) => new RegExp(source));
              return paths.filter((path) => patterns.some((pattern) => pattern.test(path)));
            }""",
            [readable, paths],
        )
    expected = [p for p in paths if kept_by_the_urlconf(p, pwa.READABLE_OFFLINE)]
    assert matched == expected
    assert len(expected) == 3  # "/", the sample's score sheet and live view


@pytest.mark.parametrize("script", ["service-worker.js", "offline.js"])
def test_the_scripts_name_no_page_of_their_own(script):
    # The paths they keep are the server's (above); a path written here again
    # could disagree with the URLconf unseen.
    text = (SCRIPTS / script).read_text()
    assert not re.search(r"\b(series|live)\\?/", text)
