"""The pure parts of the pages' JavaScript, unit-tested in the browser tests'
chromium: a blank page loads the module from static/js as the pages do (no
build step, no node), and each test calls it with ``run``."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.support.browser import chromium_tab

SCRIPTS = Path(__file__).resolve().parents[2] / "static" / "js"


@pytest.fixture
def loaded(monkeypatch):
    """``loaded("card-count.js")``: a blank tab with that module run in it."""
    with chromium_tab(monkeypatch) as tab:

        def load(*names: str):
            for name in names:
                tab.add_script_tag(path=SCRIPTS / name)
            return tab

        yield load
