"""The rules a form asks: a preset and the house rules (options) the registered
games declare. A club's default rules (its settings), a new series' own and
the claim checker's ask them with these; a game's new option needs no form."""

from __future__ import annotations

from typing import Any

from django import forms
from django.utils.translation import gettext_lazy
from django.utils.translation import gettext_lazy as _

from series.domain import games
from series.domain.games import Option
from series.domain.rules import CONTINENTAL
from series.templatetags.rulestags import preset_choices
from series.web.forms import TypedForm


def asked_options(*, melds_only: bool = False) -> dict[str, Option]:
    """The options the forms ask, by form field, game after game: a game may ask
    an option another game declares, under a form field of its own (a checkbox
    setting one value). ``melds_only``: those the claim checker asks too."""
    asked: dict[str, Option] = {}
    for game in games.all():
        for option in game.options:
            if option.label and (option.melds or not melds_only):
                asked.setdefault(option.form_field, option)
    return asked


def _option_field(option: Option) -> forms.Field:
    texts = {
        "label": gettext_lazy(option.label),
        "help_text": gettext_lazy(option.help) if option.help else "",
        "required": False,
    }
    if option.field or option.kind is bool:
        return forms.BooleanField(**texts)
    if option.kind is int:
        return forms.IntegerField(**texts)
    return forms.CharField(**texts)


class AsksOptions:
    """A form with a field for each option in ``asked`` (form field → Option)."""

    asked: dict[str, Option]

    def option_fields(self) -> list[forms.BoundField]:
        """The options' fields, as the template lists them."""
        return [self[name] for name in self.asked]


class RulesForm(AsksOptions, TypedForm):
    """A preset and the house rules (options) that change it (RULES §2, §3)."""

    preset = forms.ChoiceField(label=_("Rules"), initial=CONTINENTAL, widget=forms.RadioSelect)

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["preset"].choices = preset_choices()
        self.asked = asked_options()
        for name, option in self.asked.items():
            self.fields[name] = _option_field(option)

    @property
    def rules_fields(self) -> list[str]:
        """The fields that choose the rules, for the page's script to ask the
        rules check with: whatever options the registered games declare."""
        return ["preset", *self.asked]

    def options(self) -> dict[str, Any]:
        """The options the user set; those left alone keep the preset's value."""
        data = self.cleaned_data
        return {
            option.name: option.from_form(data[name])
            for name, option in self.asked.items()
            if data.get(name)
        }
