"""Forms of the league's admin pages: they parse input; the services decide."""

from __future__ import annotations

from django import forms
from django.utils.translation import gettext_lazy as _

from series.web.forms import TypedForm


class LadderForm(TypedForm):
    min_series = forms.IntegerField(
        label=_("Series to be ranked"),
        min_value=1,
        max_value=1000,
        help_text=_("Players with fewer series in the season are listed apart."),
    )
    best_n = forms.IntegerField(
        label=_("Only the best series count"),
        min_value=1,
        max_value=1000,
        required=False,
        help_text=_(
            "Empty: every series counts. Otherwise each player's best N series "
            "(best place, then fewest points a deal) make their figures."
        ),
    )

    night_count = forms.ChoiceField(
        label=_("Night standings"),
        choices=[
            ("total", _("Total of every night's points")),
            ("average", _("Average a night, from a minimum of nights")),
            ("best", _("Only each player's best nights")),
        ],
        initial="total",
        required=False,
    )
    night_min = forms.IntegerField(
        label=_("Nights to be ranked on average"),
        min_value=1,
        max_value=1000,
        initial=1,
        required=False,
    )
    night_best = forms.IntegerField(
        label=_("Best nights that count"), min_value=1, max_value=1000, initial=5, required=False
    )

    provisional_last = forms.TypedChoiceField(
        label=_("Provisional ratings"),
        choices=[
            ("", _("Marked with ? where they stand")),
            ("last", _("Listed after the settled ones")),
        ],
        coerce=bool,
        empty_value=False,
        required=False,
        help_text=_(
            "A rating is provisional for a player's first 10 series of a game, "
            "or after a year away."
        ),
    )

    def clean_night_count(self) -> str | None:
        return self.cleaned_data["night_count"] or None  # not sent: kept as it is


class DateInput(forms.DateInput):
    input_type = "date"


class SeasonForm(TypedForm):
    name = forms.CharField(label=_("Name"), max_length=60)
    first_day = forms.DateField(label=_("First day"), widget=DateInput)
    last_day = forms.DateField(label=_("Last day"), widget=DateInput)


class SeasonRemoveForm(TypedForm):
    key = forms.SlugField(max_length=60)
