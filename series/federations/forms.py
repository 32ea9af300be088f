"""The federations' page forms: what a person types, checked as every form is
(``series.web.forms.TypedForm``); the services hold the rules."""

from __future__ import annotations

from django import forms
from django.utils.translation import gettext_lazy as _

from series.web.forms import TypedForm


class FederationForm(TypedForm):
    name = forms.CharField(label=_("Name"), max_length=100)
    slug = forms.SlugField(
        label=_("Short name in its address"),
        max_length=60,
        required=False,
        help_text=_("Letters, digits and hyphens; made from the name when left empty."),
    )
    public = forms.BooleanField(
        label=_("Anyone may read its ranking list"), required=False, initial=True
    )


class JoinForm(TypedForm):
    club = forms.ChoiceField(label=_("Your club"))
    names_shown = forms.BooleanField(
        label=_("List our players by name"),
        help_text=_("A private club's players are otherwise listed by their initials."),
        required=False,
    )

    def __init__(self, *args, clubs=(), **kwargs) -> None:
        super().__init__(*args, **kwargs)
        self.fields["club"].choices = [(club.slug, club.name) for club in clubs]


class PlayerForm(TypedForm):
    player = forms.IntegerField(widget=forms.HiddenInput, min_value=1, max_value=2**31 - 1)


class InitialsForm(TypedForm):
    initials_only = forms.BooleanField(
        label=_("List me across clubs under my initials only"),
        help_text=_(
            "Federations' ranking lists and your results there show “A. R.” instead of "
            "your name; your clubs' own pages still show your name."
        ),
        required=False,
    )
