"""The forms of a night planned ahead: its time and venue when planned, a move,
a withdrawal, the opening on the day, and a member's "I'm coming"."""

from __future__ import annotations

from django import forms
from django.utils.translation import gettext_lazy as _

from series.domain.nights.planning import REASON_LENGTH, VENUE_LENGTH
from series.nights.forms import NewNightForm, NightWrite
from series.web.forms import WriteForm

YES, NO = "yes", "no"


class TimeField(forms.CharField):
    """A start time as typed, HH:MM (the night's rules check it); a night's time
    is shown as HH:MM too, so a form filled with it is sent back as it came."""

    def __init__(self, **kwargs) -> None:
        kwargs.setdefault("widget", forms.TimeInput(format="%H:%M", attrs={"type": "time"}))
        super().__init__(max_length=5, required=False, **kwargs)


def _venue(**kwargs) -> forms.CharField:
    return forms.CharField(
        label=_("Venue"),
        max_length=VENUE_LENGTH,
        required=False,
        help_text=_("Where the night is played, e.g. the Circolo, Via Roma 12."),
        **kwargs,
    )


class PlannedNightForm(NewNightForm):
    """A new night: opened today, or planned ahead for a later date with a start
    time and a venue (its rules and ranking are chosen when it opens)."""

    time = TimeField(label=_("Start time"))
    venue = _venue()

    field_order = ["date", "time", "venue"]


class OpenPlannedForm(NewNightForm):
    """Open a night planned ahead, on the day: its ranking and table sizes."""

    def __init__(self, *args, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        del self.fields["date"]


class MoveNightForm(NightWrite):
    date = forms.DateField(label=_("Date"), widget=forms.DateInput(attrs={"type": "date"}))
    time = TimeField(label=_("Start time"))
    venue = _venue()


class WithdrawNightForm(NightWrite):
    reason = forms.CharField(
        label=_("Why is the night withdrawn?"),
        max_length=REASON_LENGTH,
        widget=forms.Textarea(attrs={"rows": 3}),
        help_text=_("Shown on the night's page; calendars show the night as cancelled."),
    )


class AnswerForm(WriteForm):
    """One tap: "I'm coming" or "I'm not coming"; ``player`` for a director
    answering for someone."""

    answer = forms.ChoiceField(choices=[(YES, _("I'm coming")), (NO, _("I'm not coming"))])
    player = forms.IntegerField(required=False, widget=forms.HiddenInput)
    next = forms.CharField(required=False, max_length=300, widget=forms.HiddenInput)


class AnswerForForm(WriteForm):
    """A director answers for a player of the club."""

    player = forms.TypedChoiceField(label=_("Player"), coerce=int)
    answer = forms.ChoiceField(
        label=_("Answer"), choices=[(YES, _("Coming")), (NO, _("Not coming"))]
    )

    def __init__(self, *args, players=(), **kwargs) -> None:
        super().__init__(*args, **kwargs)
        self.fields["player"].choices = [(p.id, p.name) for p in players]
