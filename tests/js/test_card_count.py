"""The card picker's counting (static/js/card-count.js) with the values the
server gives the page: a card's points are the series' game's (RULES §1 for
Continental and Rummy), its rank letters the page's language's (RULES D-1),
what separates its cards the parser's."""

from __future__ import annotations

import pytest
from django.utils import translation

from series.domain import games
from series.domain.cards import CARD_SEPARATOR, parse_cards
from series.domain.errors import InvalidCards
from series.domain.rules import Rules
from series.templatetags.cardtags import picker_cards
from tests.support.third_game import HIGH_COURTS, HighCourts

pytestmark = pytest.mark.browser

WORDS = "{n} cards · {points} points"


def values(language: str = "en", rules: Rules | None = None) -> dict:
    """What the picker's page is given ("card-values")."""
    with translation.override(language):
        return picker_cards(rules)["values"]


@pytest.fixture
def count(loaded):
    tab = loaded("card-count.js")
    return lambda text, given: tab.evaluate(
        "([text, values, words]) => CardCount.summary(text, values, words)", [text, given, WORDS]
    )


def test_typed_and_picked_cards_are_counted_with_the_values_of_rules_1(count):
    # A = 1, 2–9 face value, 10 J Q K = 10, joker = 15, in every way a card is written.
    assert count("7C 10H QS JK A♠", values()) == "5 cards · 43 points"
    assert count("k♥ 9️♦, x; joker 🃏", values()) == "5 cards · 64 points"


def test_court_letters_are_the_page_languages(count):
    # RULES D-1: an Italian R is a king and F a jack; on an English page F is no card.
    assert count("R♥ F♣ D♦ 5S", values("it")) == "4 cards · 35 points"
    assert count("F♣ 5S", values("en")) == "2 cards · 5 points"


def test_the_values_are_the_series_games_not_the_scripts():
    games.register(HighCourts())
    try:
        courts = values(rules=games.preset(HIGH_COURTS))
    finally:
        games.unregister(HIGH_COURTS)
    assert courts["ranks"]["K"] == 25 and courts["ranks"]["7"] == 7


def test_a_game_whose_court_cards_cost_25_is_counted_so(count):
    games.register(HighCourts())
    try:
        courts = values(rules=games.preset(HIGH_COURTS))
    finally:
        games.unregister(HIGH_COURTS)
    assert count("KC QH 7S", courts) == "3 cards · 57 points"


def test_each_card_is_counted_over_every_field(loaded):
    tab = loaded("card-count.js")
    counted = tab.evaluate(
        "([texts, values]) => Object.fromEntries(CardCount.counts(texts, values))",
        [["7♣ K♥", "7♣\nJK", ""], values()],
    )
    assert counted == {"7C": 2, "13H": 1, "0": 1}


@pytest.mark.parametrize(
    ("language", "texts", "card"),
    [
        ("en", ["4C", "4c", "4♣ 4♧"], "4C"),
        ("en", ["QH qh", "Q♥", "T♠"], None),
        ("it", ["D♥", "dh", "QH"], "12H"),  # RULES D-1: an Italian D is a queen
        ("fr", ["VC", "v♣ J♣"], "11C"),
        ("nl", ["HH", "h♥ K♥"], "13H"),
        ("es", ["KD", "k♦"], "13D"),
    ],
)
def test_a_typed_card_counts_as_the_card_the_server_reads(loaded, language, texts, card):
    """Ranks only and the suit picker count typed cards in every way the
    server's parser reads them on the page (RULES D-1), not only picked ones."""
    tab = loaded("card-count.js")
    counted = tab.evaluate(
        "([texts, values]) => Object.fromEntries(CardCount.counts(texts, values))",
        [texts, values(language)],
    )
    if card is None:
        assert counted == {"12H": 3, "10S": 1}
    else:
        assert counted == {card: sum(len(text.split()) for text in texts)}


def _splits(character: str) -> bool:
    """Whether the server's parser reads "7C{character}8C" as two cards."""
    try:
        return len(parse_cards(f"7C{character}8C")) == 2
    except InvalidCards:
        return False


def test_the_script_splits_cards_where_the_parser_does(loaded):
    """Every character of the Basic Multilingual Plane between two cards: the
    script counts two cards exactly where the server reads two (a script of its
    own with ECMAScript's ``\\s`` would count U+FEFF as a break, and miss U+0085)."""
    given = values()
    assert given["separator"] == CARD_SEPARATOR
    tab = loaded("card-count.js")
    split_by_script = tab.evaluate(
        """(values) => {
          const splits = [];
          for (let code = 0; code <= 0xffff; code++) {
            const text = "7C" + String.fromCharCode(code) + "8C";
            if (CardCount.tokens(text, values).length === 2) splits.push(code);
          }
          return splits;
        }""",
        given,
    )
    split_by_server = [code for code in range(0x10000) if _splits(chr(code))]
    assert split_by_script == split_by_server
    assert {chr(code) for code in split_by_server} >= {" ", ",", ";", "\t", "\n", "\u3000"}


def test_the_separator_is_the_pages_not_the_scripts(loaded):
    # Given another separator, the script follows it: nothing of the parser's is its own.
    tab = loaded("card-count.js")
    slashes = {**values(), "separator": "[/]"}
    tokens = tab.evaluate(
        "([text, values]) => CardCount.tokens(text, values)", ["7C/8C 9C//JK", slashes]
    )
    assert tokens == ["7C", "8C 9C", "JK"]
