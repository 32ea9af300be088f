"""HTML pages: thin functions, selector → render; form → service.

Club pages need membership (members read; scorers and admins record,
correct, void and start series); the claim checker and the live view are
open to anyone. A series of a club the user is not in answers 404.
"""

from __future__ import annotations

from django.contrib import messages
from django.http import Http404, HttpResponse, JsonResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from django.views.decorators.http import require_http_methods, require_safe

from series.clubs import selectors as club_selectors
from series.clubs.access import Access, Table, allows, own_table_elsewhere
from series.clubs.forms import rules_initial
from series.clubs.page_access import refuse_access
from series.clubs.rules_form import RulesForm
from series.domain.errors import DomainError
from series.domain.events import without_members
from series.domain.rules import Rules, rules_from
from series.domain.series import SeriesState
from series.domain.series.audit import changes as audit_changes
from series.domain.series.audit import scored as audit_scored
from series.eventstore import writer
from series.eventstore.mapper import from_payload
from series.sheets import live_links, selectors, services
from series.sheets.forms import (
    AbandonForm,
    CheckForm,
    CorrectionForm,
    DealForm,
    NewSeriesForm,
    VoidForm,
    at_version,
)
from series.sheets.page_access import series_page
from series.templatetags.cardtags import page_language
from series.web.conditional import watched
from series.web.forms import submit
from series.web.messages import render as error_message


def _can_score(request, club) -> bool:
    return allows(getattr(request, "club_role", None), club, Access.SCORE)


# -- new series ------------------------------------------------------------------


@require_http_methods(["GET", "POST"])
def series_new(request, slug: str):
    club = club_selectors.club_by_slug(slug)
    refused = refuse_access(request, club, Access.SCORE)
    if refused is not None:
        return refused
    players = selectors.new_series_players(club=club)
    form = NewSeriesForm(
        request.POST or None, club_players=players, initial=rules_initial(club.default_rules)
    )
    seated = None
    if request.method == "POST":
        # A new series' stream has no version yet: the start takes none.
        sent = submit(
            form,
            lambda data: services.series_start(
                club=club,
                players=form.seat_order(),
                first_dealer=data["first_dealer"],
                rules=data["preset"],
                options=form.options(),
                **form.recording(request, versioned=False),
            ),
            names={p.id: p.name for p in players},
        )
        if sent:
            return redirect("sheet", series_id=form.written.series_id)
        # RULES D-19: offer to open the table a player sits at.
        seated = selectors.seated_table(getattr(form, "refusal", None))
    context = {"club": club, "form": form, "seated": seated}
    with timezone.override(club.time_zone or None):
        return render(request, "sheets/series_new.html", context)


@require_safe
def rules_check(request):
    """Whether the rules chosen fit the table, before the new series is submitted."""
    form = RulesForm(request.GET)
    try:
        players = int(request.GET.get("players", ""))
    except ValueError:
        return JsonResponse({"ok": True, "message": ""})
    if not form.is_valid():
        return JsonResponse({"ok": True, "message": ""})
    try:
        rules_from(form.cleaned_data["preset"], form.options()).for_table(players)
    except DomainError as error:
        return JsonResponse({"ok": False, "message": error_message(error)})
    return JsonResponse({"ok": True, "message": ""})


# -- the score sheet --------------------------------------------------------------


@series_page(Access.READ)
def sheet(request, sheet):
    selectors.series_sheet_rows(sheet)
    can_score = _can_score(request, sheet.club)
    # Who disputed a deal is for members, as who recorded it is (the audit trail).
    members = allows(getattr(request, "club_role", None), sheet.club, Access.MEMBER)
    selectors.with_disputes(sheet, named=members)
    role = getattr(request, "club_role", None)
    own_table = own_table_elsewhere(request.user, role, Table(sheet.id, sheet.night))
    can_score = can_score and own_table is None
    context = {
        "sheet": sheet,
        "own_table": own_table,
        # RULES D-22: a closed night's table takes no correction, void or abandon.
        "closed_night": selectors.closed_night(sheet.id) if sheet.night else None,
        "can_score": can_score,
        "can_record": can_score and sheet.status in selectors.OPEN_STATUSES,
        "can_confirm": allows(getattr(request, "club_role", None), sheet.club, Access.MEMBER),
        "live_url": live_links.url_for(request, live_links.key_for(sheet, request.user)),
    }
    return render(request, "sheets/sheet.html", context)


@series_page(Access.READ)
def sheet_print(request, sheet):
    selectors.series_sheet_rows(sheet)
    return render(request, "sheets/sheet_print.html", {"sheet": sheet})


@require_http_methods(["GET", "POST"])
@series_page(Access.SCORE)
def live_link_new(request, sheet):
    """Revoke the series' live link and make a new one (scorers and admins), once confirmed."""
    if request.method == "POST":
        live_links.live_link_renew(sheet=sheet, user=request.user)
        messages.success(request, _("The old live link no longer works. Share the new one below."))
        return redirect(reverse("sheet", args=[sheet.id]) + "#share-title")
    return render(request, "sheets/live_link_new.html", {"sheet": sheet})


def _live_versions(request, token: str):
    """What the live view shows that can change (``conditional.watched``)."""
    return live_links.watched_opened(token)


@require_safe
@watched(_live_versions)
def live(request, token: str):
    sheet = live_links.sheet_opened(token)
    if sheet is None and live_links.parse(token) is not None:  # ours, but no longer opens
        return render(request, "sheets/live_gone.html", status=410)
    if sheet is None:
        raise Http404
    selectors.with_disputes(selectors.series_sheet_rows(sheet), named=False)
    context = {"sheet": sheet, "token": token, "live_url": request.build_absolute_uri()}
    return render(request, "sheets/live.html", context)


@require_safe
@watched(_live_versions)
def live_fragment(request, token: str):
    """The sheet as an HTML fragment; 304 when ``If-None-Match`` holds its ETag
    (204 when ``?version=`` names its version, for pages loaded before ETags)."""
    version = live_links.version_opened(token)
    if version is None and live_links.parse(token) is not None:
        return HttpResponse(status=410)  # the page, reloaded, says the link no longer works
    if version is None:
        raise Http404
    if str(version) == request.GET.get("version"):
        return HttpResponse(status=204)
    sheet = live_links.sheet_opened(token)
    if sheet is None:
        raise Http404
    selectors.series_sheet_rows(sheet)
    selectors.with_disputes(sheet, named=False)  # spectators see why, not who
    response = render(request, "sheets/_sheet.html", {"sheet": sheet, "live": True})
    response["X-Sheet-Version"] = str(sheet.version)
    return response


# -- recording, correcting and voiding deals ------------------------------------------


def _names(state: SeriesState) -> dict[int, str]:
    return selectors.player_names(club_id=state.setup.club, ids=state.setup.players)


def _deal_page(request, sheet, state: SeriesState, form, template: str, **extra):
    rules = state.setup.rules
    context = {
        "sheet": sheet,
        "state": state,
        "form": form,
        "names": form.names,
        "pack": rules.pack,
        # What each hand's points may be, by the buys entered (RULES §4): the
        # keypad checks them as typed and moves on when no digit fits.
        "points_limits": rules.points_limits(),
        "cards_limits": rules.cards_limits(),
        **extra,
    }
    return render(request, template, context)


# What a deal's page says when the sheet moved on while its entry was typed
# (with which deal another phone recorded, by whom, and the totals now: _moved_on_news).
_SHEET_CHANGED = gettext_lazy(
    "The score sheet changed while this deal was being entered "
    "(another phone recorded something). Check the totals above: "
    "if this deal is already on the sheet, do not send it again. "
    "The entry is kept below."
)


_ANOTHER_PHONE = gettext_lazy(
    "The score sheet changed while this deal was being entered: your entry is "
    "kept, and what changed is said above the button."
)


@series_page(Access.SCORE)
@require_http_methods(["GET", "POST"])
def deal_new(request, sheet):
    state = selectors.series_state(sheet)
    if not state.is_open and request.method == "GET":
        messages.info(request, _("This series is over: no more deals."))
        return redirect("sheet", series_id=sheet.id)
    names = _names(state)
    # An entry sent to a series that ended meanwhile (a phone's outbox) goes to the
    # writer all the same: a retry of the deal that ended it is found and answered
    # as recorded; any other is refused, and says so, instead of a quiet redirect.
    players = state.next_players if state.is_open else state.setup.players
    if request.method == "POST" and request.POST.get("expected_version") != str(state.version):
        # The sheet moved on since the form was shown: perhaps by this very entry,
        # its answer lost. Its form is then the one it was filled in on (the next
        # deal may seat only the tied players, or not the one knocked out), so the
        # writer finds the first result and the page answers "already recorded".
        sent = DealForm.sent(request)
        key = writer.scoped_key(sent["actor_id"], sent["idempotency_key"])
        before = selectors.state_before_key(sheet.id, key)
        if before is not None:
            players = before.next_players
    form = DealForm(
        request.POST or None,
        players=players,
        names=names,
        rules=state.setup.rules,
        language=page_language(),
        initial={"expected_version": state.version},
    )
    # The same hands as the last deal, sent for the next one, are asked about
    # first; a retry (sent at an earlier version) goes to the writer as ever.
    ask = form.is_bound and form.is_valid() and not form.cleaned_data["same_again"]
    as_next = form.is_bound and form.is_valid() and form.sent_as_next(state.version)
    if as_next:
        # Shown the deal another phone recorded first, the scorer sends this
        # entry as the next one: at the version the page showed.
        form.cleaned_data["expected_version"] = state.version
    ask = ask and form.cleaned_data["expected_version"] == state.version and not as_next
    if ask and (number := state.repeated_deal(form.entry)):
        form.ask_same_again(number)
    elif request.method == "POST" and form.is_valid():
        sent = submit(
            form,
            lambda data: services.deal_record(
                series_id=sheet.id,
                entry=form.entry,
                needs_confirmation=sheet.club.deals_need_confirmation,
                **form.recording(request),
            ),
            request=request,
            names=names,
            changed=_ANOTHER_PHONE,
            at_version=lambda stale, version: _moved_on(sheet, stale, version),
        )
        if sent:
            return redirect("sheet", series_id=sheet.id)
        form = sent.form
        if form["expected_version"].value() != str(state.version):
            # The sheet moved on (another phone): the page shows the deal this
            # entry would now be, with the totals as they stand, so that the
            # same hands are not recorded again as the next deal unseen.
            sheet = selectors.series_sheet(sheet.id)
            state = selectors.series_state(sheet)
    return _deal_page(
        request,
        sheet,
        state,
        form,
        "sheets/deal_form.html",
        number=state.next_number,
        dealer=names.get(state.next_dealer),
        totals=state.totals,
        moved_on=_moved_on_news(sheet, state, form, names),
    )


def _moved_on(sheet, form, version: int):
    """The entry after a write that found the sheet moved on: when another phone
    recorded a deal meanwhile, kept at its own version with the box that sends
    it as the next deal (``DealForm.moved_on``); else (a confirmation, say) at
    the sheet's version, since it is the same deal still."""
    sent_at = form["expected_version"].value()
    if str(sent_at).isdigit() and selectors.deals_recorded_since(sheet.id, int(sent_at)):
        return form.moved_on(version)
    return form.at_version(version)


def _moved_on_news(sheet, state: SeriesState, form, names) -> dict | None:
    """What the page says once another phone recorded a deal first: which deal,
    by whom, the totals now, and whether this entry repeats it."""
    if not (form.is_bound and str(form["moved_on_to"].value() or "").isdigit()):
        return None
    sent_at = form["expected_version"].value()
    recorded = selectors.deals_recorded_since(sheet.id, int(sent_at)) if sent_at else []
    if not recorded:
        return None
    entry = form.entry  # read when the form was bound again; its only error is the news
    return {
        "deals": recorded,
        "totals": [(names.get(p), state.totals.get(p, 0)) for p in state.setup.players],
        "next": state.next_number,
        "same_as": entry is not None and state.repeated_deal(entry),
    }


def _recorded_deal(state: SeriesState, number: int):
    try:
        return state.deal(number)
    except DomainError:
        raise Http404 from None


@series_page(Access.SCORE)
@require_http_methods(["GET", "POST"])
def deal_correct(request, sheet, number: int):
    state = selectors.series_state(sheet)
    deal = _recorded_deal(state, number)
    names = _names(state)
    initial = DealForm.initial_from(deal.entry, page_language())
    form = CorrectionForm(
        request.POST or None,
        players=deal.players or state.setup.players,
        names=names,
        rules=state.setup.rules,
        language=page_language(),
        initial={**initial, "expected_version": state.version},
    )
    if request.method == "POST" and form.is_valid():
        sent = submit(
            form,
            lambda data: services.deal_correct(
                series_id=sheet.id,
                number=number,
                entry=form.entry,
                reason=data["reason"],
                needs_confirmation=sheet.club.deals_need_confirmation,
                **form.recording(request),
            ),
            request=request,
            names=names,
            changed=_SHEET_CHANGED,
            at_version=CorrectionForm.at_version,
            done=(messages.SUCCESS, _("Deal %(number)s was corrected.") % {"number": number}),
        )
        if sent:
            return redirect("sheet", series_id=sheet.id)
        form = sent.form
    return _deal_page(
        request,
        sheet,
        state,
        form,
        "sheets/deal_correct.html",
        deal=deal,
        number=number,
        dealer=names.get(deal.dealer),
        dispute=selectors.standing_dispute(sheet, deal),
    )


@series_page(Access.SCORE)
@require_http_methods(["GET", "POST"])
def deal_void(request, sheet, number: int):
    state = selectors.series_state(sheet)
    deal = _recorded_deal(state, number)
    names = _names(state)
    form = VoidForm(request.POST or None, initial={"expected_version": state.version})
    if request.method == "POST" and form.is_valid():
        sent = submit(
            form,
            lambda data: services.deal_void(
                series_id=sheet.id,
                number=number,
                reason=data["reason"],
                **form.recording(request),
            ),
            request=request,
            names=names,
            changed=_("The score sheet changed meanwhile: check it and try again."),
            at_version=at_version,
            done=(messages.SUCCESS, _("Deal %(number)s is void.") % {"number": number}),
        )
        if sent:
            return redirect("sheet", series_id=sheet.id)
        form = sent.form
    context = {
        "sheet": sheet,
        "form": form,
        "deal": deal,
        "number": number,
        "dealer": names.get(deal.dealer),
    }
    return render(request, "sheets/deal_void.html", context)


@series_page(Access.SCORE)
@require_http_methods(["GET", "POST"])
def series_abandon(request, sheet):
    """Scrap a series that is still open (one started by mistake), with a reason
    that the audit trail shows; its players may then sit at another table."""
    if sheet.status not in selectors.OPEN_STATUSES and request.method == "GET":
        messages.info(request, _("This series is over: it cannot be abandoned."))
        return redirect("sheet", series_id=sheet.id)
    form = AbandonForm(request.POST or None, initial={"expected_version": sheet.version})
    if request.method == "POST":
        sent = submit(
            form,
            lambda data: services.series_abandon(
                series_id=sheet.id, reason=data["reason"], **form.recording(request)
            ),
            changed=_("The score sheet changed meanwhile: check it and try again."),
            at_version=at_version,
        )
        if sent:  # a retry of an abandon already recorded is told the same
            messages.success(request, _("The series is abandoned."))
            return redirect("sheet", series_id=sheet.id)
        form = sent.form
    selectors.series_sheet_rows(sheet)
    return render(request, "sheets/series_abandon.html", {"sheet": sheet, "form": form})


@series_page(Access.SCORE)
@require_safe
def deal_check(request, sheet):
    """The winner's groups checked live under the series' rules: a verdict fragment."""
    form = CheckForm(request.GET, language=page_language(), rules=Rules.from_dict(sheet.rules))
    verdict = form.verdict() if form.is_valid() else None
    return render(
        request, "sheets/_verdict.html", {"form": form, "verdict": verdict, "compact": True}
    )


# -- the audit trail and the claim checker ----------------------------------------------


@series_page(Access.READ)
def audit(request, sheet):
    stored = selectors.series_events(sheet.id)
    names = dict(selectors.player_names(club_id=sheet.club_id, ids=_event_players(stored)))
    decoded = audit_scored(
        from_payload(row.type, row.payload, row.schema_version) for row in stored
    )
    # A public club's audit trail is public; who recorded, confirmed or disputed
    # each fact is for members.
    members = allows(getattr(request, "club_role", None), sheet.club, Access.MEMBER)
    shown = decoded if members else [without_members(event) for event in decoded]
    events = [
        {"row": row, "event": event, "change": change}
        for row, event, change in zip(stored, shown, audit_changes(decoded), strict=True)
    ]
    named = {row.payload["user"] for row in stored if "user" in row.payload} if members else ()
    users = selectors.people_names(named) if named else {}
    context = {
        "sheet": sheet,
        "events": events,
        "names": names,
        "users": users,
        "show_recorders": members,
    }
    return render(request, "sheets/audit.html", context)


def _event_players(stored) -> set[int]:
    """Every player id the log's payloads name (the first event seats them all)."""
    return {player for row in stored[:1] for player in row.payload.get("players", [])}


@require_safe
def checker(request):
    form = CheckForm(request.GET if request.GET else None, language=page_language())
    verdict = form.verdict() if form.is_bound and form.is_valid() else None
    return render(request, "sheets/checker.html", {"form": form, "verdict": verdict})
