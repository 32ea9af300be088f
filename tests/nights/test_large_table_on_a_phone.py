"""A table of seven on a 360 × 740 phone (RULES D-15): the night's page and the
table cards say the large-table rule it plays in words of the page's language,
never the preset's code; and the deal page's "Who went out?" tiles keep a long
name inside its tile. axe finds nothing on either page."""

from __future__ import annotations

import pytest
from django.contrib.auth import get_user_model

from series.clubs import players as player_services
from series.clubs import services as club_services
from series.nights import selectors as night_selectors
from tests.support.browser import AXE, PASSWORD, sign_in, violations_of
from tests.support.nights import tables_started

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

WAIT = 5000  # ms, every wait bounded

SEVEN = (
    "Íñigo Aranburu",
    "María José Rodríguez-Castellanos",
    "Francisco Javier Hernández",
    "Carmen Ruiz",
    "Willem de Vries",
    "Sofía Díaz",
    "Rocío Navarro",
)


@pytest.fixture
def night(transactional_db):
    """A night of seven at one table, its score sheet open."""
    director = get_user_model().objects.create_user("marta", password=PASSWORD)
    club = club_services.club_create(name="Club Rummy Sevilla", admin=director)
    players = [player_services.player_add(club=club, name=name) for name in SEVEN]
    night_id = tables_started(club, players, 7)
    (table,) = night_selectors.night_page(night_id).rounds[-1].tables
    return club, night_id, table


@pytest.mark.parametrize(
    ("language", "words", "sheet"),
    [
        ("en-GB", "Large table: 13 cards each", "Score sheet of table 1"),
        ("es", "Mesa grande: 13 cartas cada uno", "Hoja de puntos de la mesa 1"),
    ],
)
def test_a_table_of_seven_says_its_rule_in_words(
    browsers, live_server, night, language, words, sheet
):
    """RULES D-15: the help under a table of seven named "(continental-13)"."""
    club, night_id, _table = night
    director = browsers(language)
    director.context.add_init_script(path=AXE)
    sign_in(director, live_server, f"/clubs/{club.slug}/nights/{night_id}/")
    table = director.get_by_role("article").filter(has=director.get_by_role("link", name=sheet))
    help_text = table.locator("p.help").first.inner_text()
    assert words in help_text
    assert "continental-13" not in director.locator("main").inner_text()
    assert violations_of(director) == []

    director.goto(f"{live_server.url}/clubs/{club.slug}/nights/{night_id}/cards/")
    assert words in director.locator("main").inner_text()
    assert "continental-13" not in director.locator("main").inner_text()


def test_who_went_out_keeps_a_long_name_in_its_tile(browsers, live_server, night):
    """Seven tiles two to a row at 360 px: "Rodríguez-Castellanos" and "Aranburu"
    ran past their tile's border into the next; "Hernández" broke before its
    last letter once a word could break."""
    _club, _night_id, table = night
    scorer = browsers("es")
    scorer.context.add_init_script(path=AXE)
    sign_in(scorer, live_server, f"/series/{table.series}/deals/new/")
    went_out = scorer.get_by_role("group", name="¿Quién ha cerrado?")
    went_out.get_by_label("María José Rodríguez-Castellanos").wait_for(timeout=WAIT)
    spilled = scorer.evaluate(
        """() => [...document.querySelectorAll('.went-out label.tile')]
             .filter(tile => {
               const box = tile.getBoundingClientRect();
               const text = tile.querySelector('span').getBoundingClientRect();
               return text.right > box.right - 2 || tile.scrollWidth > tile.clientWidth;
             })
             .map(tile => tile.innerText.trim())"""
    )
    assert spilled == []
    broken = scorer.evaluate(
        """() => [...document.querySelectorAll('.went-out label.tile span')].flatMap(span => {
             const text = span.firstChild, words = [];
             for (const match of text.data.matchAll(/\\S+/g)) {
               const range = document.createRange();
               range.setStart(text, match.index);
               range.setEnd(text, match.index + match[0].length);
               if (range.getClientRects().length > 1) words.push(match[0]);
             }
             return words;
           })"""
    )
    assert set(broken) <= {"Rodríguez-Castellanos"}  # a word is broken only when it cannot fit
    assert scorer.evaluate("document.documentElement.scrollWidth") <= 360
    assert violations_of(scorer) == []
