"""The client's address behind a known number of trusted proxies.

Each trusted proxy (nginx with ``$proxy_add_x_forwarded_for``, Caddy, a load
balancer) appends the address it received the request from to
``X-Forwarded-For``. With ``TRUSTED_PROXIES = n`` the client is the n-th
address from the right: anything further left was written by the client and
cannot be trusted. With 0 (no proxy) the socket's address is the client.
"""

from __future__ import annotations

from django.conf import settings


def client_ip(request) -> str | None:
    remote = request.META.get("REMOTE_ADDR")
    trusted = settings.TRUSTED_PROXIES
    if trusted <= 0:
        return remote
    forwarded = [
        part.strip()
        for part in request.META.get("HTTP_X_FORWARDED_FOR", "").split(",")
        if part.strip()
    ]
    if len(forwarded) < trusted:
        return remote  # not through all the proxies: trust only the socket
    return forwarded[-trusted]
