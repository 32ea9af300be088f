"""English, Italian, Spanish, French and Dutch: chosen from the browser or by the
user, with card letters and the domain's messages in the page's language."""

from __future__ import annotations

import gettext
import re
from pathlib import Path

import pytest

from tests.support.pages import deal_form, record

LOCALE = Path(__file__).resolve().parents[2] / "locale"
LANGUAGES = ("it", "es", "fr", "nl")
# Where the strings of these pages come from: their templates, views and forms,
# and the domain whose refusals and reasons they show.
PAGE_SOURCES = (
    "templates/",
    "series/sheets/views.py",
    "series/sheets/forms.py",
    "series/templatetags/",
    "series/domain/",
    "series/web/messages.py",
)
OTHER_PAGES = ("templates/league/",)


def from_these_pages(block: str) -> bool:
    places = " ".join(line[3:] for line in block.splitlines() if line.startswith("#: ")).split()
    return any(
        place.startswith(PAGE_SOURCES) and not place.startswith(OTHER_PAGES) for place in places
    )


def po_messages(
    language: str, *, pages_only: bool = False
) -> list[tuple[str, str, str | None, list[str]]]:
    """(flags, msgid, msgid_plural, msgstrs) of each message of a .po file,
    header excluded; msgid_plural is None for a message without plural forms. A
    message with a context has its msgid as the compiled catalogue keys it:
    ``context\x04msgid``."""
    text = (LOCALE / language / "LC_MESSAGES" / "django.po").read_text(encoding="utf-8")
    messages = []
    for block in text.strip().split("\n\n")[1:]:
        if pages_only and not from_these_pages(block):
            continue
        flags = " ".join(line for line in block.splitlines() if line.startswith("#,"))
        joined = re.sub(r'"\n"', "", block)
        found = re.search(r'^msgid "(.*)"$', joined, re.M)
        if found is None:  # an obsolete message, kept by makemessages as a comment
            continue
        context = re.search(r'^msgctxt "(.*)"$', joined, re.M)
        msgid = f"{context.group(1)}\x04{found.group(1)}" if context else found.group(1)
        plural = re.search(r'^msgid_plural "(.*)"$', joined, re.M)
        strings = re.findall(r'^msgstr(?:\[\d\])? "(.*)"$', joined, re.M)
        messages.append((flags, msgid, plural and plural.group(1), strings))
    return messages


def po_entries(language: str, *, pages_only: bool = False) -> list[tuple[str, str, str]]:
    """(flags, msgid, msgstr) of each message of a .po file, one per plural form."""
    return [
        (flags, msgid, msgstr)
        for flags, msgid, _plural, strings in po_messages(language, pages_only=pages_only)
        for msgstr in strings
    ]


@pytest.mark.parametrize("language", LANGUAGES)
def test_every_message_of_these_pages_is_translated(language):
    entries = po_entries(language, pages_only=True)

    assert len(entries) > 250
    assert [msgid for flags, msgid, msgstr in entries if not msgstr or "fuzzy" in flags] == []


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_compiled_catalogue_matches_the_translations(language):
    # A translation the compiled catalogue lacks reaches the page in English:
    # only a message left untranslated (or fuzzy, which is not compiled) may.
    with open(LOCALE / language / "LC_MESSAGES" / "django.mo", "rb") as compiled:
        catalogue = gettext.GNUTranslations(compiled)

    def unescaped(text: str) -> str:
        return text.replace("\\n", "\n")

    checked = 0
    for flags, msgid, plural, strings in po_messages(language):
        if not msgid or '\\"' in msgid:
            continue
        for form, msgstr in enumerate(strings):
            english = plural if plural is not None and form > 0 else msgid
            expected = msgstr if msgstr and "fuzzy" not in flags else english
            if plural is None:
                shown = catalogue.gettext(unescaped(msgid))
            else:  # form 0 is one of a thing, form 1 two, in these five languages
                shown = catalogue.ngettext(unescaped(msgid), unescaped(plural), 1 + form)
            assert shown.replace("\n", "\\n") == expected, msgid
            checked += 1
    assert checked > 250


@pytest.mark.django_db
def test_the_browsers_language_is_used(as_role, four):
    page = as_role("member", language="it").get(f"/series/{four}/").content.decode()

    assert '<html lang="it">' in page
    assert "Foglio punti" in page
    assert "Smazzata 1: distribuisce Anna." in page


@pytest.mark.django_db
def test_the_language_chosen_is_remembered(as_role):
    client = as_role("member", language="en")

    response = client.post("/i18n/setlang/", {"language": "nl", "next": "/"})
    page = client.get("/").content.decode()

    assert response.status_code == 302
    assert '<html lang="nl">' in page
    assert "Mijn clubs" in page


@pytest.mark.django_db
def test_the_switcher_names_each_language_in_its_own_words(client):
    page = client.get("/").content.decode()

    for name in ("English", "Italiano", "Español", "Français", "Nederlands"):
        assert name in page


@pytest.mark.django_db
def test_the_domains_refusal_is_translated_and_names_the_player(as_role, table, four):
    anna, bruno, carla, dario = table.players[:4]
    data = deal_form(1, bruno, {anna: 30, carla: "7C 7D", dario: 25})

    page = as_role("scorer", language="it").post(f"/series/{four}/deals/new/", data)

    assert "Smazzata 1: il giocatore Carla ha 2 carte in mano; le regole ne ammettono 15." in (
        page.content.decode()
    )


@pytest.mark.django_db
@pytest.mark.parametrize(
    ("language", "king_of_hearts"),
    [("en", "K♥"), ("it", "R♥"), ("es", "K♥"), ("fr", "R♥"), ("nl", "H♥")],
)
def test_card_letters_follow_the_language(as_role, table, four, language, king_of_hearts):
    # RULES §1 and D-1.
    anna, bruno, carla, dario = table.players[:4]
    record(
        four, bruno, {anna: 30, carla: "KH KD KC QH QD QC JH JD JC AH AD AC 2H 2D 2C", dario: 25}
    )

    page = as_role("scorer", language=language).get(f"/series/{four}/deals/1/correct/")

    assert f'value="{king_of_hearts} ' in page.content.decode()
    assert f'data-card="{king_of_hearts}"' in page.content.decode()


# The words each catalogue must not use for a series (a sitting at one table:
# partita, partida, partie, partij); "a run of series won" is a streak, not a series.
SERIES_WORDS = {
    "it": r"\bseri[ea]\b",  # partita
    "es": r"\bseries?\b",  # partida
    "fr": r"\bséries?\b",  # partie
    "nl": r"\b(series?|reeks)\b",  # partij
}


@pytest.mark.parametrize("language", LANGUAGES)
def test_a_series_has_one_name_on_every_page_of_a_language(language):
    other = SERIES_WORDS[language]
    unplaced = re.compile(r"%\(\w+\)\w|\{\w+\}")  # placeholders are not words
    entries = [
        (unplaced.sub("", msgid), unplaced.sub("", msgstr))
        for _flags, msgid, msgstr in po_entries(language)
    ]
    drifted = [
        s
        for i, s in entries
        if re.search(r"\bseries\b", i, re.I) and "run of series" not in i
        if re.search(other, s, re.I)
    ]
    assert drifted == []


@pytest.mark.parametrize(
    ("language", "refusal"),
    [
        ("it", "Anna siede già a un&#x27;altra partita aperta del club"),
        ("es", "Anna ya juega en otra partida abierta del club"),
        ("fr", "Anna joue déjà dans une autre partie ouverte du club"),
        ("nl", "Anna zit al aan een andere open partij van de club"),
    ],
)
def test_the_refusal_for_a_player_at_another_table_says_the_same_of_a_woman(
    as_role, table, four, language, refusal
):
    # RULES D-19: Anna sits at ``four``; no word of the refusal depends on who she is.
    from tests.support.pages import new_series_url, seat_data

    anna, elena, fabio = table.players[0], table.players[4], table.players[5]
    data = seat_data([elena, fabio, anna], [1, 2, 3], first_dealer=elena)

    page = as_role("scorer", language=language).post(new_series_url(table), data)

    assert refusal in page.content.decode()


# Italian, Spanish and French make a participle or a noun agree with the person
# it speaks of: what the pages say of a named player, beside a player's name, or
# to whoever reads them, is written to hold for a woman as for a man ("Giulia
# distribuisce la prima smazzata", not "per primo"; "ha vinto", "ha ganado",
# "a gagné" beside the winner's name, not "vincitore", "ganador", "gagnant").
OF_A_PERSON = re.compile(r"%\((name|player|dealer|by)\)s|\{(player|name|partner)\}|\byou", re.I)
BESIDE_A_NAME = {"winner", "leads", "deals first", "retired"}
MASCULINE_ONLY = {
    "it": r"\b(seduto|per primo|vincitore|socio del|stato invitato|sei stato|"
    r"diventi l.amministratore|ne diventi|resti collegato|ritirato|segnarlo)\b",
    "es": r"\b(ganador|pasas a ser (su|el) administrador|dado de baja|registrarlo)\b",
    "fr": r"\b(gagnant|placé|invité dans|devenez l.administrateur|en devenez|inactif|"
    r"faites-le)\b",
}


@pytest.mark.parametrize("language", sorted(MASCULINE_ONLY))
def test_a_language_says_the_same_of_a_woman_as_of_a_man(language):
    drifted = [
        (msgid, msgstr)
        for _flags, msgid, msgstr in po_entries(language)
        if OF_A_PERSON.search(msgid) or msgid in BESIDE_A_NAME
        if re.search(MASCULINE_ONLY[language], msgstr)
    ]
    assert drifted == []


def test_french_never_writes_de_before_a_name_it_cannot_elide():
    # "Cartes de Inès" should read "d'Inès", which a placeholder cannot know: a
    # French message puts a person's or a club's name after a colon, "pour" or
    # "du club" instead.
    before_a_name = re.compile(
        r"\bde (%\((name|player|dealer|by|club)\)s|\{(name|player|partner|club)\})"
    )
    unelided = [
        msgstr for _flags, _msgid, msgstr in po_entries("fr") if before_a_name.search(msgstr)
    ]
    assert unelided == []
