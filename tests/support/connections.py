"""The test database's address, for a connection of a test's own: one that
ends the app's connections from outside, as a fault would."""

from __future__ import annotations

from django.db import connection


def admin_dsn() -> str:
    params = connection.settings_dict
    return f"postgres://{params['USER']}@{params['HOST']}:{params['PORT']}/{params['NAME']}"
