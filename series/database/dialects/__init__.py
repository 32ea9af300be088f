"""The SQL that differs between databases: one module a database, chosen here.

Everything the app writes by hand that PostgreSQL and SQLite spell or run
differently lives in ``postgresql`` and ``sqlite``, with the same names in
both: how rows go into one ``INSERT``, the log's lock, whether an append's
writes ride in its statement, bulk loads, emptying tables, JSON aggregates,
advisory locks and the values the drivers take and give. Callers ask
``current()`` (the default connection's) or ``of(connection)`` and never test
the vendor themselves. ``tests/database/test_dialects.py`` runs each dialect's
statements on a database of its kind.
"""

from __future__ import annotations

from types import ModuleType

from django.core.exceptions import ImproperlyConfigured
from django.db import connection as default_connection

from series.database.dialects import postgresql, sqlite

BY_VENDOR: dict[str, ModuleType] = {"postgresql": postgresql, "sqlite": sqlite}


def of(connection) -> ModuleType:
    """The dialect module of ``connection`` (a Django database wrapper)."""
    try:
        return BY_VENDOR[connection.vendor]
    except KeyError:
        raise ImproperlyConfigured(
            f"The scorekeeper runs on PostgreSQL or SQLite, not {connection.vendor!r}: "
            "point DATABASE_URL at one of them."
        ) from None


def current() -> ModuleType:
    """The dialect module of the default connection."""
    return of(default_connection)
