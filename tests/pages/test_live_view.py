"""The live view: a read-only share link that spectators follow on their phones."""

from __future__ import annotations

import pytest

from series.views import live_token
from tests.pages.helpers import record

pytestmark = pytest.mark.django_db


def test_the_score_sheet_offers_the_share_link_and_its_qr_code(as_role, four):
    page = as_role("member").get(f"/series/{four}/").content.decode()

    assert f"http://testserver/live/{live_token(four)}/" in page
    assert '<svg width="' in page and 'class="segno"' in page


def test_anyone_with_the_link_follows_the_sheet_without_signing_in(client, table, four):
    record(four, table.players[1], {table.players[0]: 30, table.players[2]: 40,
                                    table.players[3]: 25})  # fmt: skip

    response = client.get(f"/live/{live_token(four)}/")

    page = response.content.decode()
    assert response.status_code == 200
    assert 'id="score-table"' in page
    assert f'data-live="/live/{live_token(four)}/sheet/"' in page
    assert "/deals/new/" not in page and "/deals/1/correct/" not in page


def test_a_forged_or_altered_token_is_not_found(client, four):
    token = live_token(four)

    assert client.get(f"/live/{four.hex}/").status_code == 404
    assert client.get(f"/live/{token[:-2]}xx/").status_code == 404
    assert client.get(f"/live/{token[:-2]}xx/sheet/").status_code == 404


def test_the_fragment_answers_no_content_until_a_deal_is_recorded(
    client, table, four, django_assert_num_queries
):
    """A page loaded before ETags polls with ``?version=``; today's polls send
    ``If-None-Match`` and are answered 304 after one query (test_watchers.py)."""
    url = f"/live/{live_token(four)}/sheet/"

    with django_assert_num_queries(2):
        unchanged = client.get(url, {"version": 1})
    record(four, table.players[1], {table.players[0]: 30, table.players[2]: 40,
                                    table.players[3]: 25})  # fmt: skip
    changed = client.get(url, {"version": 1})

    assert unchanged.status_code == 204
    assert changed.status_code == 200
    assert changed["X-Sheet-Version"] == "2"
    assert 'data-version="2"' in changed.content.decode()
    assert "<html" not in changed.content.decode()
