"""What makes the app installable and readable offline: the web manifest and the
service worker. The worker is served from the site's root so that its scope
covers every page; it caches the app shell and the score sheets the phone has
opened (never a deal form, whose idempotency key must be fresh). Entries made
offline are kept by the outbox in the page (static/js/outbox.js), not here.

The worker served here is only its values (templates/sw.js): its logic is a
static script (static/js/service-worker.js) that it imports, linted and
collected with the others. Which pages it keeps is said once, below, by their
names in the URLconf; their paths reach the worker and the offline page as
patterns made from the URLconf's own."""

from __future__ import annotations

import hashlib
import json
import re

from django.conf import settings
from django.core.exceptions import ImproperlyConfigured
from django.http import JsonResponse
from django.shortcuts import render
from django.templatetags.static import static
from django.urls import get_resolver, get_script_prefix
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
WORKER_SCRIPT = "js/service-worker.js"

# The pages a phone keeps to read offline, by their names in the URLconf: each
# score sheet and live view it has opened (the offline page links to these),
# and the home page.
KEPT_SHEETS = ("sheet", "live")
READABLE_OFFLINE = ("home", *KEPT_SHEETS)

# What of Python's regular expressions a script would read otherwise or not at all.
_PYTHON_ONLY = re.compile(r"\(\?P|\(\?[aiLmsux]|\\[AZ]")


def path_patterns(names: tuple[str, ...]) -> list[str]:
    """The paths of the URLconf's pages ``names``, as the URLconf matches them,
    in patterns a script reads alike (ECMAScript's dialect):
    ``^/series/(?:[0-9a-f]{8}-…)/$`` for the score sheet."""
    resolver = get_resolver()
    prefix = re.escape(get_script_prefix())
    patterns = []
    for name in names:
        found = resolver.reverse_dict.getlist(name)
        if not found:
            raise ImproperlyConfigured(f"No page of the URLconf is named {name!r}.")
        for _possibilities, pattern, _defaults, _converters in found:
            # Groups lose their names; the end of the text is "$", which in a
            # script (without the "m" flag) is what Python's "\Z" is.
            body = re.sub(r"\(\?P<\w+>", "(?:", pattern.removesuffix(r"\Z"))
            if _PYTHON_ONLY.search(body):
                raise ImproperlyConfigured(f"The path of {name!r} is no script's pattern: {body}")
            patterns.append(f"^{prefix}{body}$")
    return patterns


@require_safe
def service_worker(request):
    shell = ["/", OFFLINE_PAGE, *(static(name) for name in SHELL_FILES)]
    version = hashlib.sha256("|".join(shell).encode()).hexdigest()[:12]
    setup = {
        "cache": f"scorekeeper-{version}",
        "shell": shell,
        "offline": OFFLINE_PAGE,
        # The folder, not a file: the manifest storage names files only.
        "static": settings.STATIC_URL,
        "readable": path_patterns(READABLE_OFFLINE),
    }
    context = {"setup": json.dumps(setup), "logic": json.dumps(static(WORKER_SCRIPT))}
    response = render(request, "sw.js", context, content_type="text/javascript; charset=utf-8")
    response["Cache-Control"] = "no-cache"
    return response


@require_safe
def offline(request):
    """What the service worker shows for a page it has not kept, offline: links to
    the score sheets it has."""
    return render(request, "offline.html", {"kept_sheets": path_patterns(KEPT_SHEETS)})


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
