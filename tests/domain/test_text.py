"""Typed text (domain/text.py): the one rule names and reasons share."""

import unicodedata

import pytest
from hypothesis import given

from series.domain import text
from series.domain.errors import DomainError
from series.domain.text import plain
from tests.support.edges import any_text, assert_can_be_shown

REORDERING = {
    "\u202a",
    "\u202b",
    "\u202c",
    "\u202d",
    "\u202e",
    "\u2066",
    "\u2067",
    "\u2068",
    "\u2069",
    "\u200e",
    "\u200f",
    "\u061c",
}


@given(any_text)
def test_any_text_is_kept_plain_or_refused_with_a_message(text):
    try:
        kept = plain(text, field="reason")
    except DomainError as refused:
        assert_can_be_shown(refused)
        assert (refused.code, refused.field) == ("reason_invisible_character", "reason")
        return
    assert kept == unicodedata.normalize("NFC", kept) == kept.strip()
    assert plain(kept, field="reason") == kept  # cleaning again changes nothing
    assert not REORDERING & set(kept)
    assert not any(unicodedata.category(char) in {"Cc", "Cs", "Zl", "Zp"} for char in kept)


@pytest.mark.parametrize("text", ["Eva \u202e03 ton ,0 had", "\u2067Anna\u2069 went out"])
def test_text_that_would_show_reordered_is_refused(text):
    with pytest.raises(DomainError) as refused:
        plain(text, field="reason")
    assert refused.value.params["character"] in {"U+202E", "U+2067"}


@pytest.mark.parametrize(
    ("typed", "code"),
    [
        ("Vera\ufffd", "text_not_utf8"),  # what a page's decoder makes of bytes not UTF-8
        ("Vera\x00", "text_control_character"),
        ("Vera\x1b[31m", "text_control_character"),
        ("Ve\x85ra", "text_control_character"),
        ("two\nlines", "text_control_character"),
    ],
)
def test_text_not_utf8_or_holding_a_control_character_is_refused_naming_its_field(typed, code):
    with pytest.raises(DomainError) as refused:
        text.typed(typed, field="name")
    assert (refused.value.code, refused.value.field) == (code, "name")


def test_line_breaks_and_tabs_are_text_where_a_field_takes_lines():
    assert text.typed("4: 7 4 2 0\r\n3:\t6 3 0", field="points_table", lines=True)
    with pytest.raises(DomainError):
        text.typed("4: 7 4 2 0\x00", field="points_table", lines=True)


@pytest.mark.parametrize("written", ["٤٥", "４５", "45.0", "4 5", "+45", "", "0x2d", "1e3"])
def test_a_whole_number_is_written_in_ascii_digits_only(written):
    with pytest.raises(DomainError) as refused:
        text.whole_number(written, field="points")
    assert (refused.value.code, refused.value.field) == ("not_a_whole_number", "points")


def test_a_whole_number_in_ascii_digits_is_read():
    assert [text.whole_number(n, field="n") for n in ("45", "-3", " 7 ", "007")] == [45, -3, 7, 7]


@pytest.mark.parametrize(
    "written",
    ["2026-1-1", "20260101", "٢٠٢٦-٠١-٠١", "２０２６-０１-０１", "2026-02-30", "2026-03-14T00:00"],
)
def test_a_day_is_written_yyyy_mm_dd_only(written):
    with pytest.raises(DomainError) as refused:
        text.iso_day(written, field="date")
    assert (refused.value.code, refused.value.field) == ("invalid_date", "date")


def test_a_day_written_yyyy_mm_dd_is_read():
    assert text.iso_day("2026-03-14", field="date").isoformat() == "2026-03-14"
