"""A night's date as each language writes it, on a 360 × 740 phone and on the
big screen: Italian reads "7 marzo 2026", not Django's "07 Marzo 2026"; the
other languages keep their own ("7 de marzo de 2026", "7 mars 2026",
"7 maart 2026")."""

from __future__ import annotations

import pytest
from django.contrib.auth import get_user_model

from series.clubs import services as club_services
from series.nights import services as nights
from tests.support.browser import AXE, PASSWORD, sign_in, violations_of

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


@pytest.fixture
def night(transactional_db):
    director = get_user_model().objects.create_user("marta", password=PASSWORD)
    club = club_services.club_create(name="Circolo Tressette", admin=director, public=True)
    return club, nights.night_open(club=club, date="2026-03-07").night_id


WRITTEN = {
    "it": "7 marzo 2026",
    "es": "7 de marzo de 2026",
    "fr": "7 mars 2026",
    "nl": "7 maart 2026",
}


def test_the_nights_date_reads_as_the_language_writes_it_in_every_language(
    browsers, live_server, night
):
    """One night; a phone of its own (a fresh context, its locale) for each language."""
    club, night_id = night
    for language, written in WRITTEN.items():
        phone = browsers(language)
        phone.context.add_init_script(path=AXE)
        sign_in(phone, live_server, f"/clubs/{club.slug}/nights/{night_id}/")
        heading = phone.get_by_role("heading", level=1).inner_text()
        assert written in heading, f"in {language}: {written!r} not in {heading!r}"
        assert violations_of(phone) == [], f"in {language}"

        phone.goto(f"{live_server.url}/clubs/{club.slug}/nights/{night_id}/screen/")
        heading = phone.get_by_role("heading", level=1).inner_text()
        on_screen = f"in {language}, on the big screen"
        assert written in heading, f"{on_screen}: {written!r} not in {heading!r}"
        phone.context.close()
