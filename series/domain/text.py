"""The one rule for what a person types, on a page or through the API alike:
text (``typed``), whole numbers (``whole_number``) and days (``iso_day``); and
the stricter rule for text others read: names, reasons, devices (``plain``).

Every text field is refused, naming it, when it is not valid UTF-8 (a page's
decoder gives U+FFFD for the bytes it could not read, JSON a lone surrogate)
or holds a control character, NUL included (tab and line breaks only where a
field takes lines). A number is ASCII digits, with a minus sign at most: "٤٥"
and fullwidth "４５" are not read as 45. A day is ISO ``YYYY-MM-DD`` and
nothing else ("2026-1-1", "20260101" are refused).

Names, reasons and device names are further normalised to NFC and trimmed,
and refused when they hold a character nobody sees: controls (tab,
newline), surrogates, line and paragraph separators, format characters
(zero-width space, bidi embeddings, overrides and isolates such as U+202E,
which would show the text reordered), every other default-ignorable code
point (the Hangul fillers, which Unicode calls letters but draws as nothing)
and symbols drawn blank (U+2800). Two exceptions keep real writing whole: the
zero-width (non-)joiners between two visible characters (Persian and Indic
names, emoji sequences) and a variation selector right after a symbol (the
emoji presentation of "❤️").
"""

from __future__ import annotations

import re
import unicodedata
from datetime import date

from series.domain.errors import DomainError, _

# Unicode's Default_Ignorable_Code_Point property, from DerivedCoreProperties.txt
# (Unicode 15.1): characters a renderer draws as nothing when it does not
# support them. Inclusive ranges.
DEFAULT_IGNORABLE = (
    (0x00AD, 0x00AD),  # soft hyphen
    (0x034F, 0x034F),  # combining grapheme joiner
    (0x061C, 0x061C),  # Arabic letter mark
    (0x115F, 0x1160),  # Hangul choseong and jungseong fillers
    (0x17B4, 0x17B5),  # Khmer inherent vowels
    (0x180B, 0x180F),  # Mongolian free variation selectors, vowel separator
    (0x200B, 0x200F),  # zero-width space, (non-)joiners, LRM, RLM
    (0x202A, 0x202E),  # bidi embeddings and overrides
    (0x2060, 0x206F),  # word joiner, invisible operators, bidi isolates
    (0x3164, 0x3164),  # Hangul filler
    (0xFE00, 0xFE0F),  # variation selectors
    (0xFEFF, 0xFEFF),  # zero-width no-break space
    (0xFFA0, 0xFFA0),  # halfwidth Hangul filler
    (0xFFF0, 0xFFF8),  # unassigned
    (0x1BCA0, 0x1BCA3),  # shorthand format controls
    (0x1D173, 0x1D17A),  # musical symbol format controls
    (0xE0000, 0xE0FFF),  # tags, variation selectors 17-256, unassigned
)
# Symbols drawn blank: a braille cell with no dots.
BLANK_SYMBOLS = frozenset("\u2800")

# Controls, surrogates, line and paragraph separators, format characters.
_REFUSED = {"Cc", "Cs", "Cf", "Zl", "Zp"}
JOINERS = frozenset("\u200c\u200d")
_VARIATION_SELECTORS = ((0xFE00, 0xFE0F), (0xE0100, 0xE01EF))
VISIBLE = ("L", "N", "P", "S")

_INVISIBLE = {
    "name": _("A name cannot hold the invisible character {character}: write it without."),
    "reason": _("A reason cannot hold the invisible character {character}: write it without."),
    "device": _("A device name cannot hold the invisible character {character}: write it without."),
    "venue": _("A venue cannot hold the invisible character {character}: write it without."),
}


# What a decoder puts for bytes that were not UTF-8 (a page's form), and what
# JSON's lone ``\ud800`` escapes give.
NOT_DECODED = re.compile("[\ufffd\ud800-\udfff]")
_CONTROL = re.compile("[\x00-\x1f\x7f-\x9f]")
_CONTROL_IN_LINES = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\x7f-\x9f]")
_WHOLE_NUMBER = re.compile("-?[0-9]{1,18}")
_ISO_DAY = re.compile("[0-9]{4}-[0-9]{2}-[0-9]{2}")


def typed(text: str, *, field: str, lines: bool = False) -> str:
    """``text`` unchanged when it is text a person typed; a DomainError naming
    ``field`` when it is not valid UTF-8 or holds a control character (tab,
    carriage return and line feed allowed where the field takes ``lines``)."""
    _refuse_not_decoded(text, field)
    control = (_CONTROL_IN_LINES if lines else _CONTROL).search(text)
    if control:
        raise DomainError(
            _("This text holds the control character {character}: type it without."),
            code="text_control_character",
            field=field,
            character=f"U+{ord(control.group()):04X}",
        )
    return text


def _refuse_not_decoded(text: str, field: str) -> None:
    if NOT_DECODED.search(text):
        raise DomainError(
            _("This text is not valid UTF-8: type it again."),
            code="text_not_utf8",
            field=field,
        )


def whole_number(text: str, *, field: str) -> int:
    """A whole number written in ASCII digits (a leading minus allowed, spaces
    around trimmed); a DomainError naming ``field`` for anything else."""
    written = text.strip(" ")
    if not _WHOLE_NUMBER.fullmatch(written):
        raise DomainError(
            _("Write a whole number with the digits 0 to 9."),
            code="not_a_whole_number",
            field=field,
        )
    return int(written)


def iso_day(text: str, *, field: str) -> date:
    """A day written ``YYYY-MM-DD`` in ASCII digits; a DomainError naming
    ``field`` for any other form or a day no calendar has."""
    try:
        if not _ISO_DAY.fullmatch(text):
            raise ValueError(text)
        return date.fromisoformat(text)
    except ValueError:
        raise DomainError(
            _("Write the date as YYYY-MM-DD, e.g. 2026-03-14."),
            code="invalid_date",
            field=field,
        ) from None


def default_ignorable(char: str) -> bool:
    point = ord(char)
    return any(low <= point <= high for low, high in DEFAULT_IGNORABLE)


def shows(char: str) -> bool:
    """A character that draws something: a letter, digit, sign or symbol that is
    neither default-ignorable nor blank."""
    return (
        unicodedata.category(char).startswith(VISIBLE)
        and not default_ignorable(char)
        and char not in BLANK_SYMBOLS
    )


def plain(text: str, *, field: str) -> str:
    """``text`` as it is stored: NFC and trimmed; a DomainError (``field``, code
    ``<field>_invisible_character``) names the first character nobody sees."""
    cleaned = unicodedata.normalize("NFC", text).strip()
    for index, char in enumerate(cleaned):
        if _invisible(cleaned, index):
            raise DomainError(
                _INVISIBLE[field],
                code=f"{field}_invisible_character",
                field=field,
                character=f"U+{ord(char):04X}",
            )
    return cleaned


def _invisible(text: str, index: int) -> bool:
    char = text[index]
    if char in JOINERS:
        return not (_drawn_at(text, index - 1) and _drawn_at(text, index + 1))
    if _variation_selector(char):
        return not (index > 0 and unicodedata.category(text[index - 1]).startswith("S"))
    return (
        unicodedata.category(char) in _REFUSED or default_ignorable(char) or char in BLANK_SYMBOLS
    )


def _variation_selector(char: str) -> bool:
    return any(low <= ord(char) <= high for low, high in _VARIATION_SELECTORS)


def _drawn_at(text: str, index: int) -> bool:
    if not 0 <= index < len(text):
        return False
    return shows(text[index]) or unicodedata.category(text[index]).startswith("M")
