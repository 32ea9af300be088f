"""A championship's pages: the club's championships (and opening one), and the
championship's own page, where its director attaches nights, makes the cut,
opens the final night and closes it, and everyone reads the standings. Thin: a
form is handed to a service (``services``), a page reads the ``selectors``."""

from __future__ import annotations

from uuid import UUID

from django.contrib import messages
from django.http import Http404
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils import formats
from django.utils.translation import gettext_lazy
from django.views.decorators.http import require_http_methods, require_safe

from series.clubs.access import Access, allows
from series.clubs.page_access import club_page, in_club_time, refuse_access
from series.nights import screen_links
from series.web.forms import submit

from . import selectors, services
from .forms import AddNightForm, ChampionshipWrite, CutForm, NewChampionshipForm, WithdrawForm

DIRECT = Access.DIRECT
CHANGED = gettext_lazy(
    "Someone changed the championship while the page was open: check it, then send again."
)


def _directs(request, club) -> bool:
    return allows(getattr(request, "club_role", None), club, DIRECT)


@require_http_methods(["GET", "POST"])
@club_page(Access.READ)
def championships_list(request, club):
    form = NewChampionshipForm(request.POST or None)
    if request.method == "POST":
        refused = refuse_access(request, club, DIRECT)
        if refused is not None:
            return refused
        if submit(
            form,
            lambda data: services.championship_open(
                club=club,
                name=data["name"],
                scoring=data["scoring"],
                qualifying_nights=data["qualifying_nights"],
                best=data["best"],
                final_size=data["final_size"],
                carry_over=data["carry_over"],
                **form.recording(request, versioned=False),
            ),
        ):
            return redirect(
                "championships:championship",
                slug=club.slug,
                championship_id=form.written.championship_id,
            )
    context = {
        "club": club,
        "championships": selectors.club_championships(club),
        "form": form,
        "directs": _directs(request, club),
    }
    return render(request, "championships/list.html", context, status=422 if form.errors else 200)


def _night_label(night) -> str:
    return formats.date_format(night.date, "DATE_FORMAT")


def _forms(page, club, data=None, action=None) -> dict:
    joinable = selectors.joinable_nights(club) if page.state == "qualifying" else []
    makers = {
        "open_night": lambda d: ChampionshipWrite(d, version=page.version),
        "add_night": lambda d: AddNightForm(
            d,
            nights=[(n.id, _night_label(n)) for n in joinable],
            version=page.version,
            auto_id="id_add_%s",
        ),
        "withdraw": lambda d: WithdrawForm(
            d,
            nights=[(n.id, _night_label(n)) for n in page.nights],
            version=page.version,
            auto_id="id_withdraw_%s",
        ),
        "cut": lambda d: CutForm(
            d, initial={"final_size": page.final_size}, version=page.version, auto_id="id_cut_%s"
        ),
        "open_final": lambda d: ChampionshipWrite(d, version=page.version),
        "close": lambda d: ChampionshipWrite(d, version=page.version),
    }
    forms = {name: make(data if name == action else None) for name, make in makers.items()}
    for name, form in forms.items():
        for field_name, field in form.fields.items():
            if field.widget.is_hidden:  # many forms on one page: ids of their own
                field.widget.attrs["id"] = f"id_{name}_{field_name}"
    return forms


def _write(action: str, page, data: dict, by: dict, club):
    """Hand the ``action``'s form data to its service; ``by``: who, key and version."""
    championship_id = page.id
    match action:
        case "open_night" | "open_final":  # the night's own stream: no version of ours
            return services.night_open_for_championship(
                club=club,
                championship_id=championship_id,
                final=action == "open_final",
                actor_id=by["actor_id"],
                idempotency_key=by["idempotency_key"],
            )
        case "add_night":
            return services.championship_night_add(
                championship_id=championship_id, night_id=UUID(data["night"]), **by
            )
        case "withdraw":
            return services.championship_night_withdraw(
                championship_id=championship_id,
                night_id=UUID(data["night"]),
                reason=data["reason"],
                **by,
            )
        case "cut":
            return services.championship_cut(
                championship_id=championship_id, final_size=data["final_size"], **by
            )
        case "close":
            return services.championship_close(championship_id=championship_id, **by)
    raise ValueError(action)


DONE = {
    "open_night": gettext_lazy("The night is open and counts for the championship."),
    "add_night": gettext_lazy("The night counts for the championship."),
    "withdraw": gettext_lazy("The night is withdrawn from the championship."),
    "cut": gettext_lazy("The cut is made: the finalists are named."),
    "open_final": gettext_lazy("The final night is open: check the finalists in and draw it."),
    "close": gettext_lazy("The championship is closed: its final ranking is recorded."),
}


@require_http_methods(["GET", "POST"])
@club_page(Access.READ)
def championship_page(request, club, championship_id: UUID):
    page = selectors.championship_page(championship_id)
    if page is None or page.club.id != club.id:
        raise Http404
    action = request.POST.get("action") if request.method == "POST" else None
    if action is not None:
        refused = refuse_access(request, club, DIRECT)
        if refused is not None:
            return refused
        if action not in DONE:
            raise Http404
    directs = _directs(request, club) or action is not None
    forms = _forms(page, club, request.POST, action) if directs else {}
    if action is not None:
        form = forms[action]
        write = lambda data: _write(  # noqa: E731
            action, page, data, form.recording(request), club
        )
        if submit(form, write, changed=str(CHANGED)):
            messages.success(request, str(DONE[action]))
            if action in ("open_night", "open_final"):
                return redirect("nights:night", slug=club.slug, night_id=form.written.night_id)
            url = reverse(
                "championships:championship",
                kwargs={"slug": club.slug, "championship_id": page.id},
            )
            return redirect(url)
        page = selectors.championship_page(championship_id)
        form.data = form.data.copy()
        form.data["expected_version"] = page.version
    context = {
        "club": club,
        "page": page,
        "forms": forms,
        "directs": directs,
        "refused": forms[action].errors if action else None,
        "night_dates": {n.id: n.date for n in page.nights},
        "screen_url": screen_url(request, club, page) if directs else None,
    }
    return render(
        request, "championships/championship.html", context, status=422 if action else 200
    )


# -- the big screen -----------------------------------------------------------------------


@require_safe
def championship_screen(request, slug: str, championship_id: UUID):
    return _screen(request, slug, championship_id, "championships/screen.html")


@require_safe
def championship_screen_fragment(request, slug: str, championship_id: UUID):
    """The screen's ranking, which the screen fetches again every few seconds."""
    return _screen(request, slug, championship_id, "championships/_screen.html")


def _screen(request, slug: str, championship_id: UUID, template: str):
    """The championship's big screen: anyone for a public club, its members, or
    whoever holds the screen link of its final night a director showed (revoked
    with the night's: ``nights.screen_links``)."""
    club = selectors.championship_club(championship_id)
    club = club if club is not None and club.slug == slug else None
    page = selectors.championship_page(championship_id) if club is not None else None
    key = request.GET.get("key")
    final = page.final.night if page is not None and page.final else None
    opened = key and final is not None and screen_links.screen_link_opens(key) == final
    if not opened:
        refused = refuse_access(request, club, Access.READ)
        if refused is not None:
            return refused
    fragment = reverse(
        "championships:screen_fragment",
        kwargs={"slug": club.slug, "championship_id": championship_id},
    )
    context = {
        "club": club,
        "page": page,
        "fragment_url": f"{fragment}?key={key}" if opened else fragment,
    }
    return in_club_time(club, render, request, template, context)


def screen_url(request, club, page) -> str:
    """The big screen's address a director shows: with its final night's link for a
    private club, so the screen opens without signing in."""
    url = reverse("championships:screen", kwargs={"slug": club.slug, "championship_id": page.id})
    if not club.public and page.final is not None:
        url += "?key=" + screen_links.screen_link_token(page.final.night)
    return request.build_absolute_uri(url)
