"""Forms of the league's admin pages: they parse input; the services decide."""

from __future__ import annotations

import re

from django import forms
from django.utils.translation import gettext_lazy as _

from series.web.forms import WriteForm


class LadderForm(forms.Form):
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

    def clean_night_count(self) -> str | None:
        return self.cleaned_data["night_count"] or None  # not sent: kept as it is


class DateInput(forms.DateInput):
    input_type = "date"


class SeasonForm(forms.Form):
    name = forms.CharField(label=_("Name"), max_length=60)
    first_day = forms.DateField(label=_("First day"), widget=DateInput)
    last_day = forms.DateField(label=_("Last day"), widget=DateInput)


class SeasonRemoveForm(forms.Form):
    key = forms.SlugField(max_length=60)


def _player_choices(players) -> list[tuple[int, str]]:
    return [(player.id, player.name) for player in players]


class RosterWriteForm(WriteForm):
    """A roster change carries the players list's version the page showed and
    an idempotency key (``WriteForm``)."""

    # The players page shows several of these forms: each names its fields' ids
    # after itself, so that every label points at its own field.
    id_prefix = "roster"

    def __init__(self, *args, version: int | None = None, **kwargs):
        kwargs.setdefault("auto_id", f"id_{self.id_prefix}_%s")
        super().__init__(*args, version=version, **kwargs)


class RenameForm(RosterWriteForm):
    id_prefix = "rename"
    player = forms.TypedChoiceField(label=_("Player"), coerce=int)
    name = forms.CharField(label=_("New name"), max_length=60)

    def __init__(self, *args, players, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["player"].choices = _player_choices(players)


class GuestForm(RosterWriteForm):
    id_prefix = "guest"
    name = forms.CharField(label=_("Guest's name"), max_length=60)


class MergeForm(RosterWriteForm):
    id_prefix = "merge"
    player = forms.TypedChoiceField(label=_("Player"), coerce=int)
    target = forms.TypedChoiceField(label=_("is the same person as"), coerce=int)

    def __init__(self, *args, players, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["player"].choices = _player_choices(players)
        self.fields["target"].choices = _player_choices(players)


class AddPlayersForm(forms.Form):
    names = forms.CharField(
        label=_("Names, one a line"),
        max_length=3000,
        widget=forms.Textarea(attrs={"rows": 6, "autocapitalize": "words"}),
        help_text=_("Add one player or several at once: one name on each line."),
    )

    def clean_names(self) -> list[str]:
        # Lines a keyboard makes; ``splitlines`` also splits on U+2028, U+0085 and
        # controls, which are not a new line to the admin but a character the name
        # rule refuses (``domain.names``).
        return re.split(r"\r\n|\r|\n", self.cleaned_data["names"])


class PlayerForm(RosterWriteForm):
    """One player, for the actions that need nothing else (retire, return, guest,
    unmerge)."""

    player = forms.IntegerField(min_value=1)


class LinkForm(RosterWriteForm):
    id_prefix = "link"
    player = forms.TypedChoiceField(label=_("Player"), coerce=int)
    user = forms.TypedChoiceField(
        label=_("Member account"), coerce=int, empty_value=None, required=False
    )

    def __init__(self, *args, players, members, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["player"].choices = _player_choices(players)
        self.fields["user"].choices = [("", _("No account (unlink)"))] + [
            (m.user_id, m.user.username) for m in members
        ]
