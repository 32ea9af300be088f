"""Forms of the club pages: they parse input; the services decide."""

from __future__ import annotations

import re
import zoneinfo
from typing import Any

from django import forms
from django.utils.translation import gettext_lazy as _

from series.clubs.membership import DEFAULT_DAYS, MAX_DAYS
from series.clubs.rules_form import RulesForm, asked_options
from series.domain.rules import CONTINENTAL
from series.models import Membership
from series.web.forms import TypedForm, WriteForm


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

    results_by_email = forms.BooleanField(
        label=_("E-mail the night's results"),
        required=False,
        help_text=_(
            "When a night closes, each player who asked for it on their account page, "
            "and confirmed their address, gets their result by e-mail."
        ),
    )

    field_order = [
        "name",
        "slug",
        "public",
        "time_zone",
        "deals_need_confirmation",
        "results_by_email",
        "preset",
    ]

    def __init__(self, *args, with_slug: bool = True, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["time_zone"].choices = time_zone_choices()
        self.fields["preset"].label = _("Default game and house rules")
        if with_slug:  # a new club: its address may be chosen; confirmations come later
            del self.fields["deals_need_confirmation"]
            del self.fields["results_by_email"]
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


class InvitationForm(TypedForm):
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


class RoleForm(TypedForm):
    user = forms.IntegerField(widget=forms.HiddenInput)
    role = forms.ChoiceField(label=_("Role"), choices=Membership.Role.choices)


class RevokeForm(TypedForm):
    invitation = forms.IntegerField(widget=forms.HiddenInput)


# -- the club's players (the roster page) --------------------------------------------


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


class AddPlayersForm(TypedForm):
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
