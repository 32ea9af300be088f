"""Pages where a second member confirms or disputes a deal, and where a member
sets the short PIN that lets them do so on the scorer's phone.

On their own phone a signed-in member confirms as themselves; on the scorer's
phone a seated player's member picks their name and types their PIN, which
``accounts.pin_confirmer`` checks (and locks after a few wrong ones).
The rules (not the recorder, a reason for a dispute) are the domain's.
"""

from __future__ import annotations

import uuid

from django import forms
from django.contrib import messages
from django.http import Http404
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from django.views.decorators.http import require_http_methods

from series.accounts import services as accounts
from series.clubs.access import Access
from series.domain.errors import DomainError
from series.sheets import selectors, services
from series.sheets.forms import at_version
from series.sheets.page_access import series_page
from series.web.forms import CarriesRecording, TypedForm, submit


class ConfirmForm(CarriesRecording, TypedForm):
    """Who confirms: the signed-in member ("") or a seated player's member with
    their PIN. The signed-in member is offered only when they may confirm (not
    the one who recorded the deal)."""

    player = forms.TypedChoiceField(
        label=gettext_lazy("Who confirms"), coerce=int, empty_value=None, required=False
    )
    pin = forms.CharField(
        label=gettext_lazy("Their PIN"),
        required=False,
        max_length=8,
        widget=forms.PasswordInput(attrs={"inputmode": "numeric", "autocomplete": "off"}),
    )
    reason = forms.CharField(
        label=gettext_lazy("What is wrong (to dispute)"), required=False, max_length=300
    )
    idempotency_key = forms.CharField(widget=forms.HiddenInput, max_length=100)
    # The series' version the page showed: a deal corrected since is not
    # confirmed unseen (a page from before this field was added sends none).
    expected_version = forms.IntegerField(widget=forms.HiddenInput, required=False)

    def __init__(self, *args, me, members: list, me_may_confirm: bool, series_id, **kwargs):
        super().__init__(*args, **kwargs)
        self.me, self.series_id, self.me_may_confirm = me, series_id, me_may_confirm
        self.changed_meanwhile = False
        # (player id, name, account) of the seated players' members, me aside
        self.members = {player: (name, user) for player, name, user in members if user != me}
        mine = [("", _("Me (%(name)s)") % {"name": me.get_username()})] if me_may_confirm else []
        others = [(player, name) for player, (name, _user) in self.members.items()]
        self.fields["player"].choices = mine + others
        if not me_may_confirm and others:
            self.initial.setdefault("player", others[0][0])
        self.initial.setdefault("idempotency_key", uuid.uuid4().hex)

    @property
    def nobody(self) -> bool:
        """Nobody here may confirm: the recorder is signed in, and no other seated
        player has an account in the club."""
        return not self.fields["player"].choices

    def clean_player(self):
        player = self.cleaned_data["player"]
        if player is None and not self.me_may_confirm:
            raise forms.ValidationError(_("Pick who confirms."))
        return player

    def confirmer(self) -> tuple[object, str | None, int | None]:
        """(account, name, seated player id) of who confirms, as picked; the name
        and the seat are None for the signed-in member (the page looks up their
        seat), and anyone else proves it with their PIN."""
        player = self.cleaned_data["player"]
        if player is None:
            return self.me, None, None
        name, user = self.members[player]
        return user, name, player

    def field_at_fault(self, error: DomainError) -> str | None:
        """A refused PIN is the PIN field's; any other refusal is the form's."""
        return "pin" if isinstance(error, accounts.PinRefused) else None


@series_page(Access.MEMBER)
@require_http_methods(["GET", "POST"])
def deal_confirm(request, sheet, number: int):
    state = selectors.series_state(sheet)
    try:
        deal = state.deal(number)
    except DomainError:
        raise Http404 from None
    names = selectors.player_names(club_id=sheet.club_id, ids=state.setup.players)
    members = selectors.seated_members(sheet)
    mine = selectors.deal_recorder(sheet.id, number) != request.user.id
    form = ConfirmForm(
        request.POST or None,
        me=request.user,
        members=members,
        me_may_confirm=mine,
        series_id=sheet.id,
        initial={"expected_version": state.version},
    )
    if request.method == "POST" and form.is_valid():
        done = _submit(request, form, sheet.id, number, names)
        if done:
            return redirect("sheet", series_id=sheet.id)
        if form.changed_meanwhile:
            # Show the deal as it stands now, at the version it stands at.
            sheet = selectors.series_sheet(sheet.id)
            state = selectors.series_state(sheet)
            deal = state.deal(number)
            errors = form.non_field_errors()
            form = at_version(
                form,
                state.version,
                me=request.user,
                members=members,
                me_may_confirm=mine,
                series_id=sheet.id,
            )
            form.add_error(None, errors)
    # In seat order, as the score sheet lists them.
    seated = [player for player in state.setup.players if player in deal.scores]
    scores = [(names.get(player), deal.scores[player]) for player in seated]
    context = {
        "sheet": sheet,
        "deal": deal,
        "number": number,
        "form": form,
        "scores": scores,
        "went_out": names.get(deal.entry.went_out),
        "rummy": deal.entry.rummy and state.setup.rules.game_object.rummy_times(state.setup.rules),
        "dispute": selectors.standing_dispute(sheet, deal),
    }
    # A refusal answers 422, as every page's does; a locked PIN 429, saying when
    # it is checked again on this phone.
    retry_after = getattr(form, "retry_after", None)
    status = 429 if retry_after else 422 if request.method == "POST" and form.errors else 200
    response = render(request, "sheets/deal_confirm.html", context, status=status)
    if retry_after:
        response["Retry-After"] = str(retry_after)
    return response


def _submit(request, form, series_id, number, names) -> bool:
    """Confirm or dispute the deal as the form says (``submit``); whether it was
    written. When the sheet changed meanwhile the form says so (``changed_meanwhile``)."""
    dispute = request.POST.get("action") == "dispute"

    def write(data):
        user, name, player_id = form.confirmer()
        if name is None:  # the signed-in member: their own seat
            player_id = selectors.seated_player_of(series_id, user)
        else:  # on the scorer's phone: their PIN, counted on this phone
            try:
                accounts.pin_confirmer(member=user, name=name, device=request.user, pin=data["pin"])
            except accounts.PinLocked as locked:
                form.retry_after = locked.retry_after
                raise
        common = {
            "series_id": series_id,
            "number": number,
            "user_id": user.id,
            "player_id": player_id,
            **form.recording(request),
        }
        if dispute:
            return services.deal_dispute(reason=data["reason"], **common)
        return services.deal_confirm(**common)

    if dispute:
        done = (messages.WARNING, _("Deal %(number)s is disputed.") % {"number": number})
    else:
        done = (messages.SUCCESS, _("Deal %(number)s is confirmed.") % {"number": number})
    return submit(
        form,
        write,
        request=request,
        names=names,
        changed=_(
            "The score sheet changed while you were looking at it: "
            "check the deal below again before you confirm or dispute "
            "it."
        ),
        at_version=_changed_meanwhile,
        done=done,
    ).recorded


def _changed_meanwhile(form, _version: int):
    """The page reads the deal again and makes the form anew (``deal_confirm``)."""
    form.changed_meanwhile = True
    return form
