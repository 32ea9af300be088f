"""Sign-ups counted per client address (``scorekeeper.proxies.client_ip``, the
address the sign-in lockout uses), with DRF's rate throttle: the sign-up page
says whether a user name is taken, as people expect, so one address may try
only ``SIGNUP_RATE`` sign-ups (each form sent, taken name or not). The counts
live in the ``throttle`` cache, a table in the database, so every worker and
every app server shares them."""

from __future__ import annotations

from django.conf import settings
from django.core.cache import caches
from rest_framework.throttling import SimpleRateThrottle

from scorekeeper.proxies import client_ip


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
    if throttle.allow_request(request, None):
        return None
    return max(1, round(throttle.wait() or 1))
