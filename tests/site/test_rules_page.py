"""The rules page: one page per preset, its numbers from the rule objects."""

from __future__ import annotations

import pytest
from django.utils import translation
from django.utils.html import escape
from django.utils.translation import gettext

from series.domain.rules import PRESETS
from tests.support.factories import start

pytestmark = pytest.mark.django_db


HEADINGS = ("The rules", "Players, pack and hands", "Card values", "House rules a series may add")


@pytest.mark.parametrize("preset", list(PRESETS))
def test_every_preset_has_a_rules_page_in_every_language(client, preset):
    for language in ("en", "it", "es", "fr", "nl"):
        response = client.get(f"/rules/{preset}/", HTTP_ACCEPT_LANGUAGE=language)
        page = response.content.decode()
        assert response.status_code == 200
        assert f'<html lang="{language}">' in page
        with translation.override(language):
            headings = [escape(gettext(heading)) for heading in HEADINGS]
        assert [h for h in headings if f">{h}</h" not in page] == [], language
        if language != "en":
            assert [h for h in HEADINGS if f">{h}</h" in page] == [], language


def test_the_continental_page_states_the_hand_and_card_values(client):
    page = client.get("/rules/continental/").content.decode()
    assert "Each player is dealt 15 cards" in page
    assert "the 16 cards in hand split into 2 or more groups" in page  # RULES D-4
    assert "<strong>JK</strong> 15" in page and "<strong>K</strong> 10" in page
    assert "Not for 8 players" in page  # RULES D-2: 8 × 15 + 1 > 108


def test_the_thirteen_card_page_seats_eight(client):
    page = client.get("/rules/continental-13/").content.decode()
    assert "Each player is dealt 13 cards" in page
    assert "Not for" not in page


def test_the_rules_page_follows_the_language(client):
    page = client.get("/rules/continental/", HTTP_ACCEPT_LANGUAGE="it").content.decode()
    assert "<strong>R</strong> 10" in page  # Re, RULES D-1


@pytest.mark.parametrize("preset", ["continental", "continental-3-decks", "rummy"])
@pytest.mark.parametrize("language", ["en", "it", "es", "fr", "nl"])
def test_the_rules_read_as_words_without_the_decisions_codes(client, preset, language):
    page = client.get(f"/rules/{preset}/", HTTP_ACCEPT_LANGUAGE=language).content.decode()

    assert "D-1" not in page  # D-1 to D-14: the rule book's numbers, not a player's words
    assert "RULES" not in page


def test_an_unknown_preset_is_a_404(client):
    assert client.get("/rules/poker/").status_code == 404


def test_a_series_sheet_shows_its_rules_in_words_and_links_them(as_role, table):
    series = start(
        table.club, table.players[:4], rules="continental-12", options={"buys": True}
    ).series_id
    page = as_role("member").get(f"/series/{series}/").content.decode()
    assert "Short deals: 12 cards each" in page
    assert "Buying the discard is allowed." in page
    assert 'href="/rules/continental-12/"' in page
    assert "continental-12<" not in page


def test_the_footer_links_the_rules_and_the_api_docs(client):
    page = client.get("/").content.decode()
    assert 'href="/rules/"' in page
    assert 'href="/api/v1/docs"' in page
