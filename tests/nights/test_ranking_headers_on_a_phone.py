"""The night's ranking on a 360 × 740 phone names its average column as a rate,
"Per deal" in every language: it read "A deal" ("Una mano", "Een spel"), the
rules page's heading for how a deal is played (RULES D-17: level points go to
the lower average penalty per deal)."""

from __future__ import annotations

import pytest
from django.contrib.auth import get_user_model

from series.clubs import players as player_services
from series.clubs import services as club_services
from tests.support.browser import AXE, PASSWORD, SIX, sign_in, violations_of
from tests.support.nights import tables_started

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


@pytest.fixture
def night(transactional_db):
    """A night of six at two tables of three, their score sheets open."""
    director = get_user_model().objects.create_user("marta", password=PASSWORD)
    club = club_services.club_create(name="Circolo Tressette", admin=director)
    players = [player_services.player_add(club=club, name=name) for name in SIX]
    night_id = tables_started(club, players, 3)
    return club, night_id


PER_DEAL = {
    "en-GB": "Per deal",
    "es": "Por mano",
    "fr": "Par donne",
    "it": "Per smazzata",
    "nl": "Per spel",
}


def test_the_rankings_average_column_says_per_deal_in_every_language(browsers, live_server, night):
    """One night; a phone of its own (a fresh context, its locale) for each language."""
    club, night_id = night
    for language, heading in PER_DEAL.items():
        phone = browsers(language)
        phone.context.add_init_script(path=AXE)
        sign_in(phone, live_server, f"/clubs/{club.slug}/nights/{night_id}/")
        headers = phone.locator("main table").first.locator("thead th").all_inner_texts()
        firsts = [header.splitlines()[0].strip() for header in headers]
        assert heading in firsts, f"in {language}: {heading!r} not among {firsts}"
        assert violations_of(phone) == [], f"in {language}"
        phone.context.close()
