"""Site-wide response rules for the pages."""

from __future__ import annotations

from django.conf import settings
from django.http import HttpResponse, JsonResponse
from django.shortcuts import render
from django.utils.translation import gettext

from series.eventstore.retry import RETRY_AFTER_SECONDS, TRANSIENT, release_broken_connection


class LengthRequiredMiddleware:
    """A body sent in chunks (``Transfer-Encoding``, no ``Content-Length``)
    answers 411: Django reads such a body as empty, so a change would be
    answered 200 having changed nothing. The API answers its JSON error."""

    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        if "HTTP_TRANSFER_ENCODING" not in request.META or request.META.get("CONTENT_LENGTH"):
            return self.get_response(request)
        message = gettext("Send the body with its length (Content-Length), not in chunks.")
        if request.path.startswith("/api/"):
            body = {"code": "length_required", "message": message, "field": None}
            return JsonResponse(body, status=411)
        return HttpResponse(message, status=411, content_type="text/plain; charset=utf-8")


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


class PrivacyHeadersMiddleware:
    """``Permissions-Policy`` on every answer, and ``Cache-Control: private,
    no-store`` on answers for a signed-in visitor (a session cookie or a token)
    and on every CSV download, so no shared cache or back button keeps them.
    Decided from the request's headers alone: no database query."""

    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        response = self.get_response(request)
        response.setdefault("Permissions-Policy", settings.PERMISSIONS_POLICY)
        signed_in = (
            settings.SESSION_COOKIE_NAME in request.COOKIES or "HTTP_AUTHORIZATION" in request.META
        )
        csv = response.get("Content-Type", "").startswith("text/csv")
        if signed_in or csv:
            response["Cache-Control"] = "private, no-store"
        return response
