"""Cards as a player of the page's language reads them (RULES §1)."""

from __future__ import annotations

from django import template
from django.utils.translation import get_language, gettext
from django.utils.translation import gettext_lazy as _

from series.domain.cards import (
    CARD_SEPARATOR,
    JOKER,
    JOKER_TEXTS,
    SUIT_INPUT,
    SUIT_SYMBOLS,
    SUITS,
    Card,
    rank_label,
    rank_texts,
)
from series.domain.rules import Rules

register = template.Library()

RED_SUITS = {"D", "H"}
RANK_NAMES = {
    0: _("Joker"),
    1: _("Ace"),
    2: _("Two"),
    3: _("Three"),
    4: _("Four"),
    5: _("Five"),
    6: _("Six"),
    7: _("Seven"),
    8: _("Eight"),
    9: _("Nine"),
    10: _("Ten"),
    11: _("Jack"),
    12: _("Queen"),
    13: _("King"),
}
SUIT_NAMES = {"C": _("clubs"), "D": _("diamonds"), "H": _("hearts"), "S": _("spades")}


def page_language() -> str:
    """The two-letter language of the request (card letters follow it, RULES D-1)."""
    return (get_language() or "en")[:2]


def card_labels(cards, language: str | None = None) -> str:
    """Cards written in ``language`` with suit symbols, separated by spaces."""
    language = language or page_language()
    return " ".join(card.label(language) for card in cards)


@register.filter
def label(card: Card) -> str:
    """``R♥`` on an Italian page, ``K♥`` on an English one."""
    return card.label(page_language())


@register.filter
def colour(card: Card) -> str:
    if card.is_joker:
        return "joker"
    return "red" if card.suit in RED_SUITS else "black"


@register.filter
def name(card: Card) -> str:
    """The card's full name for screen readers: "Queen of hearts", "Donna di cuori"."""
    if card.is_joker:
        return str(RANK_NAMES[0])
    return gettext("{rank} of {suit}").format(
        rank=RANK_NAMES[card.rank], suit=SUIT_NAMES[card.suit]
    )


def card_key(card: Card) -> str:
    """The card as the picker's script counts it: rank number and suit, "0" a joker."""
    return "0" if card.is_joker else f"{card.rank}{card.suit}"


def _button(card: Card, language: str) -> dict[str, str]:
    colour_name = "red" if card.suit in RED_SUITS else "black"
    return {
        "label": card.label(language),
        "key": card_key(card),
        "name": name(card),
        "symbol": SUIT_SYMBOLS.get(card.suit, ""),
        "colour": colour_name,
    }


@register.simple_tag
def picker_cards(rules: Rules | None = None) -> dict:
    """The card picker's buttons, rank first: each rank's label and its four
    cards (one per suit), and the joker; and ``values``, what a typed card is
    worth (its rank's texts in the page's language), as the series' game counts
    it (the default rules where no series is played: the claim checker)."""
    rules = rules or Rules()
    language = page_language()
    ranks = [
        {
            "label": rank_label(rank, language),
            "name": RANK_NAMES[rank],
            "cards": [_button(Card(rank, suit), language) for suit in SUITS],
        }
        for rank in range(1, 14)
    ]
    texts = rank_texts(language)
    values = {
        "ranks": {text: rules.card_value(Card(rank, "C")) for text, rank in texts.items()},
        "jokers": list(JOKER_TEXTS),
        "joker": rules.card_value(JOKER),
        # What a typed card is, as the server reads it on this page (RULES D-1):
        # each rank text's rank, each suit text's suit; a card is "rank suit"
        # ("12H"), the joker "0", as the picker's buttons say (``key``).
        "rank_of": texts,
        "suit_of": SUIT_INPUT,
        # What separates the cards of a text, as the server's parser splits it.
        "separator": CARD_SEPARATOR,
    }
    return {"ranks": ranks, "joker": _button(JOKER, language), "values": values}


@register.filter
def as_list(card: Card | None) -> list[Card]:
    """One card as a list, to draw it with the cards partial."""
    return [] if card is None else [card]
