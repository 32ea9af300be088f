"""Data written once for a whole test module, as Django's ``setUpTestData``.

A module-scoped fixture writes the data inside a transaction that stays open
until the module's last test and is then rolled back. Each test runs in a
savepoint inside it (pytest-django's ``db``), so what a test writes is undone
after it, and each test gets its own deep copy of the Python objects, so a
test that changes an object in memory changes it for itself only.
Every test of the module runs inside that transaction, those that do not ask
for the data too (tests run in a random order): a test finds its own rows by
what it made, never as the only rows of a table.

Tests that empty the tables afterwards (``transaction=True``, the live server)
cannot run inside that transaction: a module holding any of them builds the
data afresh for every test instead.
"""

from __future__ import annotations

import copy
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import TypeVar

import pytest
from django.db import transaction
from django.test import TestCase, TransactionTestCase
from pytest_django.fixtures import validate_django_db

T = TypeVar("T")

# Fixtures that make a test transactional (pytest-django's names).
TRANSACTIONAL = {
    "transactional_db",
    "live_server",
    "django_db_reset_sequences",
    "django_db_serialized_rollback",
}


def empties_the_tables(item: pytest.Item) -> bool:
    marker = item.get_closest_marker("django_db")
    if marker is not None and validate_django_db(marker)[0]:  # transaction=True
        return True
    if TRANSACTIONAL & set(getattr(item, "fixturenames", ())):
        return True
    cls = getattr(item, "cls", None)
    return bool(cls and issubclass(cls, TransactionTestCase) and not issubclass(cls, TestCase))


@contextmanager
def kept_for_the_module(
    request: pytest.FixtureRequest, blocker, build: Callable[[], T]
) -> Iterator[T | None]:
    """Yields what ``build`` wrote in the module's transaction, or None (and
    writes nothing) when a test of the module empties the tables."""
    module = request.module
    if any(
        empties_the_tables(item)
        for item in request.session.items
        if getattr(item, "module", None) is module
    ):
        yield None
        return
    with blocker.unblock():
        outer = transaction.atomic()
        outer.__enter__()
    try:
        with blocker.unblock():
            data = build()
        yield data
    finally:
        with blocker.unblock():
            transaction.set_rollback(True)
            outer.__exit__(None, None, None)


def written_once_per_module(build: Callable[[], T]):
    """A module-scoped fixture yielding what ``build`` wrote for the module, or
    None when the module cannot share it; a conftest binds it to a name."""

    @pytest.fixture(scope="module")
    def written_once(request, django_db_setup, django_db_blocker):
        with kept_for_the_module(request, django_db_blocker, build) as data:
            yield data

    return written_once


def copy_or_build(shared: T | None, build: Callable[[], T]) -> T:
    """The test's own copy of the module's data, or fresh data when the module
    shares none."""
    return build() if shared is None else copy.deepcopy(shared)
