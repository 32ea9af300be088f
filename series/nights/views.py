"""A club night's pages: the list of nights, the director's page (check-in,
the draw, moves before a table starts, the ranking), the table cards, the big
screen and the players' own check-in. Thin: a form is handed to a service
(``series.nights.services``), a page reads the night's selectors."""

from __future__ import annotations

from urllib.parse import urlencode
from uuid import UUID

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied
from django.http import Http404, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from django.views.decorators.http import require_http_methods, require_safe

from series.clubs.access import Access, allows
from series.clubs.page_access import club_page, in_club_time, refuse_access
from series.domain.names import sort_key
from series.domain.nights import scoring as scorings
from series.nights import (
    pages_data,
    plan_views,
    planned,
    planning,
    screen_links,
    selectors,
    services,
)
from series.nights.forms import (
    CheckInForm,
    DrawForm,
    GuestForm,
    MoveForm,
    NightWrite,
    PlayerForm,
    ReopenForm,
    RoundForm,
    TableResultForm,
)
from series.nights.plan_forms import PlannedNightForm
from series.sheets import selectors as sheet_selectors
from series.web.conditional import watched
from series.web.forms import Submission, submit

DIRECT = Access.DIRECT  # admins and scorers direct a night


def _directs(request, club) -> bool:
    return allows(getattr(request, "club_role", None), club, DIRECT)


def _night_of(club, night_id: UUID):
    """The night's page data, when the night is the club's; else 404."""
    night = selectors.night_page(night_id)
    if night is None or night.club_id != club.id:
        raise Http404
    return night


# -- the club's nights -----------------------------------------------------------------


@require_http_methods(["GET", "POST"])
@club_page(Access.READ)
def nights_list(request, club):
    form = PlannedNightForm(request.POST or None, sizes=selectors.game_table_sizes(club))
    if request.method == "POST":
        refused = refuse_access(request, club, DIRECT)
        if refused is not None:
            return refused
        if _submit(
            form, lambda data: _night_new(club, data, form.recording(request, versioned=False))
        ):
            return redirect("nights:night", slug=club.slug, night_id=form.written.night_id)
    calendar_url = plan_views.calendar_link(request, club)
    context = {
        "club": club,
        "nights": selectors.night_summaries(club),
        "planned": planned.planned_nights([club], request.user, from_today=False, withdrawn=True),
        "form": form,
        "directs": _directs(request, club),
        "calendar_url": calendar_url,
        "subscribe_url": plan_views.subscribe_link(calendar_url),
    }
    return render(request, "nights/list.html", context, status=422 if form.errors else 200)


def _night_new(club, data: dict, recording: dict):
    """Open the night today, or plan it for a later date (its ranking and table
    sizes are then chosen when it opens); ``recording``: the form's, with no
    version (the night is a new stream)."""
    ahead = data["date"] is not None and data["date"] > services.club_today(club)
    opening = {
        "scoring": data["scoring"],
        "points_table": data["points_table"]
        if "points_table" in scorings.get(data["scoring"]).options
        else None,
        "min_table": data["min_table"],
        "max_table": data["max_table"],
    }
    return planning.night_new(
        club=club,
        date=data["date"],
        time=data["time"] or None,
        venue=data["venue"] or None,
        opening={} if ahead else opening,
        **recording,
    )


# -- the director's page ------------------------------------------------------------------


def _forms(night, checkable, data=None, action=None, *, final: bool = False) -> dict:
    """Every form of the night's page at the night's version; ``action``'s bound to ``data``."""
    current = night.rounds[-1] if night.rounds else None
    tables = current.tables if current is not None and not current.closed else ()
    seated = [seat for table in tables for seat in table.seats]
    movable = [seat for table in tables if table.status == "drawn" for seat in table.seats]
    joinable = [table for table in tables if table.seats_late_arrivals]
    makers = {
        "check_in": lambda d: CheckInForm(d, players=checkable, version=night.version),
        "guest": lambda d: GuestForm(d, version=night.version),
        # one per present player: its hidden fields carry no id
        "check_out": lambda d: PlayerForm(d, version=night.version, auto_id=False),
        "draw": lambda d: DrawForm(
            d,
            first_round=not night.rounds,
            final=final,
            sizes=(night.min_table, night.max_table),
            version=night.version,
        ),
        # Seated players move before their table starts; a player not seated yet
        # joins a table until its first deal (RULES D-22).
        # Each group in the order a reader scans names (Íñigo before Willem).
        "move": lambda d: MoveForm(
            d,
            players=[pages_data.Named(s.player, s.name) for s in _by_name(movable)]
            + [
                pages_data.Named(line.id, _("%(name)s (not seated yet)") % {"name": line.name})
                for line in _by_name(night.present)
                if line.id not in {s.player for s in seated}
            ],
            # a late arrival has no seat to swap: only the seated are partners
            partners=[pages_data.Named(s.player, s.name) for s in _by_name(movable)],
            tables=[t.number for t in joinable],
            version=night.version,
        ),
        "start": lambda d: NightWrite(d, version=night.version),
        "round_close": lambda d: NightWrite(d, version=night.version),
        "round_withdraw": lambda d: RoundForm(
            d, initial={"round_number": current.number if current else 1}, version=night.version
        ),
        "close": lambda d: NightWrite(d, version=night.version),
        "screen_revoke": lambda d: NightWrite(d, version=night.version),
        "result": lambda d: _result_form(night, d),
    }
    forms = {name: make(data if name == action else None) for name, make in makers.items()}
    for name, form in forms.items():
        _own_hidden_ids(name, form)
    return forms


def _by_name(lines) -> list:
    """Seats or players, by their names as a reader scans them."""
    return sorted(lines, key=lambda line: sort_key(line.name))


def _own_hidden_ids(name: str, form) -> None:
    """The page holds many forms: each one's hidden fields take ids of their own
    (``id_start_expected_version``), so no id repeats."""
    if not form.auto_id:
        return
    for field_name, field in form.fields.items():
        if field.widget.is_hidden:
            field.widget.attrs["id"] = f"id_{name}_{field_name}"


def _posted_table(data) -> tuple[int, int]:
    """The round and table a result form names (0, 0 when it names none)."""
    try:
        return int(data.get("round_number", 0)), int(data.get("table_number", 0))
    except (TypeError, ValueError):
        return 0, 0


def _result_form(night, data) -> TableResultForm:
    """The result form of the table ``data`` names, whatever its status (the
    service says why a table takes no result); unbound and empty without data."""
    round_number, number = _posted_table(data) if data is not None else (0, 0)
    table = next(
        (
            t
            for r in night.rounds
            if r.number == round_number
            for t in r.tables
            if t.number == number
        ),
        None,
    )
    return TableResultForm(data, round_number=round_number, table=table, version=night.version)


def _result_forms(night, posted: TableResultForm | None) -> dict[tuple[int, int], TableResultForm]:
    """A result form for each abandoned table of the night (RULES D-18), by round
    and table; the one sent (``posted``), with its errors, in its table's place
    (a table that takes no result shows why)."""
    found = {
        (r.number, t.number): TableResultForm(round_number=r.number, table=t, version=night.version)
        for r in night.rounds
        for t in r.tables
        if t.status == "abandoned"
    }
    if posted is not None and posted.is_bound:
        found[_posted_table(posted.data)] = posted
    return found


def _write(action: str, night_id: UUID, data: dict, by: dict, user=None):
    """Hand the ``action``'s form data to its service; ``by``: who, key and version."""
    match action:
        case "check_in":
            return services.night_check_in(night_id=night_id, players=data["players"], **by)
        case "guest":
            return services.night_guest_add(night_id=night_id, name=data["name"], **by)
        case "check_out":
            return services.night_check_out(night_id=night_id, player=data["player"], **by)
        case "draw":
            return services.night_round_draw(
                night_id=night_id,
                min_table=data["min_table"],
                max_table=data["max_table"],
                method=data["method"],
                **by,
            )
        case "move" if data.get("table") is not None:
            return services.night_player_move(
                night_id=night_id, player=data["player"], table=data["table"], **by
            )
        case "move":
            return services.night_players_swap(
                night_id=night_id, player=data["player"], other=data["other"], **by
            )
        case "start":
            return services.night_tables_start(night_id=night_id, **by)
        case "round_close":
            return services.night_round_close(night_id=night_id, **by)
        case "round_withdraw":
            return services.night_round_withdraw(
                night_id=night_id, round_number=data["round_number"], **by
            )
        case "close":
            return services.night_close(night_id=night_id, **by)
        case "result":
            return services.night_table_result(
                night_id=night_id,
                round_number=data["round_number"],
                table=data["table_number"],
                order=data["order"],
                **by,
            )
        case "screen_revoke":
            return screen_links.screen_link_revoke(night_id=night_id, user=user)
    raise ValueError(action)


# Where the page opens after a form, by its action: the form used when refused
# (its ``action`` attribute's fragment), what follows it when done (the
# redirect's), so the eye and the keyboard's next Tab stay where the director was.
REFUSED_AT = {
    "check_in": "check-in",
    "guest": "guest",
    "check_out": "check-in",
    "draw": "draw",
    "move": "move",
    "start": "round-actions",
    "round_close": "round-actions",
    "round_withdraw": "round-actions",
    "close": "close",
    "screen_revoke": "screen-link",
}
DONE_AT = {
    "check_in": "check-in",
    "guest": "check-in",
    "check_out": "check-in",
    "draw": "round",
    "move": "round",
    "start": "round",
    "round_close": "draw",
    "round_withdraw": "draw",
    "close": "ranking",
    "result": "round",
    "screen_revoke": "screen-link",
}

DONE = {
    "check_in": gettext_lazy("Checked in."),
    "guest": gettext_lazy("The guest is checked in."),
    "check_out": gettext_lazy("Checked out: they keep the rounds they played."),
    "draw": gettext_lazy("The tables are drawn."),
    "move": gettext_lazy("The seats are changed."),
    "start": gettext_lazy("The tables' score sheets are open: each table records its deals."),
    "round_close": gettext_lazy("The round is closed."),
    "round_withdraw": gettext_lazy(
        "The round is withdrawn: its players are free to be drawn again."
    ),
    "close": gettext_lazy("The night is closed: its points are recorded."),
    "result": gettext_lazy("The table's result is entered: its players count in the ranking."),
    "screen_revoke": gettext_lazy(
        "The big screen's link is new: the links shown before no longer open it."
    ),
}


@require_http_methods(["GET", "POST"])
@club_page(Access.READ)
def night_page(request, club, night_id: UUID):
    night = _night_of(club, night_id)
    if night.planned:  # planned ahead, not open yet (or withdrawn)
        return plan_views.planned_page(request, club, night)
    action = request.POST.get("action") if request.method == "POST" else None
    if action is not None:
        refused = refuse_access(request, club, DIRECT)
        if refused is not None:
            return refused
    directs = _directs(request, club) or action is not None
    checkable = selectors.checkable_players(night) if directs and not night.closed else []
    # RULES D-24: the championship it counts for; its final is drawn by the championship.
    championship, championship_final = selectors.counts_for(night.id)
    final = championship is not None and championship.final
    forms = _forms(night, checkable, request.POST, action, final=final)
    if action in DONE:
        form = forms[action]
        write = lambda data: _write(  # noqa: E731
            action, night.id, data, form.recording(request), request.user
        )
        if _submit(form, write, night, checkable):
            messages.success(request, str(DONE[action]))
            url = reverse("nights:night", kwargs={"slug": club.slug, "night_id": night.id})
            return redirect(f"{url}#{DONE_AT[action]}")
        night = _night_of(club, night_id)  # as it is now, after a refusal or a change elsewhere
        form.data = form.data.copy()  # sent again, it writes on the night as shown now
        form.data["expected_version"] = night.version
    results = _result_forms(night, forms["result"]) if directs and not night.closed else {}
    current = night.rounds[-1] if night.rounds else None
    context = {
        "club": club,
        "night": night,
        "day": pages_data.night_day(night),
        "of_the_day": selectors.night_of_the_day(night),
        "forms": forms,
        # the tables' sheets are offered while a table waits for its start
        "unstarted": current is not None and any(t.status == "drawn" for t in current.tables),
        "tables": [(t, results.get((current.number, t.number))) for t in current.tables]
        if current
        else [],
        "earlier_results": [
            (r.number, t, results[(r.number, t.number)])
            for r in night.rounds[:-1]
            for t in r.tables
            if (r.number, t.number) in results
        ],
        "directs": directs,
        "join_url": request.build_absolute_uri(
            reverse("nights:join", kwargs={"slug": club.slug, "night_id": night.id})
        ),
        "screen_url": _screen_link(request, club, night.id) if directs else None,
        "draw_example": pages_data.draw_example(night, forms["draw"]),
        "refused": forms[action].errors if action in DONE else None,
        # RULES D-19: a player seated at another open table: that table, linked
        "seated": sheet_selectors.seated_table(getattr(forms[action], "refusal", None))
        if action in DONE
        else None,
        "refused_at": REFUSED_AT.get(action, "round"),
        # a round drawn and none of its tables started can be withdrawn
        "withdrawable": current is not None
        and not current.closed
        and all(t.status == "drawn" for t in current.tables),
        # RULES D-22: every close and reopening, with who (for members) and why.
        "history": selectors.closes_and_reopenings(night.id) if night.closes else [],
        "show_who": allows(getattr(request, "club_role", None), club, Access.MEMBER),
        "championship": championship,
        "championship_final": championship_final,
        "coming_to_check": planned.coming_to_check(night, checkable),
    }
    return render(request, "nights/night.html", context, status=422 if action else 200)


CLOSING = {"round": "round_close", "night": "close"}


@require_safe
@club_page(DIRECT)
def night_close_confirm(request, club, night_id: UUID, what: str):
    """The step before closing the round or the night: what it does, the button
    that does it (a form to the night's page) and the way back."""
    night = _night_of(club, night_id)
    if what not in CLOSING or night.closed or not night.rounds:
        raise Http404
    context = {
        "club": club,
        "night": night,
        "day": pages_data.night_day(night),
        "of_the_day": selectors.night_of_the_day(night),
        "what": what,
        "action": CLOSING[what],
        "form": NightWrite(version=night.version),
        "unfinished": [t for t in night.rounds[-1].tables if t.status == "playing"],
        "refused_at": REFUSED_AT[CLOSING[what]],
    }
    return render(request, "nights/close.html", context)


@require_http_methods(["GET", "POST"])
@club_page(DIRECT)
def night_reopen(request, club, night_id: UUID):
    """The step that confirms a reopening (RULES D-22): the night's director or a
    club admin says why, and the night takes changes to its result again."""
    night = _night_of(club, night_id)
    form = ReopenForm(request.POST or None, version=night.version)
    if request.method == "POST" and _submit(
        form,
        lambda data: services.night_reopen(
            night_id=night.id, reason=data["reason"], **form.recording(request)
        ),
        night,
    ):
        messages.success(
            request,
            _(
                "The night is reopened: its tables take corrections again. The league keeps "
                "its last close until you close it again."
            ),
        )
        return redirect("nights:night", slug=club.slug, night_id=night.id)
    if not night.closed and request.method == "GET":
        messages.info(request, _("The night is open: only a closed night is reopened."))
        return redirect("nights:night", slug=club.slug, night_id=night.id)
    context = {
        "club": club,
        "night": night,
        "day": pages_data.night_day(night),
        "of_the_day": selectors.night_of_the_day(night),
        "form": form,
    }
    return render(request, "nights/reopen.html", context, status=422 if form.errors else 200)


def _screen_link(request, club, night_id: UUID) -> str:
    """The big screen's address to open on a TV: with its revocable key for a private club."""
    url = reverse("nights:screen", kwargs={"slug": club.slug, "night_id": night_id})
    if not club.public:
        url = f"{url}?{urlencode({'key': screen_links.screen_link_token(night_id)})}"
    return request.build_absolute_uri(url)


NIGHT_CHANGED = gettext_lazy(
    "The night changed while this page was open (another director?): "
    "here it is as it is now; check it, then send again."
)


def _submit(form, write, night=None, others=()) -> Submission:
    """``submit`` with the night's players' names and those of ``others`` (the
    players being checked in), and its word for a night that changed while the
    page was open."""
    names = pages_data.names_of(night) if night is not None else None
    if names is not None:
        names.update((line.id, line.name) for line in others)
    return submit(form, write, names=names, changed=str(NIGHT_CHANGED))


# -- the table cards and paper sheets -----------------------------------------------------


@require_safe
@club_page(Access.READ)
def night_cards(request, club, night_id: UUID):
    """One A4 page per table of the current round: its card (number, seats, first
    dealer, a QR code to its score sheet) and a paper backup sheet."""
    night = _night_of(club, night_id)
    current = night.rounds[-1] if night.rounds else None
    cards = [
        pages_data.TableCard(
            table,
            request.build_absolute_uri(reverse("sheet", kwargs={"series_id": table.series}))
            if table.series
            else None,
        )
        for table in (current.tables if current else ())
    ]
    context = {
        "club": club,
        "night": night,
        "day": pages_data.night_day(night),
        "round": current,
        "cards": cards,
    }
    return render(request, "nights/cards.html", context)


# -- the night's report -------------------------------------------------------------------


@require_safe
@club_page(Access.READ)
def night_report(request, club, night_id: UUID):
    """The night on one printed page: its club, date and method, the ranking with
    each round's table, place and points, each table's final totals and the
    night's notable facts. Whoever may read the night's page may read it."""
    report = selectors.night_report(night_id)
    if report is None or report.night.club_id != club.id:
        raise Http404
    context = {
        "club": club,
        "night": report.night,
        "report": report,
        "day": pages_data.night_day(report.night),
        "of_the_day": selectors.night_of_the_day(report.night),
    }
    return render(request, "nights/report.html", context)


# -- the big screen -----------------------------------------------------------------------


def _screen_club(request, slug: str, night_id: UUID):
    """The night's club when this request may watch its screen: anyone for a
    public club, its members, or whoever holds the screen link a director showed
    (until revoked)."""
    club = selectors.night_club(night_id)
    club = club if club is not None and club.slug == slug else None
    key = request.GET.get("key")
    if club is not None and key and screen_links.screen_link_opens(key) == night_id:
        return club, None
    return club, refuse_access(request, club, Access.READ)


def _screen_versions(request, slug: str, night_id: UUID):
    """What the screen shows, for a request that may watch it; None otherwise (the
    view then refuses), so a 304 never tells a stranger that a private night exists."""
    shown = pages_data.screen_versions(night_id)
    if shown is None or shown[-1] != slug:
        return None
    if not shown[-2]:  # a private club: members, or the director's link
        try:
            _club, refused = _screen_club(request, slug, night_id)
        except PermissionDenied:
            return None
        if refused is not None:
            return None
    return shown


@require_safe
@watched(_screen_versions)
def night_screen(request, slug: str, night_id: UUID):
    return _screen(request, slug, night_id, "nights/screen.html")


@require_safe
@watched(_screen_versions)
def night_screen_fragment(request, slug: str, night_id: UUID):
    """The screen's changing part, which the screen fetches again as it changes."""
    return _screen(request, slug, night_id, "nights/_screen.html")


def _screen(request, slug: str, night_id: UUID, template: str) -> HttpResponse:
    """The big screen, whole or its fragment, for a request that may watch it."""
    club, refused = _screen_club(request, slug, night_id)
    key = request.GET.get("key")
    if refused is not None and key and screen_links.screen_link_replaced(key, night_id):
        # A link a director replaced: the screen says so (the fragment's 410 reloads it).
        if template == "nights/_screen.html":
            return HttpResponse(status=410)
        return render(request, "nights/screen_replaced.html", {"club": club}, status=410)
    if refused is not None:
        return refused
    return in_club_time(club, _render_screen, request, club, night_id, template)


def _render_screen(request, club, night_id, template: str) -> HttpResponse:
    night = selectors.screen_data(night_id)
    if night is None:
        raise Http404
    screen = pages_data.screen_of(night)
    fragment = reverse("nights:screen_fragment", kwargs={"slug": club.slug, "night_id": night_id})
    key = request.GET.get("key")
    report = reverse("nights:report", kwargs={"slug": club.slug, "night_id": night_id})
    context = {
        "club": club,
        "screen": screen,
        "fragment_url": f"{fragment}?{urlencode({'key': key})}" if key else fragment,
        # the report's address as a QR code once the night is over (a private
        # club's members sign in there: the screen's key opens the screen only)
        "report_url": request.build_absolute_uri(report) if night.closed else None,
    }
    return render(request, template, context)


# -- a player's own check-in (the night's QR code) ---------------------------------------


@login_required
@require_http_methods(["GET", "POST"])
def night_join(request, slug: str, night_id: UUID):
    club = selectors.night_club(night_id)
    club = club if club is not None and club.slug == slug else None
    refused = refuse_access(request, club, Access.MEMBER)
    night = selectors.night_page(night_id)
    if refused is not None:
        return refused
    form = NightWrite(request.POST if request.method == "POST" else None)
    if request.method == "POST" and _submit(
        form,
        lambda data: services.night_self_check_in(
            night_id=night_id, **form.recording(request, versioned=False)
        ),
    ):
        messages.success(request, _("You are checked in: the draw will give you a seat."))
        return redirect("nights:join", slug=slug, night_id=night_id)
    context = {
        "club": club,
        "night": night,
        "day": pages_data.night_day(night),
        "form": form,
        "tonight": selectors.tonight_for_user(request.user, club),
        "checked_in": selectors.checked_in(request.user, night),
    }
    return in_club_time(
        club, render, request, "nights/join.html", context, status=422 if form.errors else 200
    )
