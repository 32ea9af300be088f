"""Words as each language's players read them: in Spanish a deal is a "mano"
and a round of a night a "ronda" (never "turno"), the placement method has one
name ("Puesto"); in Italian nobody is welcomed in the masculine alone, and the
points table's help names the colon as a sign, not "the two points"."""

from __future__ import annotations

import html
import re
from dataclasses import replace

import pytest
from django.utils import translation
from django.utils.translation import trans_real

from series.domain import meld_reasons
from series.domain.rules import PRESETS
from series.nights import services as nights
from series.sheets import services as sheets
from series.templatetags import rulestags
from series.web.messages import render
from tests.support.factories import entry
from tests.support.nights import play_out

pytestmark = pytest.mark.django_db


def text_of(response) -> str:
    return html.unescape(re.sub(r"<[^>]+>", " ", response.content.decode()))


def test_spanish_says_mano_for_a_deal_and_ronda_for_a_round(table, as_role, three):
    anna, bruno, carla = (p.id for p in table.players[:3])
    sheets.deal_record(series_id=three, entry=entry(anna, {bruno: 20, carla: 30}))
    sheet = text_of(as_role("member", language="es").get(f"/series/{three}/"))
    assert "Mano" in sheet
    assert not re.search(r"\b[Rr]ondas?\b", sheet)
    sheets.series_abandon(series_id=three)
    night = nights.night_open(club=table.club, date="2026-03-14").night_id
    nights.night_check_in(night_id=night, players=[p.id for p in table.players])
    nights.night_round_draw(night_id=night, min_table=3, max_table=3, seed=7)
    nights.night_tables_start(night_id=night)
    play_out(night)
    page = text_of(
        as_role("scorer", language="es").get(f"/clubs/{table.club.slug}/nights/{night}/")
    )
    assert "Ronda 1" in page
    assert not re.search(r"\b[Tt]urnos?\b", page)
    assert "Posición" not in page and "posición" not in page


def test_italian_welcomes_everyone_alike_and_names_the_colon():
    with translation.override("it"):
        welcome = translation.gettext("Welcome, %(name)s: your account is ready.")
        club = translation.gettext("Welcome to %(club)s.") % {"club": "Circolo Tressette"}
        line = translation.gettext(
            "Line %(number)s: write the table size, a colon, then the points (4: 7 4 2 0)."
        )
    assert "Benvenut" not in welcome and "Benvenut" not in club
    assert "in Circolo" not in club
    assert "i due punti" not in line


def test_italian_names_the_cards_that_would_do_with_articles_and_its_own_or():
    """A hand one card short reads "un 5, un 6, un 9 o un jolly" in Italian, and a
    group's mixed ranks are joined by each language's own "and"."""
    short = meld_reasons.one_card_short([5, 6, 9], [], joker=True)
    mixed = meld_reasons.mixed_ranks(1, [], [8, 9, 12])
    with translation.override("it"):
        assert render(short) == "manca 1 carta: andrebbe bene un 5, un 6, un 9 o un jolly"
        assert render(mixed) == "il gruppo 1 mescola 8, 9 e D"
    with translation.override("es"):
        assert render(short) == "falta 1 carta: valdría un 5, un 6, un 9 o un comodín"
    with translation.override("nl"):
        assert render(mixed) == "groep 1 mengt 8, 9 en V"
    assert short.message == "1 card short: a 5, a 6, a 9 or a joker would do"
    assert mixed.message == "group 1 mixes 8, 9 and Q"


def test_italian_has_one_word_for_the_rummy_move_and_counts_one_deck():
    """The whole hand laid down in one turn is a "chiusura in mano" in Italian,
    never "un Rummy" beside "un Ramino"; one deck is "1 mazzo"."""
    catalogue = trans_real.translation("it")._catalog
    moves = {
        msgid: text
        for msgid, text in catalogue.items()
        if isinstance(msgid, str) and re.search(r"\b(a|A) Rummy\b|made a Rummy|as a Rummy", msgid)
    }
    assert len(moves) >= 8
    for msgid, text in moves.items():
        assert "in mano" in text, msgid
        assert not re.search(r"\bRummy\b|\bun Ramino\b", text), text
    with translation.override("it"):
        label = translation.gettext("Rummy: the whole hand laid down in one turn")
        assert label.startswith("Chiusura in mano")
        pack = rulestags._pack_in_words(replace(PRESETS["rummy"], hand_size=7, decks=1))
    assert "da 1 mazzo " in pack, pack


def _dutch_entries():
    catalogue = trans_real.translation("nl")._catalog
    for msgid, text in catalogue.items():
        if isinstance(msgid, tuple):  # a plural form: (msgid, index)
            msgid = msgid[0]
        if msgid:
            yield msgid, text


def test_dutch_says_spel_for_a_deal_and_ronde_for_a_round():
    """A Dutch club plays "spellen" (deals) in a "partij" (series) and the night
    in "rondes": a deal is never a "ronde", a round never a "speelronde", and a
    deck is a "kaartspel", so "spel" names nothing else."""
    deal = re.compile(r"\b[Dd]eals?\b|\b[Tt]iebreaks?\b")
    round_ = re.compile(r"\b[Rr]ounds?\b")
    for msgid, text in _dutch_entries():
        assert "speelronde" not in text.lower(), text
        if deal.search(msgid) and not round_.search(msgid):
            assert not re.search(r"\b[Rr]ondes?\b", text), (msgid, text)
        if round_.search(msgid) and not deal.search(msgid):
            assert not re.search(r"\b[Ss]pel(len)?\b", text), (msgid, text)
        if re.search(r"\b([Dd]ecks?|pack|[Gg]ames?)\b", msgid) and not deal.search(msgid):
            assert not re.search(r"\b[Ss]pel(len)?\b", text), (msgid, text)
    with translation.override("nl"):
        assert translation.gettext("Deal %(number)s") == "Spel %(number)s"
        assert translation.gettext("Round %(number)s") == "Ronde %(number)s"
        assert translation.gettext("By round") == "Per ronde"


@pytest.mark.parametrize(
    ("language", "day", "closed"),
    [
        ("it", "6 dicembre 2026", "Chiusa il 6 dicembre 2026, "),
        ("es", "6 de diciembre de 2026", "Cerrada el 6 de diciembre de 2026 a las "),
        ("nl", "6 december 2026", "Gesloten op 6 december 2026 om "),
        ("fr", "6 décembre 2026", "Close le 6 décembre 2026 à "),
        ("en", "6 December 2026", "Closed 6 December 2026, "),
    ],
)
def test_a_night_page_writes_its_dates_as_its_language_does_in_one_format(
    table, as_role, language, day, closed
):
    """The night of 6 December reads "6 dicembre 2026" in Italian, not "06
    Dicembre 2026", and the page's close line writes the day it closed (today,
    whatever today is) the same way, not "06/12/2026"."""
    night = nights.night_open(club=table.club, date="2026-12-06").night_id
    nights.night_check_in(night_id=night, players=[p.id for p in table.players])
    nights.night_round_draw(night_id=night, min_table=3, max_table=3, seed=7)
    nights.night_tables_start(night_id=night)
    play_out(night)
    nights.night_round_close(night_id=night)
    nights.night_close(night_id=night)
    page = text_of(
        as_role("scorer", language=language).get(f"/clubs/{table.club.slug}/nights/{night}/")
    )
    assert day in page
    before, after = closed.split(day)
    assert re.search(re.escape(before) + shape_of(day) + re.escape(after), page), page[
        page.find(closed.split()[0]) :
    ][:80]
    assert not re.search(r"\b\d\d/\d\d/\d{4}\b|\b\d{1,2}-\d{1,2}-\d{4}\b", page)
    # A zero-padded day, not the minutes of the close's time ("04:06 by").
    assert "Dicembre" not in page and not re.search(r"(?<![\d:])06 ", page)


def shape_of(day: str) -> str:
    """A pattern for any day written as ``day`` is: "6 de diciembre de 2026" is
    a day of one or two digits (no leading zero), words, and a year of four."""
    return " ".join(
        r"[1-9]\d?"
        if word.isdigit() and len(word) <= 2
        else r"\d{4}"
        if word.isdigit()
        else r"[^\W\d]+"
        for word in day.split(" ")
    )


def _entries(language):
    for msgid, text in trans_real.translation(language)._catalog.items():
        msgid = msgid[0] if isinstance(msgid, tuple) else msgid
        if msgid:
            yield msgid, text


def test_each_language_names_a_round_of_the_night_with_one_word():
    """A round of the night is a "ronda" in Spanish (never "turno", a player's
    turn) and a "tour" in French (never "manche" beside it)."""
    round_ = re.compile(r"\b[Rr]ounds?\b")
    for language, other in (("es", r"\b[Tt]urnos?\b"), ("fr", r"\b[Mm]anches?\b")):
        for msgid, text in _entries(language):
            if round_.search(msgid):
                assert not re.search(other, text), (language, msgid, text)


def test_spanish_speaks_to_the_player_as_tu_in_every_message():
    """The app says "tú" to everyone; the input refusals added for the nights
    said "usted" ("Escriba", "compruebe")."""
    with translation.override("es"):
        texts = [
            translation.gettext("Write a whole number with the digits 0 to 9."),
            translation.gettext("Write the date as YYYY-MM-DD, e.g. 2026-03-14."),
            translation.gettext("There is no such field here: check its name and where it is."),
            translation.gettext("This text is not valid UTF-8: type it again."),
        ]
    for text in texts:
        assert not re.search(r"\b(Escriba|escríbalo|compruebe|elija)\b", text), text
    assert texts[0].startswith("Escribe ")


def test_a_lowest_hand_that_wins_is_not_read_as_a_deal_in_spanish():
    """In Spanish a deal is a "mano": the player with the lowest cards who wins
    it is not "la mano más baja" (the lowest deal)."""
    with translation.override("es"):
        for msgid in (
            "☆ nobody went out: the lowest hand won the deal and collected.",
            "☆ nobody went out: the lowest hand won the deal (0 points).",
        ):
            assert "mano más baja" not in translation.gettext(msgid)


def test_french_names_the_placement_method_place_as_its_picker_does():
    """The method the night's picker calls "Place" is not "classement" in its
    help, its night summary or a player's nights (the word of the standings)."""
    for msgid, text in _entries("fr"):
        if re.search(r"\b[Pp]lacement\b", msgid):
            assert "lassement" not in text, (msgid, text)


def test_a_member_and_the_league_have_one_name_each():
    """Spanish calls a member "socio" (never "miembro" beside it) and says to
    the reader "formes parte", not a "socio" in the masculine; Italian and
    French name the league "campionato"/"championnat", not the standings'
    "classifica"/"classement"."""
    for language, pattern, other in (
        ("es", r"\b[Mm]embers?\b", r"\b[Mm]iembros?\b"),
        ("it", r"\b[Ll]eague\b", r"\b[Cc]lassifica\b"),
        ("fr", r"\b[Ll]eague\b", r"\b[Cc]lassement\b"),
    ):
        for msgid, text in _entries(language):
            if re.search(pattern, msgid):
                assert not re.search(other, text), (language, msgid, text)
    with translation.override("es"):
        link = translation.gettext("Your link works while you are a member of the club.")
    with translation.override("it"):
        member = translation.gettext("You are a member of %(club)s already.")
    assert "socio" not in link and "socio" not in member


def test_french_calls_a_rating_cote_and_keeps_classement_for_the_standings():
    """A reader met "Classement 2026" (the standings) beside "classement" for a
    player's rating: a rating is "cote", the word French clubs use for one."""
    ratings = [
        (msgid, text) for msgid, text in _entries("fr") if re.search(r"\brating", msgid, re.I)
    ]
    assert len(ratings) > 10
    standings = re.compile(r"^Ranked by rating")  # "Classement par cote": both words, rightly
    assert [
        (msgid, text)
        for msgid, text in ratings
        if "lassement" in text and not standings.match(msgid)
    ] == []
    assert all("cote" in text.lower() for _msgid, text in ratings)
