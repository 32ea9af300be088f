"""Forms: what a page's user typed, turned into the values the services take.

Forms parse and carry input; the domain decides what is allowed. A refusal
from the domain comes back as a form error in the page's language, and the
form re-renders with everything the user entered.
"""

from __future__ import annotations

import re
import uuid
from typing import Any

from django import forms
from django.utils.translation import gettext_lazy
from django.utils.translation import gettext_lazy as _

from series.clubs.rules_form import AsksOptions, RulesForm, asked_options
from series.domain import games, melds
from series.domain.cards import JOKER, Card, parse_card, parse_cards
from series.domain.errors import DomainError
from series.domain.events import DealEntry, GoingOut, Hand
from series.domain.rules import CONTINENTAL, Rules, rules_from
from series.templatetags.cardtags import card_labels
from series.templatetags.rulestags import preset_choices
from series.web.forms import CarriesRecording, TypedForm
from series.web.messages import render as error_message

GROUP_SEPARATOR = re.compile(r"[\n/|]+")


def _language(language: str | None) -> str:
    return (language or "en")[:2]


def card_example(language: str) -> str:
    """Three cards as the page's language writes them: "K♣ K♦ JK", "R♣ R♦ JK"."""
    return " ".join(card.label(language) for card in (Card(13, "C"), Card(13, "D"), JOKER))


def _groups_help(form: forms.Form) -> None:
    """The hint under the groups field, with card letters in the page's language."""
    example = card_example(form.language)
    form.fields["groups"].help_text = _("One group per line, e.g. %(cards)s") % {"cards": example}


class NewSeriesForm(CarriesRecording, RulesForm):
    """Who sits at the table, in which seat, who deals first, and the rules."""

    players = forms.MultipleChoiceField(
        label=_("Players at the table"), widget=forms.CheckboxSelectMultiple, required=False
    )
    first_dealer = forms.TypedChoiceField(label=_("First dealer"), coerce=int)
    idempotency_key = forms.CharField(widget=forms.HiddenInput, max_length=64, required=False)

    field_order = ["players", "first_dealer", "preset"]

    def __init__(self, *args, club_players, **kwargs):
        super().__init__(*args, **kwargs)
        self.club_players = list(club_players)
        choices = [(str(p.id), p.name) for p in self.club_players]
        self.fields["players"].choices = choices
        self.fields["first_dealer"].choices = choices
        for player in self.club_players:
            self.fields[f"seat_{player.id}"] = forms.IntegerField(
                label=_("Seat of %(name)s") % {"name": player.name},
                required=False,
                min_value=1,
                widget=forms.NumberInput(attrs={"inputmode": "numeric", "class": "seat"}),
            )
        self.initial.setdefault("idempotency_key", uuid.uuid4().hex)

    def field_at_fault(self, error: DomainError) -> str | None:
        return None  # a refusal is said above the table, whichever player it names

    def seating(self) -> list[dict]:
        """The players as the template lists them, each with its seat field."""
        chosen = set(self["players"].value() or [])
        return [
            {"player": p, "checked": str(p.id) in chosen, "seat": self[f"seat_{p.id}"]}
            for p in self.club_players
        ]

    def players_hint(self) -> dict[str, str]:
        """The help above the players, for each preset: its game's table sizes
        ("Tick the 2 to 6 players…" for Rummy), for the page to follow the preset."""
        return {
            name: gettext_lazy(
                "Tick the %(low)s to %(high)s players at the table, then number their "
                "seats clockwise (or move them up and down)."
            )
            % {"low": rules.min_players, "high": rules.max_players}
            for name, rules in games.presets().items()
        }

    def players_hint_now(self) -> str:
        hints = self.players_hint()
        return hints.get(self["preset"].value(), hints[CONTINENTAL])

    def clean(self):
        data = super().clean()
        chosen = [p for p in self.club_players if str(p.id) in data.get("players", [])]
        seats = {p: data.get(f"seat_{p.id}") for p in chosen}
        if any(seat is not None for seat in seats.values()):
            self._check_seats(seats)
        return data

    def _check_seats(self, seats: dict) -> None:
        """Every ticked player has a seat of their own, numbered 1 to n; all
        seats left blank take the list's order."""
        blank = [p.name for p, seat in seats.items() if seat is None]
        if blank:
            self.add_error(
                "players",
                _("Give a seat number to: %(names)s.") % {"names": ", ".join(blank)},
            )
        by_seat: dict[int, list[str]] = {}
        for player, seat in seats.items():
            if seat is not None:
                by_seat.setdefault(seat, []).append(player.name)
        for seat, names in sorted(by_seat.items()):
            if len(names) > 1:
                self.add_error(
                    "players",
                    _("Seat %(seat)s is given to %(names)s: give each player a seat of their own.")
                    % {"names": ", ".join(names), "seat": seat},
                )
        missing = [str(seat) for seat in range(1, len(seats) + 1) if seat not in by_seat]
        if missing and not blank:
            self.add_error(
                "players",
                _("Nobody has seat %(seats)s: number the %(count)s seats 1 to %(count)s.")
                % {"seats": ", ".join(missing), "count": len(seats)},
            )

    def seat_order(self) -> list[int]:
        """The chosen players' ids ordered by the seat numbers given (``clean``
        checked them), or in the list's order when no seat was numbered."""
        data = self.cleaned_data
        chosen = [p for p in self.club_players if str(p.id) in data.get("players", [])]
        order = {p.id: index for index, p in enumerate(chosen)}

        def seat(player) -> tuple:
            return (data.get(f"seat_{player.id}") or 0, order[player.id])

        return [p.id for p in sorted(chosen, key=seat)]


def at_version(form: forms.Form, version: int, **kwargs) -> forms.Form:
    """The same entry bound again, and checked, at the series' version
    ``version`` (after a conflict, so that sending it again can succeed);
    ``kwargs``: the form's own arguments."""
    data = form.data.copy()
    data["expected_version"] = str(version)
    again = type(form)(data, **kwargs)
    again.is_valid()
    return again


NOBODY_OUT = "nobody"


def _went_out(value: str) -> int | None:
    return None if value == NOBODY_OUT else int(value)


class DealForm(CarriesRecording, TypedForm):
    """One deal: who went out, and each other player's cards or points.

    Card text is read in the page's language (RULES D-1). ``entry`` is the
    DealEntry for the services once the form is valid; whether the deal is
    allowed is for the domain to say. A game whose deals may end with nobody
    out (standard Rummy: the stock ran out) offers that as a choice, and one
    whose winner may claim a Rummy has the box for it (RULES §3).
    """

    went_out = forms.TypedChoiceField(
        label=_("Who went out?"), coerce=_went_out, empty_value=None, widget=forms.RadioSelect
    )
    groups = forms.CharField(
        label=_("Groups of the player who went out (optional)"),
        required=False,
        max_length=400,
        widget=forms.Textarea(attrs={"rows": 3, "autocomplete": "off", "spellcheck": "false"}),
    )
    discard = forms.CharField(label=_("Discard"), required=False, max_length=20)
    expected_version = forms.IntegerField(widget=forms.HiddenInput)
    idempotency_key = forms.CharField(widget=forms.HiddenInput, max_length=64)
    same_again = forms.BooleanField(
        label=_("Record it all the same: these hands came up again"), required=False
    )
    same_again_of: int | None = None  # the deal this entry repeats, once the page asked
    # Another phone recorded a deal first: the version of the sheet the page then
    # showed, and the box that sends the entry as the next deal (``moved_on``).
    moved_on_to = forms.IntegerField(widget=forms.HiddenInput, required=False)
    as_next = forms.BooleanField(label=_("Record my entry as the next deal"), required=False)

    def __init__(self, *args, players, names, rules: Rules, language: str, **kwargs):
        super().__init__(*args, **kwargs)
        self.players = list(players)
        self.names = names
        self.language = _language(language)
        self.rules = rules
        self.buys_allowed = rules.option("buys")
        self.entry: DealEntry | None = None
        game = rules.game_object
        self.fields["went_out"].choices = [(p, names[p]) for p in self.players] + (
            [(NOBODY_OUT, _("Nobody: the stock ran out"))] if game.winnerless_deals else []
        )
        if game.rummy_claims:
            self.fields["rummy"] = forms.BooleanField(
                label=_("Rummy: the whole hand laid down in one turn"), required=False
            )
        _groups_help(self)
        for player in self.players:
            self._add_player_fields(player, names[player])
        self.initial.setdefault("idempotency_key", uuid.uuid4().hex)

    def _add_player_fields(self, player: int, name: str) -> None:
        text = {"autocomplete": "off", "autocapitalize": "characters", "spellcheck": "false"}
        self.fields[f"cards_{player}"] = forms.CharField(
            label=_("Cards of %(name)s") % {"name": name},
            required=False,
            max_length=300,
            widget=forms.TextInput(attrs={**text, "class": "cards", "data-player": player}),
        )
        self.fields[f"points_{player}"] = forms.IntegerField(
            label=_("Points of %(name)s") % {"name": name},
            required=False,
            widget=forms.NumberInput(attrs={"inputmode": "numeric", "class": "points"}),
        )
        if self.buys_allowed:
            self.fields[f"buys_{player}"] = forms.IntegerField(
                label=_("Discards bought by %(name)s") % {"name": name},
                required=False,
                min_value=0,
                widget=forms.NumberInput(attrs={"inputmode": "numeric", "class": "buys"}),
            )

    def field_at_fault(self, error: DomainError) -> str | None:
        """The field a refusal names: the player's points or cards when it
        names a player of this form (``hands``), else the form as a whole."""
        player = error.params.get("player")
        if error.field != "hands" or player not in self.players:
            return None
        points = self.cleaned_data.get(f"points_{player}")
        cards = (self.cleaned_data.get(f"cards_{player}") or "").strip()
        return f"points_{player}" if points is not None and not cards else f"cards_{player}"

    def ask_same_again(self, number: int) -> None:
        """The entry repeats deal ``number``: it is recorded only with the box ticked."""
        self.same_again_of = number
        self.add_error(
            "same_again",
            _(
                "This entry is the same as deal %(number)s. If the "
                "hands really were the same again, tick the box and "
                "record it."
            )
            % {"number": number},
        )

    def moved_on(self, version: int) -> DealForm:
        """The same entry after another phone recorded a deal first: still at the
        version it was entered at, so sending it again records nothing unseen;
        it goes as the next deal only with ``as_next`` ticked while the sheet
        still stands at ``version``."""
        data = self.data.copy()
        data["moved_on_to"] = str(version)
        data.pop("as_next", None)
        again = type(self)(
            data, players=self.players, names=self.names, rules=self.rules, language=self.language
        )
        again.is_valid()
        return again

    def sent_as_next(self, version: int) -> bool:
        """Whether the scorer, shown the sheet at ``version``, sends this entry as its next deal."""
        data = self.cleaned_data
        return bool(data.get("as_next")) and data.get("moved_on_to") == version

    def at_version(self, version: int) -> DealForm:
        return at_version(
            self,
            version,
            players=self.players,
            names=self.names,
            rules=self.rules,
            language=self.language,
        )

    @property
    def rummy_claim(self) -> forms.BoundField | None:
        """The box for a Rummy claim, in a game that has them."""
        return self["rummy"] if "rummy" in self.fields else None

    def rummy_claim_for(self) -> list[str]:
        """The answers to "Who went out?" that a Rummy may be claimed with, as the
        game says (``Game.rummy_claimable``): the deal script shows the box for
        these only, so the rule stays the server's."""
        game = self.rules.game_object
        return [
            str(value)
            for value, _label in self.fields["went_out"].choices
            if game.rummy_claimable(_went_out(str(value)))
        ]

    def player_rows(self) -> list[dict]:
        return [
            {
                "id": player,
                "name": self.names[player],
                "cards": self[f"cards_{player}"],
                "points": self[f"points_{player}"],
                "buys": self[f"buys_{player}"] if self.buys_allowed else None,
            }
            for player in self.players
        ]

    def clean(self):
        data = super().clean()
        if "went_out" in data and not self.errors:
            hands = [hand for player in self.players if (hand := self._hand(player))]
            going_out = self._going_out()
            if not self.errors:
                self.entry = DealEntry(
                    went_out=data["went_out"],
                    hands=tuple(hands),
                    going_out=going_out,
                    buys={p: n for p in self.players if (n := data.get(f"buys_{p}"))},
                    rummy=data.get("rummy", False),
                )
        return data

    def _parse(self, field: str, parse, text: str) -> Any:
        """Cards read by ``parse``; a card the domain cannot read becomes a field error."""
        try:
            return parse(text, self.language)
        except DomainError as error:
            self.add_error(field, error_message(error))
            return None

    def _hand(self, player: int) -> Hand | None:
        """What the player holds; None when nothing was entered for them."""
        text = (self.cleaned_data.get(f"cards_{player}") or "").strip()
        points = self.cleaned_data.get(f"points_{player}")
        if not text and points is None:
            return None
        cards = self._parse(f"cards_{player}", parse_cards, text) if text else None
        return Hand(player, cards=None if cards is None else tuple(cards), points=points)

    def _going_out(self) -> GoingOut | None:
        lines = [
            line
            for line in GROUP_SEPARATOR.split(self.cleaned_data.get("groups") or "")
            if line.strip()
        ]
        discard_text = (self.cleaned_data.get("discard") or "").strip()
        if not lines and not discard_text:
            return None
        groups = [self._parse("groups", parse_cards, line) or [] for line in lines]
        discard = self._parse("discard", parse_card, discard_text) if discard_text else None
        return GoingOut(tuple(tuple(group) for group in groups), discard)

    @classmethod
    def initial_from(cls, entry: DealEntry, language: str) -> dict[str, Any]:
        """The fields that show a recorded entry, to correct it."""
        went_out = NOBODY_OUT if entry.went_out is None else entry.went_out
        initial: dict[str, Any] = {"went_out": went_out, "rummy": entry.rummy}
        for hand in entry.hands:
            if hand.cards is not None:
                initial[f"cards_{hand.player}"] = card_labels(hand.cards, language)
            else:
                initial[f"points_{hand.player}"] = hand.points
        for player, count in entry.buys.items():
            initial[f"buys_{player}"] = count
        if entry.going_out is not None:
            initial["groups"] = "\n".join(
                card_labels(group, language) for group in entry.going_out.groups
            )
            if entry.going_out.discard is not None:
                initial["discard"] = card_labels([entry.going_out.discard], language)
        return initial


class CorrectionForm(DealForm):
    reason = forms.CharField(label=_("Reason for the correction"), max_length=300)


class VoidForm(CarriesRecording, TypedForm):
    reason = forms.CharField(label=_("Reason for voiding the deal"), max_length=300)
    expected_version = forms.IntegerField(widget=forms.HiddenInput)
    idempotency_key = forms.CharField(widget=forms.HiddenInput, max_length=100, required=False)

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.initial.setdefault("idempotency_key", uuid.uuid4().hex)


class AbandonForm(CarriesRecording, TypedForm):
    """Scrap a series (one started by mistake): a reason, and a tick that says so."""

    reason = forms.CharField(label=_("Why is the series abandoned?"), max_length=300)
    sure = forms.BooleanField(
        label=_("Yes, abandon it: no more deals can be recorded in this series"),
        error_messages={"required": _("Tick the box to abandon the series.")},
    )
    expected_version = forms.IntegerField(widget=forms.HiddenInput)
    idempotency_key = forms.CharField(widget=forms.HiddenInput, max_length=100, required=False)

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.initial.setdefault("idempotency_key", uuid.uuid4().hex)

    def field_at_fault(self, error: DomainError) -> str | None:
        return None  # a refusal is said above the form


class CheckForm(AsksOptions, TypedForm):
    """A going-out claim to check: the whole hand, or the groups as laid."""

    preset = forms.ChoiceField(label=_("Rules"), initial=CONTINENTAL, required=False)
    cards = forms.CharField(
        label=_("The whole hand"),
        required=False,
        max_length=400,
        widget=forms.TextInput(attrs={"autocomplete": "off", "spellcheck": "false"}),
    )
    groups = forms.CharField(
        label=_("Or the groups as laid"),
        required=False,
        max_length=400,
        widget=forms.Textarea(attrs={"rows": 3, "autocomplete": "off", "spellcheck": "false"}),
    )
    discard = forms.CharField(label=_("Discard"), required=False, max_length=20)
    buys = forms.IntegerField(label=_("Discards bought"), required=False, min_value=0, max_value=10)

    def __init__(self, *args, language: str, rules: Rules | None = None, **kwargs):
        super().__init__(*args, **kwargs)
        self.language = _language(language)
        self.rules = rules  # a series' rules; without them, the preset chosen
        self.asked = {} if rules is not None else asked_options(melds_only=True)
        if rules is None:
            self.fields["preset"].choices = preset_choices()
            for name, option in self.asked.items():
                self.fields[name] = forms.BooleanField(
                    label=gettext_lazy(option.label), required=False
                )
        else:
            del self.fields["preset"]
        _groups_help(self)
        self.fields["cards"].help_text = _(
            "All the cards, e.g. %(cards)s …; the app finds the groups."
        ) % {"cards": card_example(self.language)}

    def verdict(self) -> melds.Verdict | None:
        """The checker's verdict on the claim, or None with the form's errors set."""
        data = self.cleaned_data
        try:
            rules = self.rules or self._chosen_rules()
        except DomainError as error:
            self.add_error(None, error_message(error))
            return None
        try:
            return self._judge(rules, data)
        except DomainError as error:  # a card the parser cannot read
            self.add_error(self._card_field(), error_message(error))
            return None

    def _card_field(self) -> str:
        """The field the cards were read from: the groups when given, else the hand."""
        return "groups" if (self.cleaned_data.get("groups") or "").strip() else "cards"

    def _chosen_rules(self) -> Rules:
        data = self.cleaned_data
        options = {
            option.name: option.from_form(True)
            for name, option in self.asked.items()
            if data.get(name)
        }
        return rules_from(data.get("preset") or CONTINENTAL, options)

    def _judge(self, rules, data) -> melds.Verdict | None:
        buys = data.get("buys") or 0
        lines = [line for line in GROUP_SEPARATOR.split(data.get("groups") or "") if line.strip()]
        if lines:
            groups = [parse_cards(line, self.language) for line in lines]
            discard_text = (data.get("discard") or "").strip()
            discard = parse_card(discard_text, self.language) if discard_text else None
            return melds.check_arrangement(rules, groups, discard, buys=buys)
        if (data.get("cards") or "").strip():
            return melds.solve(rules, parse_cards(data["cards"], self.language), buys=buys)
        self.add_error("cards", _("Enter the cards of the hand, or the groups as laid."))
        return None
