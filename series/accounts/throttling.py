"""Sign-ups counted per client address (``series.web.proxies.client_ip``, the
address the sign-in lockout uses), with DRF's rate throttle: the sign-up page
says whether a user name is taken, as people expect, so one address may try
only ``SIGNUP_RATE`` sign-ups (each form sent, taken name or not). The counts
live in the ``throttle`` cache, a table in the database, so every worker and
every app server shares them. An address's count is read and written back
under a lock of that address (a transaction holding a PostgreSQL advisory
lock; SQLite's transactions take the one write lock as they begin), so
sign-ups sent at once are each counted: the cache's read and write alone
would let them overwrite each other's counts."""

from __future__ import annotations

import zlib

from django.conf import settings
from django.core.cache import caches
from django.db import connection, transaction
from rest_framework.throttling import SimpleRateThrottle

from series.database import dialects
from series.web.proxies import client_ip


class SignUpThrottle(SimpleRateThrottle):
    scope = "signup"

    def __init__(self):
        self.cache = caches["throttle"]
        super().__init__()

    def get_rate(self) -> str:
        return settings.SIGNUP_RATE

    def get_cache_key(self, request, view) -> str:
        return self.cache_format % {"scope": self.scope, "ident": client_ip(request) or "unknown"}


def signup_refused(request) -> int | None:
    """None when this address may send another sign-up (which is counted); else
    the seconds to wait."""
    throttle = SignUpThrottle()
    with transaction.atomic():
        key = zlib.crc32(throttle.get_cache_key(request, None).encode()) & 0x7FFFFFFF
        with connection.cursor() as cursor:
            dialects.current().lock_pair(cursor, _SIGNUP_LOCK, key)
        if throttle.allow_request(request, None):
            return None
    return max(1, round(throttle.wait() or 1))


_SIGNUP_LOCK = 0x5167  # the advisory lock space of sign-up counts (the log's is another)
