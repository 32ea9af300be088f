"""The pages of a night planned ahead: its page until it opens (who is coming,
the tables they make, the director's move, withdrawal and opening), a
member's one-tap "I'm coming", and the club's calendar of nights with each
member's secret link to it."""

from __future__ import annotations

from urllib.parse import urlencode
from uuid import UUID

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.http import url_has_allowed_host_and_scheme
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from django.views.decorators.http import require_POST, require_safe

from series.clubs import selectors as club_selectors
from series.clubs.access import Access, allows
from series.clubs.page_access import club_page, in_club_time, refuse_access
from series.domain.nights import scoring as scorings
from series.models import Player
from series.nights import calendar, pages_data, planned, planning, selectors
from series.nights.plan_forms import (
    YES,
    AnswerForForm,
    AnswerForm,
    MoveNightForm,
    OpenPlannedForm,
    WithdrawNightForm,
)
from series.web.forms import submit

DIRECT = Access.DIRECT


def _night_url(club, night_id) -> str:
    return reverse("nights:night", kwargs={"slug": club.slug, "night_id": night_id})


def _forms(night, club, data=None, action=None) -> dict:
    active = Player.objects.filter(club=club).exclude(roster__retired=True)
    players = sorted(active.only("id", "name"), key=lambda p: (p.name.casefold(), p.id))
    makers = {
        "open": lambda d: OpenPlannedForm(d, sizes=selectors.game_table_sizes(club)),
        "move": lambda d: MoveNightForm(
            d,
            version=night.version,
            initial={"date": night.date, "time": night.plan.time, "venue": night.plan.venue},
        ),
        "withdraw": lambda d: WithdrawNightForm(d, version=night.version),
        "answer_for": lambda d: AnswerForForm(d, players=players),
    }
    return {name: make(data if name == action else None) for name, make in makers.items()}


def _write(action: str, night, club, data: dict, user, form):
    by = {"actor_id": user.id, "idempotency_key": data.get("idempotency_key") or None}
    match action:
        case "open":
            return planning.night_open(
                club=club,
                planned=night.id,
                expected_version=night.version,
                scoring=data["scoring"],
                points_table=data["points_table"]
                if "points_table" in scorings.get(data["scoring"]).options
                else None,
                min_table=data["min_table"],
                max_table=data["max_table"],
                **by,
            )
        case "move":
            return planning.night_move(
                night_id=night.id,
                date=data["date"],
                time=data["time"],
                venue=data["venue"],
                expected_version=data.get("expected_version"),
                **by,
            )
        case "withdraw":
            return planning.night_withdraw(
                night_id=night.id,
                reason=data["reason"],
                expected_version=data.get("expected_version"),
                **by,
            )
        case "answer_for":
            return planning.night_answer(
                night_id=night.id, player=data["player"], coming=data["answer"] == YES, **by
            )
    raise ValueError(action)


DONE = {
    "open": gettext_lazy("The night is open: check in who came."),
    "move": gettext_lazy("The night is moved: calendars show the new date."),
    "withdraw": gettext_lazy("The night is withdrawn: calendars show it as cancelled."),
    "answer_for": gettext_lazy("The answer is recorded."),
}


def planned_page(request, club, night):
    """The page of a night planned ahead (or withdrawn), in the club's time zone:
    called by the night's page (``views.night_page``) before it opens."""
    action = request.POST.get("action") if request.method == "POST" else None
    if action is not None:
        refused = refuse_access(request, club, DIRECT)
        if refused is not None:
            return refused
    directs = allows(getattr(request, "club_role", None), club, DIRECT)
    forms = _forms(night, club, request.POST, action) if directs else {}
    if action in DONE and action in forms:
        form = forms[action]
        names = {line.id: line.name for line in night.plan.coming + night.plan.not_coming}
        if submit(
            form,
            lambda data: _write(action, night, club, data, request.user, form),
            names=names,
            changed=_("The night changed while this page was open: check it, then send again."),
        ):
            messages.success(request, str(DONE[action]))
            return redirect(_night_url(club, night.id))
    member = allows(getattr(request, "club_role", None), club, Access.MEMBER)
    player = (
        planning.own_player(club.id, request.user.id) if request.user.is_authenticated else None
    )
    low, high = _sizes(request)
    context = {
        "club": club,
        "night": night,
        "plan": night.plan,
        "day": pages_data.night_day(night),
        "directs": directs,
        "forms": forms,
        "member": member,
        "player": player,
        "answer": night.plan.answer_of(player),
        "answer_form": AnswerForm(initial={"next": _night_url(club, night.id)}),
        "tables": planned.tables_for(len(night.plan.coming), club, low, high),
        "today": planning.club_today(club),
        "calendar_url": subscribe_link(calendar_link(request, club)),
    }
    status = 422 if action and any(f.errors for f in forms.values()) else 200
    return render(request, "nights/planned.html", context, status=status)


def _sizes(request) -> tuple[int | None, int | None]:
    """The smallest and largest table a director asked to see the count made into
    (the rules say which sizes the game seats)."""
    try:
        low, high = int(request.GET.get("low", "")), int(request.GET.get("high", ""))
    except ValueError:
        return None, None
    return (low, high) if 1 <= low <= 99 and 1 <= high <= 99 else (None, None)


@login_required
@require_POST
def night_answer(request, slug: str, night_id: UUID):
    """A member's one tap: "I'm coming" (or not), from the night's page or the
    club's card on their home; back where they tapped."""
    club = selectors.night_club(night_id)
    club = club if club is not None and club.slug == slug else None
    refused = refuse_access(request, club, Access.MEMBER)
    if refused is not None:
        return refused
    form = AnswerForm(request.POST)
    back = request.POST.get("next") or ""
    if not url_has_allowed_host_and_scheme(back, {request.get_host()}, request.is_secure()):
        back = _night_url(club, night_id)
    own = Player.objects.filter(club=club, user=request.user).values_list("id", "name")
    if submit(
        form,
        lambda data: planning.night_answer_own(
            night_id=night_id,
            coming=data["answer"] == YES,
            **form.recording(request, versioned=False),
        ),
        names=dict(own),  # a refusal names the member's player, not its number
    ):
        coming = form.cleaned_data["answer"] == YES
        messages.success(
            request,
            _("You are coming: see you there.") if coming else _("Thank you: you are not coming."),
        )
        return redirect(back)
    for errors in form.errors.values():
        for error in errors:
            messages.error(request, error)
    return redirect(back)


# -- the calendar ---------------------------------------------------------------------------


@require_safe
def nights_calendar(request, slug: str):
    """The club's nights as an iCalendar feed: public for a public club, else
    with a member's key (a calendar app signs in to nothing) or for a member
    signed in."""
    club = club_selectors.club_by_slug(slug)
    if club is None:
        raise Http404
    key = request.GET.get("key")
    if not club.public and not (key and calendar.calendar_key_opens(key, club)):
        refused = refuse_access(request, club, Access.MEMBER)
        if refused is not None:
            return refused
    body = in_club_time(
        club,
        calendar.calendar_of,
        club,
        lambda night_id: request.build_absolute_uri(_night_url(club, night_id)),
    )
    response = HttpResponse(body, content_type="text/calendar; charset=utf-8")
    response["Content-Disposition"] = f'inline; filename="{club.slug}-nights.ics"'
    return response


def calendar_link(request, club) -> str | None:
    """The reader's address of the club's feed: the plain one for a public club, a
    member's own secret link for a private one (None for anyone else)."""
    url = reverse("nights:calendar", kwargs={"slug": club.slug})
    if club.public:
        return request.build_absolute_uri(url)
    if not allows(getattr(request, "club_role", None), club, Access.MEMBER):
        return None
    key = calendar.calendar_key(club, request.user)
    return request.build_absolute_uri(f"{url}?{urlencode({'key': key})}")


def subscribe_link(url: str | None) -> str | None:
    """The feed's address for a calendar app to subscribe to (webcal://): a tap on
    the https address only imports the nights once, and then follows no move."""
    return None if url is None else "webcal://" + url.split("://", 1)[1]


@require_POST
@club_page(Access.MEMBER)
def calendar_renew(request, club):
    """A member makes their calendar link anew: the old one stops working."""
    calendar.calendar_link_renew(club=club, user=request.user)
    messages.success(
        request, _("Your calendar link is new: add it to your calendar again, the old one stops.")
    )
    return redirect(f"{reverse('nights:list', kwargs={'slug': club.slug})}#calendar")
