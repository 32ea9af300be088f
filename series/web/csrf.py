"""The page of a form Django's CSRF check refused (``CSRF_FAILURE_VIEW``): a
page of the app, with its stylesheet and none inline, which the
Content-Security-Policy would block (Django's own page has a ``<style>``).

It answers 403, as Django's does, with ``X-CSRF-Failure: 1``: the phone's
outbox (static/js/outbox.js) tells by it a token gone stale (the session
signed in again meanwhile) from a refusal, and sends the entry again with a
fresh one."""

from __future__ import annotations

from django.shortcuts import render


def csrf_failure(request, reason: str = ""):
    response = render(request, "csrf_failure.html", status=403)
    response["X-CSRF-Failure"] = "1"
    return response
