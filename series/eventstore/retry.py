"""Transient database errors: the one place that retries a whole transaction.

A service writer decorated with ``@transient_retry`` runs again, a bounded
number of times, when the database drops the connection (``OperationalError``,
``InterfaceError``) or rolls the transaction back itself (a serialization
failure or a deadlock). It retries only when that is safe:

- the call is not inside an outer transaction (that one is lost: the caller's
  caller must retry), and
- the server rolled the transaction back (40001, 40P01), or the command cannot
  take effect twice: it carries an idempotency key (a retry after a commit
  whose answer was lost finds the first result) or is ``idempotent`` by nature
  (setting a role, renaming a club).

Otherwise, or after the last attempt, it raises ``DatabaseUnavailable``: the
API answers 503 ``database_unavailable`` with ``Retry-After``, the pages a
friendly page (``series.api.errors``, ``series.web.middleware``).
"""

from __future__ import annotations

import functools
import random
import time
from collections.abc import Callable
from typing import TypeVar

from django.db import DEFAULT_DB_ALIAS, InterfaceError, OperationalError, connections


class DatabaseUnavailable(Exception):
    """The database could not be reached (or kept failing) for this command."""

    code = "database_unavailable"


ATTEMPTS = 4
BACKOFF_SECONDS = 0.05  # doubled after each attempt, with jitter
RETRY_AFTER_SECONDS = 5  # what a client is told to wait after a 503
ROLLED_BACK_BY_SERVER = {"40001", "40P01"}  # serialization_failure, deadlock_detected
TRANSIENT = (DatabaseUnavailable, OperationalError, InterfaceError)

F = TypeVar("F", bound=Callable)


def rolled_back_by_server(error: BaseException) -> bool:
    return getattr(error.__cause__, "sqlstate", None) in ROLLED_BACK_BY_SERVER


def release_broken_connection(alias: str = DEFAULT_DB_ALIAS) -> None:
    """Close this thread's connection after a transient error, so the next query
    opens a fresh one (outside a transaction only; inside, the owner decides)."""
    connection = connections[alias]
    if not connection.in_atomic_block:
        connection.close()


def transient_retry(func: F | None = None, *, idempotent: bool = False):
    """Retry ``func`` on transient database errors when safe (see the module)."""

    def decorate(func: F) -> F:
        @functools.wraps(func)
        def retrying(*args, **kwargs):
            for attempt in range(1, ATTEMPTS + 1):
                try:
                    return func(*args, **kwargs)
                except (OperationalError, InterfaceError) as error:
                    if connections[DEFAULT_DB_ALIAS].in_atomic_block:
                        raise
                    safe = (
                        rolled_back_by_server(error)
                        or idempotent
                        or bool(kwargs.get("idempotency_key"))
                    )
                    if not rolled_back_by_server(error):
                        release_broken_connection()
                    if not safe or attempt == ATTEMPTS:
                        raise DatabaseUnavailable(str(error)) from error
                    time.sleep(BACKOFF_SECONDS * 2 ** (attempt - 1) * random.uniform(0.5, 1.5))
            raise AssertionError("unreachable")  # pragma: no cover

        retrying.transient_retry = True
        return retrying

    return decorate(func) if func is not None else decorate
