"""Paths under the API that match no operation."""

from __future__ import annotations

from django.http import JsonResponse
from django.utils.translation import gettext
from django.views.decorators.csrf import csrf_exempt


@csrf_exempt  # it changes nothing, so any method may hear that nothing is here
def not_found(request, *args, **kwargs):
    return JsonResponse(
        {"code": "not_found", "message": gettext("Not found."), "field": None}, status=404
    )
