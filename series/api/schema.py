"""OpenAPI extensions: how the schema describes our device tokens."""

from __future__ import annotations

from drf_spectacular.contrib.knox_auth_token import KnoxTokenScheme


class DeviceTokenScheme(KnoxTokenScheme):
    """``Authorization: Token …``, as knox's scheme (our subclass of its authentication)."""

    target_class = "series.accounts.DeviceTokenAuthentication"
    name = "deviceToken"
