"""Typed text (domain/text.py): the one rule names and reasons share."""

import unicodedata

import pytest
from hypothesis import given

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
