"""A series' rules in words (never an internal code such as ``continental-13``)."""

from __future__ import annotations

from typing import Any

from django import template
from django.utils.translation import gettext, gettext_lazy, ngettext

from series.domain import games
from series.domain.rules import Rules

register = template.Library()


def preset_choices() -> list[tuple[str, Any]]:
    """Every registered preset with what it changes, in one line, game after game."""
    return [
        (name, gettext_lazy(game.preset_labels[name]) if name in game.preset_labels else name)
        for game in games.all()
        for name in game.presets
    ]


@register.simple_tag
def rules_in_words(rules_dict) -> list[str]:
    """The preset in one line (the game's name when a house rule contradicts the
    preset's line, as a winner taking all contradicts "out at 100 points"), then
    each house rule in force, then the hands and the pack, in the page's language."""
    rules = Rules.from_dict(rules_dict or {})
    game = rules.game_object
    words = [preset_words(rules.preset) if game.preset_label_holds(rules) else gettext(game.label)]
    words += [gettext(sentence) % params for sentence, params in game.in_words(rules)]
    if rules.hand_size and rules.decks:
        words.append(_pack_in_words(rules))
    return words


def _pack_in_words(rules: Rules) -> str:
    """``7 cards each, from 1 deck with no jokers.``"""
    cards = ngettext("%(count)s card each", "%(count)s cards each", rules.hand_size)
    decks = ngettext("%(count)s deck", "%(count)s decks", rules.decks)
    jokers = (
        ngettext("%(count)s joker", "%(count)s jokers", rules.jokers)
        if rules.jokers
        else gettext("no jokers")
    )
    return gettext("%(cards)s, from %(decks)s with %(jokers)s.") % {
        "cards": cards % {"count": rules.hand_size},
        "decks": decks % {"count": rules.decks},
        "jokers": jokers % {"count": rules.jokers} if rules.jokers else jokers,
    }


@register.filter
def preset_words(preset: str) -> str:
    """A preset in words (``Short deals: 12 cards each``), in the page's language
    (its code when it has no label)."""
    return str(dict(preset_choices()).get(preset, preset))
