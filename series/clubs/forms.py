"""Forms of the club pages: they parse input; the services decide."""

from __future__ import annotations

import zoneinfo
from typing import Any

from django import forms
from django.utils.translation import gettext_lazy as _

from series.clubs.membership import DEFAULT_DAYS, MAX_DAYS
from series.domain.rules import CONTINENTAL
from series.models import Membership
from series.sheets.forms import RulesForm, asked_options


def time_zone_choices() -> list[tuple[str, str]]:
    zones = sorted(z for z in zoneinfo.available_timezones() if "/" in z and "Etc" not in z)
    return [("", _("The server's time zone"))] + [(z, z.replace("_", " ")) for z in zones]


def rules_initial(default_rules: dict[str, Any]) -> dict[str, Any]:
    """A club's stored default rules as the initial values of a ``RulesForm``."""
    if not default_rules:
        return {}
    options = dict(default_rules.get("options") or {})
    initial = {"preset": default_rules.get("preset", CONTINENTAL), **options}
    for name, option in asked_options().items():  # a checkbox standing for one value
        if option.field and options.get(option.name) == option.value:
            initial[name] = True
    return initial


class ClubForm(RulesForm):
    """A club's name, address, public pages and time zone, and the rules a new
    series starts from (the new-series page's own preset and options)."""

    name = forms.CharField(label=_("Club name"), max_length=100)
    slug = forms.SlugField(
        label=_("Address (optional)"),
        max_length=50,
        required=False,
        help_text=_("Letters, digits and dashes; made from the name when left empty."),
    )
    public = forms.BooleanField(
        label=_("Public league pages"),
        required=False,
        help_text=_("Anyone may read the standings and score sheets; only members record."),
    )
    time_zone = forms.ChoiceField(label=_("Time zone"), required=False)
    deals_need_confirmation = forms.BooleanField(
        label=_("Deals need confirmation"),
        required=False,
        help_text=_(
            "A deal recorded from now on stays “to confirm” until another member "
            "confirms it (deals recorded before stay as they were); the league counts "
            "a finished series only once those deals are confirmed."
        ),
    )

    field_order = ["name", "slug", "public", "time_zone", "deals_need_confirmation", "preset"]

    def __init__(self, *args, with_slug: bool = True, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["time_zone"].choices = time_zone_choices()
        self.fields["preset"].label = _("Default game and house rules")
        if with_slug:  # a new club: its address may be chosen; confirmations come later
            del self.fields["deals_need_confirmation"]
            # The club plays where its founder's phone is: app.js picks the
            # browser's time zone while the field is left at the server's.
            self.fields["time_zone"].widget.attrs["data-browser-zone"] = ""
        else:  # an existing club's settings: the address stays
            del self.fields["slug"]

    def default_rules(self) -> dict[str, Any]:
        return {"preset": self.cleaned_data["preset"], "options": self.options()}


ROLE_CHOICES = [
    (Membership.Role.MEMBER, _("Member: reads the club's series and league")),
    (Membership.Role.SCORER, _("Scorer: also starts series and records deals")),
    (Membership.Role.ADMIN, _("Admin: also manages players, members and settings")),
]


class InvitationForm(forms.Form):
    role = forms.ChoiceField(
        label=_("Joins as"), choices=ROLE_CHOICES, initial="scorer", widget=forms.RadioSelect
    )
    days = forms.IntegerField(
        label=_("Valid for (days)"),
        min_value=1,
        max_value=MAX_DAYS,
        initial=DEFAULT_DAYS,
        widget=forms.NumberInput(attrs={"inputmode": "numeric"}),
    )
    multi_use = forms.BooleanField(
        label=_("Several people may use it"),
        required=False,
        help_text=_("Otherwise the link lets one person in."),
    )


class RoleForm(forms.Form):
    user = forms.IntegerField(widget=forms.HiddenInput)
    role = forms.ChoiceField(label=_("Role"), choices=Membership.Role.choices)


class RevokeForm(forms.Form):
    invitation = forms.IntegerField(widget=forms.HiddenInput)
