"""Shared fixtures: clubs and players built through the services, and the
switches that let transactional tests run against the append-only log."""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, settings

settings.register_profile(
    "default", deadline=None, suppress_health_check=[HealthCheck.too_slow], max_examples=50
)
settings.load_profile("default")


def pytest_collection_modifyitems(config, items):
    from django.db import connection

    if connection.vendor == "postgresql":
        return
    skip = pytest.mark.skip(reason="needs PostgreSQL: set DATABASE_URL=postgres://…")
    for item in items:
        if "postgres" in item.keywords:
            item.add_marker(skip)


@pytest.fixture(autouse=True, scope="session")
def _flush_past_the_append_only_log(django_db_setup, django_db_blocker):
    """Transactional tests empty every table afterwards (TRUNCATE on PostgreSQL),
    which the log's triggers refuse. The test database's flush alone runs with
    ``session_replication_role = replica``, PostgreSQL's switch (superusers only)
    for skipping triggers; the app never does."""
    from django.db import connection

    if connection.vendor != "postgresql":
        yield
        return
    ops = connection.ops
    original = ops.execute_sql_flush

    def execute_sql_flush(sql_list):
        with connection.cursor() as cursor:
            cursor.execute("SET session_replication_role = replica")
        try:
            original(sql_list)
        finally:
            with connection.cursor() as cursor:
                cursor.execute("SET session_replication_role = DEFAULT")

    ops.execute_sql_flush = execute_sql_flush
    yield
    ops.execute_sql_flush = original
