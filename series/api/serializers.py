"""Fields shared by several contexts' API views. They check JSON shapes and
types only; what the values mean is for the domain to decide."""

from __future__ import annotations

import re

from django.utils.translation import gettext_lazy as _
from rest_framework import serializers

from series.domain import games

ID_MAX = 2**63 - 1
PLAYER_KEY_PATTERN = "^[1-9][0-9]*$"  # an id as a key: ASCII digits, no sign nor leading zero
_PLAYER_KEY = re.compile(PLAYER_KEY_PATTERN.strip("^$"))  # fullmatch: no trailing newline
INT_MIN, INT_MAX = -(2**31), 2**31 - 1
CARD_TEXT_LENGTH = 12
CARDS_PER_LIST = 200


def player_id(**kwargs) -> serializers.IntegerField:
    return serializers.IntegerField(min_value=1, max_value=ID_MAX, **kwargs)


def expected_version_field(**kwargs) -> serializers.IntegerField:
    """The version a write was drawn at, as every stream's writes take it."""
    return serializers.IntegerField(
        min_value=0,
        max_value=INT_MAX,
        help_text="The version you last read; a concurrent change answers 409.",
        **kwargs,
    )


class TextField(serializers.CharField):
    """A JSON string, and only that: DRF's CharField takes ``1.1`` as "1.1"."""

    default_error_messages = {"not_text": _("Must be text, in quotes.")}

    def to_internal_value(self, data):
        if not isinstance(data, str):
            self.fail("not_text")
        return super().to_internal_value(data)


def name_field(**kwargs) -> TextField:
    """A club's or a player's name; the domain decides what a name may hold."""
    return TextField(**kwargs)


def card_list(**kwargs) -> serializers.ListField:
    return serializers.ListField(
        child=CardTextField(max_length=CARD_TEXT_LENGTH, trim_whitespace=False),
        max_length=CARDS_PER_LIST,
        **kwargs,
    )


KINDS = {bool: "true or false", int: "a whole number", str: "text"}


class PresetField(serializers.CharField):
    """A preset's name; the schema lists the registered ones (``api.schema``),
    the domain refuses another (422)."""


class OptionsField(serializers.DictField):
    """House rules by name; the schema gives each option's type (``api.schema``),
    the domain checks the values and refuses an option the game does not take."""


def preset_field(**kwargs) -> PresetField:
    """A preset's name, the registered ones listed in the schema."""
    presets = ", ".join(games.presets())
    return PresetField(help_text=f"A preset: {presets}.", **kwargs)


def options_field(**kwargs) -> OptionsField:
    """House rules by name, as the games declare them; the domain checks their
    values and refuses an option the preset's game does not take."""
    listed = "; ".join(
        f"{option.name}: {KINDS[option.kind]}{' or null' if option.nullable else ''}"
        for option in games.options()
    )
    return OptionsField(required=False, help_text=f"House rules, by name ({listed}).", **kwargs)


class CardTextField(serializers.CharField):
    """One card, or several separated by spaces or commas, in any notation of
    RULES §1 (D-1); the schema gives their pattern (``card_text.CARD_TEXT_PATTERN``)."""


class PlayerCountsField(serializers.DictField):
    """``{"<player id>": n}``: a JSON object keyed by player ids, each written the
    one way an id is written (ASCII digits, no sign, space or leading zero), so that
    two keys never name one player ("13" and "013" would be merged otherwise)."""

    child = serializers.IntegerField(min_value=INT_MIN, max_value=INT_MAX)

    def to_internal_value(self, data):
        counts = super().to_internal_value(data)
        for key in counts:
            if not _PLAYER_KEY.fullmatch(key):
                message = _(
                    "The key “{key}” is not a player id written in digits "
                    "(without a sign, spaces or a leading zero)."
                )
                raise serializers.ValidationError(message.format(key=key))
        by_player = {int(key): value for key, value in counts.items()}
        if not all(1 <= key <= ID_MAX for key in by_player):
            raise serializers.ValidationError(_("Keys must be player ids."))
        return by_player
