"""Site-wide response rules for the pages."""

from __future__ import annotations

from django.shortcuts import render

from .retry import RETRY_AFTER_SECONDS, TRANSIENT, release_broken_connection


class DatabaseUnavailableMiddleware:
    """A page whose database is briefly unreachable answers a friendly 503 page
    (with Retry-After) instead of a server error. The API answers JSON
    (``series.api.errors``)."""

    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        return self.get_response(request)

    def process_exception(self, request, exception):
        if not isinstance(exception, TRANSIENT):
            return None
        release_broken_connection()
        response = render(request, "unavailable.html", status=503)
        response["Retry-After"] = str(RETRY_AFTER_SECONDS)
        return response
