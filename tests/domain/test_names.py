"""Names of players and clubs (domain/names.py): what a name may hold, and
when two are one name."""

import unicodedata

import pytest
from hypothesis import given
from hypothesis import strategies as st

from series.domain.errors import DomainError
from series.domain.names import MAX_MARKS, clean, key, lookalikes, looks_alike
from series.domain.text import BLANK_SYMBOLS, DEFAULT_IGNORABLE, default_ignorable
from tests.support.edges import any_text, assert_can_be_shown

MISSING = "Give the player a name."


def refusal(text: str) -> str:
    with pytest.raises(DomainError) as refused:
        clean(text, length=60, missing=MISSING)
    assert refused.value.field == "name"
    return refused.value.code


def test_a_name_is_trimmed_composed_and_its_spaces_made_one():
    assert clean("  Rene\u0301e   Dubois \n", length=60, missing=MISSING) == "Renée Dubois"


@pytest.mark.parametrize(
    "text",
    [
        "\u200b\u200b",
        "Anna\u202e",
        "\u202eannA",
        "An\nna",
        "An\tna",
        "A\x07",
        "Ann\u2028a",
        "\u2066Anna\u2069",
        "\u200dAnna",
        "\ufe0f",
        "Anna\ufe0f",
    ],
    ids=[
        "zero-width only",
        "rtl override",
        "rtl override first",
        "newline",
        "tab",
        "bell",
        "line separator",
        "bidi isolate",
        "joiner at the edge",
        "variation selector alone",
        "variation selector after a letter",
    ],
)
def test_a_character_nobody_sees_is_refused_naming_it(text):
    assert refusal(text) == "name_invisible_character"


def test_the_refusal_names_the_character_by_its_code_point():
    with pytest.raises(DomainError) as refused:
        clean("Anna\u202e", length=60, missing=MISSING)
    assert "U+202E" in refused.value.message


@pytest.mark.parametrize("text", ["\u0301\u0301", "\u20dd"])
def test_a_name_with_nothing_visible_is_refused(text):
    assert refusal(text) == "name_not_visible"


def test_an_empty_name_asks_for_one():
    assert refusal("   ") == "name_required"


def test_combining_marks_are_bounded():
    assert refusal("a" + "\u0301" * 59) == "name_marks"
    assert clean("Nguyê\u0303n", length=60, missing=MISSING) == "Nguyễn"  # Vietnamese: two


REAL_NAMES = [
    "Renée",
    "Nguyễn",
    "Ölçer",
    "Иван",
    "محمد",
    "李小龙",
    "José-María O’Neil",
    "Zoë 🂡",
    "Mehr\u200cnaz",
    "👨\u200d👩",
    "Zoë \u2764\ufe0f",
]


@pytest.mark.parametrize("name", REAL_NAMES)
def test_real_names_are_kept_as_written(name):
    assert clean(name, length=60, missing=MISSING) == name


def test_the_length_is_counted_after_composing():
    assert clean("e\u0301" * 60, length=60, missing=MISSING) == "é" * 60
    assert refusal("a" * 61) == "name_too_long"


def test_names_equal_after_normalisation_and_case_folding_are_one_name():
    assert key("Rene\u0301e") == key("Renée") == key("RENÉE")
    assert key("Straße") == key("STRASSE")
    assert key("Anna") != key("Anne")


def test_a_cyrillic_letter_for_a_latin_one_looks_alike_but_is_another_name():
    cyrillic = "\u0410nna"  # А
    assert key(cyrillic) != key("Anna")
    assert looks_alike(cyrillic, "Anna")
    assert lookalikes("Ρaolo", ["Paolo", "Anna"]) == ["Paolo"]  # a Greek Ρ
    assert not looks_alike("anna", "Anna")  # the same name: refused elsewhere, not "alike"
    assert not looks_alike("Anne", "Anna")


@given(any_text)
def test_any_text_is_a_clean_name_or_refused_with_a_message(text):
    try:
        name = clean(text, length=60, missing=MISSING)
    except DomainError as refused:
        assert_can_be_shown(refused)
        return
    assert name == unicodedata.normalize("NFC", name) == name.strip()
    assert 0 < len(name) <= 60
    assert clean(name, length=60, missing=MISSING) == name  # cleaning again changes nothing
    assert not any(unicodedata.category(char) in {"Cc", "Cs", "Zl", "Zp"} for char in name)


@given(st.text(st.characters(categories=["L", "M"]), max_size=10))
def test_a_name_and_its_decomposed_form_are_one_name(text):
    assert key(unicodedata.normalize("NFD", text)) == key(unicodedata.normalize("NFC", text))


def test_the_bound_on_marks_is_per_letter():
    assert clean(
        "a" + "\u0301" * MAX_MARKS + "b" + "\u0301" * MAX_MARKS, length=60, missing=MISSING
    )


@pytest.mark.parametrize(
    "text",
    [
        "\u3164",
        "\u3164\u3164",
        "\u2800",
        "\u115f\u1160",
        "\uffa0",
        "Ann\u3164",
        "\u3164Ann",
        "Ann\u2800",
        "A\u115fnn",
        "An\u00adn",
        "Ann\U000e0041",
    ],
)
def test_fillers_and_blank_symbols_are_refused_as_invisible_not_a_second_name(text):
    # "Ann\u3164" would otherwise be stored beside "Ann" as another name drawn the same.
    assert refusal(text) == "name_invisible_character"


ignorable_points = st.sampled_from(DEFAULT_IGNORABLE).flatmap(
    lambda span: st.integers(span[0], span[1]).map(chr)
)
invisible = st.one_of(ignorable_points, st.sampled_from(sorted(BLANK_SYMBOLS)))


@given(
    st.text(st.characters(categories=["L", "N"]), min_size=1, max_size=10),
    invisible,
    st.integers(0, 10),
)
def test_a_name_holding_a_character_drawn_as_nothing_is_refused(name, char, at):
    at = min(at, len(name))
    text = name[:at] + char + name[at:]
    if char in "\u200c\u200d" and 0 < at < len(name):
        return  # a joiner between two letters shapes them (Persian, Indic)
    try:
        kept = clean(text, length=60, missing=MISSING)
    except DomainError as refused:
        assert refused.code in {"name_invisible_character", "name_marks"}
        return
    raise AssertionError(f"{text!r} was kept as {kept!r}")


@given(any_text)
def test_a_clean_name_holds_no_default_ignorable_but_joiners_and_emoji_selectors(text):
    try:
        name = clean(text, length=60, missing=MISSING)
    except DomainError:
        return
    allowed = set("\u200c\u200d") | {
        chr(p) for p in [*range(0xFE00, 0xFE10), *range(0xE0100, 0xE01F0)]
    }
    assert all(not default_ignorable(char) or char in allowed for char in name)
    assert not BLANK_SYMBOLS & set(name)
