"""The forms of a club night's pages: each carries the night's version it was
drawn at and a key, so a form sent twice writes once and one sent after a
change elsewhere is refused (the page then shows the night as it is)."""

from __future__ import annotations

import uuid

from django import forms
from django.utils.translation import gettext_lazy as _

from series.domain.nights import draws
from series.domain.nights import scoring as scorings
from series.domain.nights.commands import REASON_LENGTH
from series.domain.nights.results import order_from_places
from series.web.forms import CarriesRecording, TypedForm, WriteForm


def scoring_choices() -> list[tuple[str, str]]:
    """The night's scoring methods, in their own words, as registered."""
    return [(method.code, _(method.label)) for method in scorings.all()]


TABLE_SIZES = [(n, str(n)) for n in range(3, 9)]


def _sizes(low: int, high: int) -> list[tuple[int, str]]:
    return [(n, str(n)) for n in range(low, high + 1)]


class NightWrite(WriteForm):
    """A write to a night: its version when the page was drawn, and a key."""


class NewNightForm(CarriesRecording, TypedForm):
    date = forms.DateField(
        label=_("Date"), required=False, widget=forms.DateInput(attrs={"type": "date"})
    )
    scoring = forms.ChoiceField(
        label=_("Night's ranking"), choices=scoring_choices, initial=scorings.DEFAULT
    )
    points_table = forms.CharField(
        label=_("Points table"),
        required=False,
        max_length=400,
        widget=forms.Textarea(attrs={"rows": 6, "spellcheck": "false"}),
        help_text=_(
            "For a points table only: one line per table size, the size, a colon and "
            "the points of each place, 1st first. E.g. 4: 7 4 2 0"
        ),
    )
    # Left out: the game's smallest and largest table.
    min_table = forms.TypedChoiceField(
        label=_("Smallest table"),
        choices=TABLE_SIZES,
        coerce=int,
        required=False,
        empty_value=None,
    )
    max_table = forms.TypedChoiceField(
        label=_("Largest table"),
        choices=TABLE_SIZES,
        coerce=int,
        required=False,
        empty_value=None,
        help_text=_(
            "The sizes of table this night seats: its draws stay within them, and a points "
            "table needs rows for these sizes only."
        ),
    )
    idempotency_key = forms.CharField(widget=forms.HiddenInput, max_length=64, required=False)

    def __init__(self, *args, sizes: tuple[int, int] = (3, 8), **kwargs) -> None:
        """``sizes``: the smallest and largest table the club's game is played at."""
        super().__init__(*args, **kwargs)
        self.initial.setdefault("idempotency_key", uuid.uuid4().hex)
        low, high = sizes
        for name in ("min_table", "max_table"):
            self.fields[name].choices = _sizes(low, high)
        self.initial.setdefault("min_table", low)
        self.initial.setdefault("max_table", high)

    def clean_points_table(self) -> dict[str, list[str]] | None:
        """The lines typed as rows by table size; the night's rules check the
        numbers (every size the game seats, none rising, none negative)."""
        rows = {}
        for number, line in enumerate(self.cleaned_data["points_table"].splitlines(), 1):
            if not line.strip():
                continue
            size, colon, points = line.partition(":")
            if not colon or not points.split():
                raise forms.ValidationError(
                    _(
                        "Line %(number)s: write the table size, a colon, then the points "
                        "(4: 7 4 2 0)."
                    ),
                    params={"number": number},
                )
            rows[size.strip()] = points.replace(",", " ").split()
        return rows or None


class CheckInForm(NightWrite):
    players = forms.TypedMultipleChoiceField(
        label=_("Who came"), coerce=int, widget=forms.CheckboxSelectMultiple
    )

    def __init__(self, *args, players=(), **kwargs) -> None:
        super().__init__(*args, **kwargs)
        self.fields["players"].choices = [(p.id, p.name) for p in players]


class GuestForm(NightWrite):
    name = forms.CharField(label=_("Guest's name"), max_length=60)


class PlayerForm(NightWrite):
    """A button on a player's line: the player is all it needs."""

    player = forms.IntegerField(widget=forms.HiddenInput)


class RoundForm(NightWrite):
    """A button about one round (withdraw it): the round is all it needs."""

    round_number = forms.IntegerField(widget=forms.HiddenInput, min_value=1)


class DrawForm(NightWrite):
    min_table = forms.TypedChoiceField(
        label=_("Smallest table"), choices=TABLE_SIZES, coerce=int, initial=4
    )
    max_table = forms.TypedChoiceField(
        label=_("Largest table"), choices=TABLE_SIZES, coerce=int, initial=6
    )
    method = forms.ChoiceField(label=_("Seat the players"), choices=(), initial=draws.DEFAULT)

    def __init__(
        self,
        *args,
        first_round: bool = True,
        final: bool = False,
        sizes: tuple[int, int] = (3, 8),
        **kwargs,
    ) -> None:
        """``sizes``: the smallest and largest table the night seats; ``final``: a
        championship's final, drawn by the championship's standings (RULES D-24)."""
        super().__init__(*args, **kwargs)
        low, high = sizes
        for name in ("min_table", "max_table"):
            self.fields[name].choices = _sizes(low, high)
        self.initial.setdefault("min_table", min(max(4, low), high))
        self.initial.setdefault("max_table", max(min(6, high), low))
        offered = _draws_offered(first_round=first_round, final=final)
        self.fields["method"].choices = [(m.code, _(m.label)) for m in offered]
        suggested = next((m for m in draws.all() if m in offered and m.suggested), None)
        if suggested is not None:
            self.initial.setdefault("method", suggested.code)


def _draws_offered(*, first_round: bool, final: bool) -> list[draws.DrawMethod]:
    """The draw methods a round may be drawn by: from the round each is offered in
    (nothing ranks the players before the first round ends), a championship's
    final's own first, on the final only."""
    fitting = [m for m in draws.all() if first_round <= (m.from_round == 1) and final >= m.final]
    return sorted(fitting, key=lambda m: not m.final)


class MoveForm(NightWrite):
    """Before a table's first deal: move a player to another table, or swap two.
    ``players`` may include late arrivals not seated yet; ``partners``, whom a
    player may swap with, are only the players seated at a table not started."""

    player = forms.TypedChoiceField(label=_("Player"), coerce=int)
    table = forms.TypedChoiceField(
        label=_("To table"), coerce=int, required=False, empty_value=None
    )
    other = forms.TypedChoiceField(
        label=_("Or swap with"), coerce=int, required=False, empty_value=None
    )

    def __init__(self, *args, players=(), partners=(), tables=(), **kwargs) -> None:
        super().__init__(*args, **kwargs)
        self.fields["player"].choices = [(p.id, p.name) for p in players]
        self.fields["other"].choices = [("", "—"), *((p.id, p.name) for p in partners)]
        self.fields["table"].choices = [("", "—"), *((n, str(n)) for n in tables)]

    def clean(self):
        data = super().clean()
        if (data.get("table") is None) == (data.get("other") is None):
            raise forms.ValidationError(
                _("Choose a table to move the player to, or a player to swap with.")
            )
        return data


class TableResultForm(NightWrite):
    """The director's result for an abandoned table (RULES D-18): each seated
    player's place, level players on the same place; prefilled with the places
    the page shows (as entered, else as the totals stood)."""

    # Not "round" and "table": a refusal naming the table is for the whole form to show.
    round_number = forms.IntegerField(widget=forms.HiddenInput)
    table_number = forms.IntegerField(widget=forms.HiddenInput)

    def __init__(self, *args, round_number: int = 0, table=None, **kwargs) -> None:
        number = table.number if table is not None else 0
        # One form per abandoned table on the page: ids of their own, for the labels.
        kwargs.setdefault("auto_id", f"id_result_{round_number}_{number}_%s")
        super().__init__(*args, **kwargs)
        seats = table.seats if table is not None else ()
        self.initial.setdefault("round_number", round_number)
        self.initial.setdefault("table_number", number)
        places = [("", "—"), *((n, str(n)) for n in range(1, len(seats) + 1))]
        for seat in seats:
            name = f"place_{seat.player}"
            self.fields[name] = forms.TypedChoiceField(
                label=seat.name, choices=places, coerce=int, initial=seat.place
            )
        self.seated = [seat.player for seat in seats]

    def place_fields(self):
        return [self[f"place_{player}"] for player in self.seated]

    def clean(self):
        data = super().clean()
        places = {p: data[f"place_{p}"] for p in self.seated if f"place_{p}" in data}
        data["order"] = [list(group) for group in order_from_places(places)]
        return data


class ReopenForm(NightWrite):
    """Reopen a closed night (RULES D-22): the reason is kept on the night's page."""

    reason = forms.CharField(
        label=_("Why is the night reopened?"),
        max_length=REASON_LENGTH,
        widget=forms.Textarea(attrs={"rows": 3}),
        help_text=_("Shown on the night's page with your name, beside every close."),
    )
