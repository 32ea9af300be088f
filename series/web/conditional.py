"""Watchers that cost nothing: conditional GETs answered from the streams' versions.

A page a spectator polls (the live view, its fragment, the API's score sheet)
names what it shows by a few values read in one indexed query: the series
stream's version (a deal, a correction, a void, a confirmation each move it)
and the names it prints, which live outside the events. Its ``ETag`` is a
digest of those, of the page's language, of who asks (the session cookie or
the API's ``Authorization``: pages greet the signed-in visitor), of whether
it was read from a replica still replaying, and of the release (the static
files' names change with every deploy). A request whose ``If-None-Match``
holds that tag is answered 304 without rendering; any other runs the view,
whose 200 carries the tag.

The versions are read before the page is rendered, so a change that lands
in between makes the tag older than the page, never newer: the next poll
gets the page again instead of missing the change.
"""

from __future__ import annotations

import hashlib
from collections.abc import Callable, Iterable
from functools import cache, wraps

from django.conf import settings
from django.http import HttpResponseNotModified
from django.templatetags.static import static
from django.utils.cache import patch_cache_control, patch_vary_headers
from django.utils.http import parse_etags
from django.utils.translation import get_language

from series.database.replicas import reading_behind

# What a watched answer varies on besides its URL.
VARY = ("Accept-Language", "Cookie", "Authorization")


def etag(request, versions: Iterable[object]) -> str:
    """The weak ETag of a watched answer showing ``versions`` to this request."""
    parts = [
        *(str(value) for value in versions),
        get_language() or "",
        request.COOKIES.get(settings.SESSION_COOKIE_NAME, ""),
        request.META.get("HTTP_AUTHORIZATION", ""),
        "behind" if reading_behind() else "",
        static("js/app.js"),
    ]
    digest = hashlib.blake2b(
        "\x1f".join(parts).encode(), digest_size=12, key=_tag_key()
    ).hexdigest()
    return f'W/"{digest}"'


@cache
def _tag_key() -> bytes:
    """The tags' key, from the site's secret: a tag says nothing of the versions
    behind it to whoever reads it (no stream's version is guessed from it)."""
    return hashlib.blake2b(f"etag:{settings.SECRET_KEY}".encode(), digest_size=32).digest()


def unchanged(request, tag: str) -> bool:
    """Whether the client already holds the answer tagged ``tag`` (weak comparison).
    ``*`` is not honoured: a watcher sends the tag it holds, and a 304 for "any"
    would tell whoever asks that the page exists without showing it to them."""
    held = request.headers.get("If-None-Match")
    if not held or request.method not in ("GET", "HEAD"):
        return False
    bare = tag.removeprefix("W/")
    return any(candidate.removeprefix("W/") == bare for candidate in parse_etags(held))


def not_modified(tag: str) -> HttpResponseNotModified:
    response = HttpResponseNotModified()
    return tagged(response, tag)


def tagged(response, tag: str):
    """A watched answer: its tag, what it varies on, and that it must be asked again."""
    if response.status_code == 200 or response.status_code == 304:
        response["ETag"] = tag
    patch_vary_headers(response, VARY)
    patch_cache_control(response, no_cache=True)
    return response


def watched(versions: Callable[..., Iterable[object] | None]):
    """Answer a conditional GET of the decorated view with 304 when nothing it
    shows has changed. ``versions(request, *args, **kwargs)`` returns what the
    page shows (the streams' versions and names), read in one query, or None
    when there is no such page (the view then answers, 404 as it does)."""

    def decorator(view):
        @wraps(view)
        def wrapped(request, *args, **kwargs):
            shown = versions(request, *args, **kwargs)
            if shown is None:
                return view(request, *args, **kwargs)
            tag = etag(request, shown)
            if unchanged(request, tag):
                return not_modified(tag)
            request.watch_etag = tag
            return tagged(view(request, *args, **kwargs), tag)

        return wrapped

    return decorator
