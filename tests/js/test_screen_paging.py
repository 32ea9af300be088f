"""The big screen's paging, the pure part of static/js/screen_paging.js, run in
chromium: more tables than fit are shown six at a time, round and round."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.support.browser import chromium_tab

pytestmark = pytest.mark.browser

SCRIPT = Path(__file__).resolve().parents[2] / "static" / "js" / "screen_paging.js"


@pytest.fixture
def paging(monkeypatch):
    with chromium_tab(monkeypatch) as tab:
        tab.set_content("<!doctype html><title>paging</title>")
        tab.add_script_tag(content=SCRIPT.read_text())
        yield lambda call: tab.evaluate(f"() => window.ScreenPaging.{call}")


def test_six_tables_fit_one_page_and_eight_take_two(paging):
    assert paging("pageCount(6, 6)") == 1
    assert paging("pageCount(8, 6)") == 2
    assert paging("pageCount(0, 6)") == 1  # an empty night still shows its page


def test_the_pages_go_round_and_the_last_shows_what_is_left(paging):
    assert paging("pageSlice(8, 6, 0)") == [0, 6]
    assert paging("pageSlice(8, 6, 1)") == [6, 8]
    assert paging("pageSlice(8, 6, 2)") == [0, 6]
