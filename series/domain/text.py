"""The one rule for text a person types and others read: names, reasons, devices.

Text is normalised to NFC and trimmed, and refused when it holds a character
nobody sees: controls (tab, newline), surrogates, line and paragraph
separators, format characters (zero-width space, bidi embeddings, overrides
and isolates such as U+202E, which would show the text reordered), every
other default-ignorable code point (the Hangul fillers, which Unicode calls
letters but draws as nothing) and symbols drawn blank (U+2800). Two
exceptions keep real writing whole: the zero-width (non-)joiners between two
visible characters (Persian and Indic names, emoji sequences) and a
variation selector right after a symbol (the emoji presentation of "❤️").
"""

from __future__ import annotations

import unicodedata

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
}


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
