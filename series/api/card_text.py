"""The API schema's pattern for card text: what the parser reads, in some language."""

from __future__ import annotations

import re

from series.domain.cards import CARD_SEPARATOR, JOKER_TEXTS, LOCALE_RANK_LETTERS, SUIT_INPUT

_VS16 = "\ufe0f*"  # the emoji variation selector, which the parser drops wherever it is


def _either_case(text: str) -> str:
    """``text`` as a pattern in either case, the variation selector allowed after each character."""
    return "".join(
        (f"[{c.upper()}{c.lower()}]" if c.isalpha() else re.escape(c)) + _VS16 for c in text
    )


def _card_text_pattern() -> str:
    """What ``parse_cards`` reads from one text, in some language of D-1, as a
    pattern (JSON Schema's dialect too): cards separated by spaces, commas or
    semicolons. A text that does not match is no card in any language; one
    that does is read in the request's language (a French V is a jack)."""
    letters = sorted({letter for table in LOCALE_RANK_LETTERS.values() for letter in table})
    zeros = f"(?:0{_VS16})*"  # a rank's number is read as a number: 07 is 7
    numbers = f"{zeros}(?:{_either_case('10')}|[2-9]{_VS16})"
    ranks = [numbers] + [_either_case(letter) for letter in letters]
    suits = "".join(sorted({c for text in SUIT_INPUT for c in (text.upper(), text.lower())}))
    # Longest first, so a joker's longer spelling wins; then by text, so the
    # pattern (and the API schema that shows it) is the same in every process.
    jokers = [_either_case(text) for text in sorted(JOKER_TEXTS, key=lambda t: (-len(t), t))]
    card = f"{_VS16}(?:(?:{'|'.join(ranks)})[{suits}]{_VS16}|{'|'.join(jokers)})"
    separator = CARD_SEPARATOR
    return f"^{separator}*(?:{card}(?:{separator}+{card})*{separator}*)?$"


CARD_TEXT_PATTERN = _card_text_pattern()
