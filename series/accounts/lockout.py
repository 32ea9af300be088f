"""What a locked-out sign-in is told (django-axes, settings ``AXES_*``): 429
Too Many Requests with ``Retry-After``, the seconds until that user name may
try again from that address, on the sign-in page as in the API."""

from __future__ import annotations

import math

from axes.handlers.proxy import AxesProxyHandler
from axes.helpers import get_cool_off
from django.db.models import Max
from django.shortcuts import render
from django.utils import timezone
from django.utils.translation import ngettext


def retry_after(request, credentials: dict | None = None) -> int:
    """The seconds until the sign-in ``request`` refused is checked again: the
    cool-off counts from the last failed attempt of its user name and address."""
    cool_off = get_cool_off(request)
    attempts = AxesProxyHandler.get_implementation().get_user_attempts(request, credentials)
    times = [found.aggregate(last=Max("attempt_time"))["last"] for found in attempts]
    last = max((time for time in times if time is not None), default=timezone.now())
    return max(1, math.ceil((last + cool_off - timezone.now()).total_seconds()))


def locked_message(seconds: int) -> str:
    minutes = max(1, math.ceil(seconds / 60))
    return ngettext(
        "Too many failed sign-ins with this user name: try again in %(minutes)d minute.",
        "Too many failed sign-ins with this user name: try again in %(minutes)d minutes.",
        minutes,
    ) % {"minutes": minutes}


def sign_in_locked(request, original_response=None, credentials: dict | None = None):
    """The sign-in page of a locked-out attempt (``AXES_LOCKOUT_CALLABLE``): the
    form again, saying how long to wait, answered 429 with ``Retry-After``."""
    from series.accounts.forms import SignInForm

    seconds = retry_after(request, credentials)
    form = SignInForm(request, initial={"username": request.POST.get("username", "")})
    context = {
        "form": form,
        "locked": locked_message(seconds),
        "next": request.POST.get("next") or request.GET.get("next", ""),
    }
    response = render(request, "accounts/login.html", context, status=429)
    response["Retry-After"] = str(seconds)
    return response
