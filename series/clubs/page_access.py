"""The pages' answer to the access policy's decision (``series.clubs.access``, which
alone decides who may do what): the page, a sign-in redirect, a 404 or a 403,
for the club pages, the league's and the series' (``series.sheets.page_access``)
alike. A page of a club is rendered in the club's time zone."""

from __future__ import annotations

from functools import wraps

from django.contrib.auth.views import redirect_to_login
from django.core.exceptions import PermissionDenied
from django.http import Http404
from django.shortcuts import render
from django.utils import timezone

from series.clubs import selectors as club_selectors
from series.clubs.access import ASK, Access, Decision, Table, decide


def missing(request):
    """A club or series that does not exist: for an anonymous visitor the same
    answer as a private one (the sign-in page), so nobody can tell them apart."""
    if not request.user.is_authenticated:
        return redirect_to_login(request.get_full_path())
    raise Http404


def refuse_access(
    request, club, access: Access, role: str | object | None = ASK, table: Table | None = None
):
    """None when the user may do ``access`` in ``club`` (their role is then
    ``request.club_role``); else a login redirect, a 404 or a 403. Not found is
    a sign-in page for an anonymous visitor, as for a missing club. At a night's
    ``table`` that is not the scorer's own, the 403 is a page that says where
    theirs is (so a phone's outbox shows the entry as refused, not recorded)."""
    verdict = decide(request.user, club, access, role, table)
    if verdict.own_table is not None:
        context = {"table": table, "own": verdict.own_table}
        return render(request, "sheets/not_your_table.html", context, status=403)
    match verdict.decision:
        case Decision.ALLOWED:
            request.club_role = verdict.role
            return None
        case Decision.NOT_FOUND:
            return missing(request)
        case Decision.SIGN_IN:
            return redirect_to_login(request.get_full_path())
        case Decision.FORBIDDEN:
            raise PermissionDenied


def in_club_time(club, view, *args, **kwargs):
    """Run ``view`` with dates and times shown in the club's time zone (the
    server's when the club chose none); the page is rendered inside it."""
    with timezone.override(club.time_zone or None):
        return view(*args, **kwargs)


def club_page(access: Access):
    """Load the club of the URL's slug for the view, after checking the user's access."""

    def decorate(view):
        @wraps(view)
        def page(request, slug: str, **kwargs):
            club = club_selectors.club_by_slug(slug)
            refused = refuse_access(request, club, access)
            if refused is not None:
                return refused
            return in_club_time(club, view, request, club, **kwargs)

        return page

    return decorate
