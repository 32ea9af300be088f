"""Cards: parse, format and value them (RULES §1).

A card is a rank (1 = ace … 13 = king) and a suit letter, or a joker
(rank 0, no suit). The canonical text is rank then suit, ``7C``, ``10H``,
``QS``; the joker is ``JK``.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass

from series.domain.errors import InvalidCards, _

SUITS = ("C", "D", "H", "S")
SUIT_SYMBOLS = {"C": "♣", "D": "♦", "H": "♥", "S": "♠"}
RANK_TEXT = {1: "A", 10: "10", 11: "J", 12: "Q", 13: "K"} | {n: str(n) for n in range(2, 10)}

# Letters for the court cards (and the ace) in each language of the rule books.
# RULES D-1: letter ranks are read in the request's language; English also
# accepts T for ten. The canonical English letters are accepted in every
# language, since none of the other languages gives them another meaning.
LOCALE_RANK_LETTERS: dict[str, dict[str, int]] = {
    "en": {"A": 1, "T": 10, "J": 11, "Q": 12, "K": 13},
    "it": {"A": 1, "F": 11, "D": 12, "R": 13},
    "es": {"A": 1, "J": 11, "Q": 12, "K": 13},
    "fr": {"A": 1, "V": 11, "D": 12, "R": 13},
    "nl": {"A": 1, "B": 11, "V": 12, "H": 13},
}
LANGUAGES = tuple(LOCALE_RANK_LETTERS)

_SUIT_INPUT = {
    "C": "C",
    "D": "D",
    "H": "H",
    "S": "S",
    "♣": "C",
    "♦": "D",
    "♥": "H",
    "♠": "S",
    "♧": "C",
    "♢": "D",
    "♡": "H",
    "♤": "S",
}
SUIT_INPUT = _SUIT_INPUT  # every text read as a suit, with the suit it reads as
_JOKER_INPUT = {"JK", "X", "*", "JOKER", "🃏"}
# What separates the cards of a text: a comma, a semicolon or any white space
# (Python's ``\s``: what ``str.isspace`` holds), one character (a run of them
# is one break). Spelt out, since ECMAScript's ``\s`` is another set (it adds
# U+FEFF, leaves out U+001C to U+001F and U+0085): the API schema
# (``series.api.card_text``) and the pages' scripts (the picker's "card-values")
# take this one pattern and read it alike.
CARD_SEPARATOR = (
    r"[\t\n\v\f\r\x1c-\x1f \x85\xa0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000,;]"
)
_SEPARATORS = re.compile(CARD_SEPARATOR + "+")


@dataclass(frozen=True, order=True, slots=True)
class Card:
    """One card; ``rank`` 0 is the joker."""

    rank: int
    suit: str = ""

    @property
    def is_joker(self) -> bool:
        return self.rank == 0

    @property
    def penalty(self) -> int:
        """Penalty value: A = 1, 2–9 face value, 10 J Q K = 10, joker = 15."""
        if self.rank == 0:
            return 15
        return min(self.rank, 10)

    def __str__(self) -> str:
        return "JK" if self.rank == 0 else RANK_TEXT[self.rank] + self.suit

    def __repr__(self) -> str:
        return f"Card({self})"

    def label(self, language: str = "en") -> str:
        """Human form with suit symbols and the language's rank letters."""
        if self.rank == 0:
            return "JK"
        return rank_label(self.rank, language) + SUIT_SYMBOLS[self.suit]


JOKER = Card(0)


def rank_label(rank: int, language: str = "en") -> str:
    """The rank as a player of ``language`` writes it (``R`` for an Italian king)."""
    if rank in (1, 11, 12, 13):
        letters = LOCALE_RANK_LETTERS.get(language, LOCALE_RANK_LETTERS["en"])
        return next(letter for letter, value in letters.items() if value == rank)
    return RANK_TEXT[rank]


def _rank_letters(language: str) -> dict[str, int]:
    letters = dict(LOCALE_RANK_LETTERS["en"])
    letters.update(LOCALE_RANK_LETTERS.get(language, {}))
    return letters


def rank_texts(language: str = "en") -> dict[str, int]:
    """Every text read as a rank in ``language`` (RULES D-1), in upper case, with
    its rank: "7", "10", "K", "R" on an Italian page."""
    return {str(number): number for number in range(2, 11)} | _rank_letters(language)


JOKER_TEXTS = tuple(sorted(_JOKER_INPUT))  # what is read as a joker, in upper case


def parse_card(text: str, language: str = "en") -> Card:
    """Read one card in any notation of RULES §1; raise InvalidCards if unknown."""
    raw = text.strip().replace("\ufe0f", "")
    upper = raw.upper()
    if upper in _JOKER_INPUT:
        return JOKER
    if len(upper) >= 2:
        rank_text, suit_text = upper[:-1], upper[-1]
        suit = _SUIT_INPUT.get(suit_text)
        rank = _parse_rank(rank_text, language)
        if suit is not None and rank is not None:
            return Card(rank, suit)
    raise InvalidCards(
        _("“{text}” is not a card. Write a rank and a suit, like 7C, 10H, QS or JK."),
        code="unknown_card",
        text=raw,
    )


def _parse_rank(text: str, language: str) -> int | None:
    # ASCII digits only: ``isdigit`` also holds for ⁷ ² ① ¹⁰, which ``int`` refuses.
    if text.isascii() and text.isdigit():
        value = int(text)
        return value if 2 <= value <= 10 else None
    return _rank_letters(language).get(text)


def parse_cards(text: str | Iterable[str], language: str = "en") -> list[Card]:
    """Read cards from text separated by spaces, commas or semicolons, or a list."""
    if isinstance(text, str):
        items = [item for item in _SEPARATORS.split(text) if item]
    else:
        items = [item for part in text for item in _SEPARATORS.split(str(part)) if item]
    return [parse_card(item, language) for item in items]


def format_cards(cards: Iterable[Card]) -> str:
    """Canonical text of several cards, separated by spaces."""
    return " ".join(str(card) for card in cards)


def penalty(cards: Iterable[Card]) -> int:
    """The penalty points of the cards left in a hand."""
    return sum(card.penalty for card in cards)


@dataclass(frozen=True, slots=True)
class Pack:
    """The cards in play: ``decks`` standard decks plus ``jokers`` jokers."""

    decks: int = 2
    jokers: int = 4

    @property
    def size(self) -> int:
        return 52 * self.decks + self.jokers

    def copies(self, card: Card) -> int:
        """How many times the pack holds ``card``."""
        return self.jokers if card.is_joker else self.decks

    def cards(self) -> list[Card]:
        """Every card of the pack, in a fixed order (shuffle a copy to deal)."""
        naturals = [Card(rank, suit) for suit in SUITS for rank in range(1, 14)]
        return naturals * self.decks + [JOKER] * self.jokers

    def excess(self, cards: Iterable[Card]) -> list[tuple[Card, int]]:
        """Cards appearing more often than the pack holds them, with their counts."""
        counts = Counter(cards)
        return sorted((c, n) for c, n in counts.items() if n > self.copies(c))

    def check(self, cards: Iterable[Card]) -> None:
        """Refuse cards that the pack cannot hold that many times."""
        over = self.excess(cards)
        if over:
            card, count = over[0]
            raise InvalidCards(
                _("{count} × {card} but the pack holds {copies}."),
                code="card_not_in_pack",
                count=count,
                card=card.label(),
                copies=self.copies(card),
            )
