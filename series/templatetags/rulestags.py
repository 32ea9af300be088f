"""A series' rules in words (never an internal code such as ``continental-13``)."""

from __future__ import annotations

from django import template
from django.utils.translation import gettext

from series.domain.rules import Rules
from series.sheets.forms import preset_label

register = template.Library()


@register.simple_tag
def rules_in_words(rules_dict) -> list[str]:
    """The preset in one line, then each house rule in force, in the page's language."""
    rules = Rules.from_dict(rules_dict or {})
    words = [preset_label(rules.preset)]
    words += [gettext(sentence) % params for sentence, params in rules.game_object.in_words(rules)]
    return words


@register.filter
def preset_words(preset: str) -> str:
    """A preset in words (``Short deals: 12 cards each``), in the page's language."""
    return preset_label(preset)
