"""What makes the app installable and readable offline: the web manifest and the
service worker. The worker is served from the site's root so that its scope
covers every page; it caches the app shell and the score sheets the phone has
opened (never a deal form, whose idempotency key must be fresh). Entries made
offline are kept by the outbox in the page (static/js/outbox.js), not here."""

from __future__ import annotations

import hashlib
import json

from django.conf import settings
from django.http import JsonResponse
from django.shortcuts import render
from django.templatetags.static import static
from django.utils.translation import gettext as _
from django.views.decorators.http import require_safe

SHELL_FILES = (
    "css/app.css",
    "js/app.js",
    "js/outbox-state.js",
    "js/outbox.js",
    "js/deal.js",
    "js/card-count.js",
    "js/picker.js",
    "favicon.svg",
    "icons/icon-192.png",
    "js/offline.js",
)
OFFLINE_PAGE = "/offline/"


@require_safe
def service_worker(request):
    shell = ["/", OFFLINE_PAGE, *(static(name) for name in SHELL_FILES)]
    version = hashlib.sha256("|".join(shell).encode()).hexdigest()[:12]
    context = {
        "shell": json.dumps(shell),
        # The folder, not a file: the manifest storage names files only.
        "static_prefix": json.dumps(settings.STATIC_URL),
        "version": version,
        "offline_page": json.dumps(OFFLINE_PAGE),
    }
    response = render(request, "sw.js", context, content_type="text/javascript; charset=utf-8")
    response["Cache-Control"] = "no-cache"
    return response


@require_safe
def offline(request):
    """What the service worker shows for a page it has not kept, offline: links to
    the score sheets it has."""
    return render(request, "offline.html")


@require_safe
def manifest(request):
    name = _("Scorekeeper")
    return JsonResponse(
        {
            "name": _("Continental Rummy scorekeeper"),
            "short_name": name,
            "start_url": "/",
            "scope": "/",
            "display": "standalone",
            "background_color": "#ffffff",
            "theme_color": "#0b3d91",
            "icons": [
                {"src": static("icons/icon-192.png"), "sizes": "192x192", "type": "image/png"},
                {"src": static("icons/icon-512.png"), "sizes": "512x512", "type": "image/png"},
                {"src": static("favicon.svg"), "sizes": "any", "type": "image/svg+xml"},
            ],
        },
        content_type="application/manifest+json",
    )
