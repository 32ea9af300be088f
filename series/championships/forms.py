"""The forms of a championship's pages: each carries the championship's version
it was drawn at and a key, so a form sent twice writes once and one sent after a
change elsewhere is refused (the page then shows the championship as it is)."""

from __future__ import annotations

from django import forms
from django.utils.translation import gettext_lazy as _

from series.domain.championships.championship import MOST_FINALISTS, MOST_NIGHTS, REASON_LENGTH
from series.domain.championships.final import ALL, HALF, NONE
from series.domain.nights import scoring as scorings
from series.web.forms import WriteForm

CARRY_CHOICES = [
    (HALF, _("Half of their qualifying points")),
    (ALL, _("All of their qualifying points")),
    (NONE, _("None: the final alone decides")),
]


def scoring_choices() -> list[tuple[str, str]]:
    """The night's scoring methods this form can hold: those with no options of
    their own (it has no field for a points table), as registered."""
    return [(m.code, _(m.label)) for m in scorings.all() if not m.options]


class ChampionshipWrite(WriteForm):
    """A write to a championship: its version when the page was drawn, and a key."""


class NewChampionshipForm(WriteForm):
    name = forms.CharField(label=_("Name"), max_length=100)
    scoring = forms.ChoiceField(
        label=_("Night's ranking"), choices=scoring_choices, initial=scorings.DEFAULT
    )
    qualifying_nights = forms.IntegerField(
        label=_("Qualifying nights"), min_value=1, max_value=MOST_NIGHTS, initial=3
    )
    best = forms.IntegerField(
        label=_("Nights that count"),
        min_value=1,
        max_value=MOST_NIGHTS,
        required=False,
        help_text=_("Each player's best nights; leave it empty to count them all."),
    )
    final_size = forms.IntegerField(
        label=_("Players in the final"),
        min_value=1,
        max_value=MOST_FINALISTS,
        initial=8,
        help_text=_("The top of the standings; everyone sharing the last place goes too."),
    )
    carry_over = forms.ChoiceField(
        label=_("Finalists carry over"), choices=CARRY_CHOICES, initial=HALF
    )


class AddNightForm(ChampionshipWrite):
    night = forms.TypedChoiceField(label=_("Night"), coerce=str)

    def __init__(self, *args, nights=(), **kwargs) -> None:
        """``nights``: (id, label) of the club's nights that may join."""
        super().__init__(*args, **kwargs)
        self.fields["night"].choices = [(str(n), label) for n, label in nights]


class WithdrawForm(ChampionshipWrite):
    night = forms.TypedChoiceField(label=_("Night"), coerce=str)
    reason = forms.CharField(label=_("Why"), max_length=REASON_LENGTH)

    def __init__(self, *args, nights=(), **kwargs) -> None:
        super().__init__(*args, **kwargs)
        self.fields["night"].choices = [(str(n), label) for n, label in nights]


class CutForm(ChampionshipWrite):
    final_size = forms.IntegerField(
        label=_("Players in the final"), min_value=1, max_value=MOST_FINALISTS
    )
