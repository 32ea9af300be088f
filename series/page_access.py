"""Who may open a page: the one place that decides between the page, a
sign-in redirect, a 404 and a 403, for the series' pages, the club pages and
the league's alike. A page of a club is rendered in the club's time zone."""

from __future__ import annotations

from functools import wraps
from uuid import UUID

from django.contrib.auth.views import redirect_to_login
from django.core.exceptions import PermissionDenied
from django.http import Http404
from django.utils import timezone

from . import selectors
from .api.permissions import Access, allows


def missing(request):
    """A club or series that does not exist: for an anonymous visitor the same
    answer as a private one (the sign-in page), so nobody can tell them apart."""
    if not request.user.is_authenticated:
        return redirect_to_login(request.get_full_path())
    raise Http404


def refuse_access(request, role: str | None, club, access: Access):
    """None when the user may do ``access`` in ``club``; else a login redirect,
    a 404 for a club they are not in, or a 403."""
    if allows(role, club, access):
        return None
    if not request.user.is_authenticated:
        return redirect_to_login(request.get_full_path())
    if role is None and not club.public:
        raise Http404
    raise PermissionDenied


def in_club_time(club, view, *args, **kwargs):
    """Run ``view`` with dates and times shown in the club's time zone (the
    server's when the club chose none); the page is rendered inside it."""
    with timezone.override(club.time_zone or None):
        return view(*args, **kwargs)


def series_page(access: Access):
    """Load the series' sheet for the view, after checking the user's access."""

    def decorate(view):
        @wraps(view)
        def page(request, series_id: UUID, **kwargs):
            sheet, role = selectors.series_sheet_and_role(series_id, request.user)
            if sheet is None:
                return missing(request)
            refused = refuse_access(request, role, sheet.club, access)
            if refused is not None:
                return refused
            request.club_role = role
            return in_club_time(sheet.club, view, request, sheet, **kwargs)

        return page

    return decorate


def club_page(access: Access):
    """Load the club of the URL's slug for the view, after checking the user's access."""

    def decorate(view):
        @wraps(view)
        def page(request, slug: str, **kwargs):
            club = selectors.club_by_slug(slug)
            if club is None:
                return missing(request)
            role = selectors.club_role(user=request.user, club=club)
            refused = refuse_access(request, role, club, access)
            if refused is not None:
                return refused
            request.club_role = role
            return in_club_time(club, view, request, club, **kwargs)

        return page

    return decorate
