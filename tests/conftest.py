"""Shared fixtures: clubs and players built through the services, and the
switches that let transactional tests run against the append-only log."""

from __future__ import annotations

import os
import uuid
from importlib import import_module

import pytest
from hypothesis import HealthCheck, settings

from tests.support.backup import fresh_database  # noqa: F401 (a fixture for every test)
from tests.support.league import History, build_history, make_users
from tests.support.page_fixtures import (  # noqa: F401 (the page tests' fixtures, in every folder)
    as_role,
    browsers,
    club,
    four,
    page,
    page_without_worker,
    six,
    table,
    table_of_the_module,
    three,
)
from tests.support.shared import copy_or_build, written_once_per_module

# Property tests: no deadline (a shared machine is slow at random moments) and
# the profile's number of examples: 50 for a run of the suite, 500 for a search
# in depth (HYPOTHESIS_PROFILE=thorough, with the solvers' brute-force
# references the first to run so). CI draws the same examples on every run, so
# a red build is reproducible and never depends on the draw; a developer's runs
# draw new ones each time and keep failing examples in .hypothesis/.
# HYPOTHESIS_PROFILE=ci picks CI's profile anywhere.
settings.register_profile(
    "dev", deadline=None, suppress_health_check=[HealthCheck.too_slow], max_examples=50
)
settings.register_profile(
    "ci", settings.get_profile("dev"), derandomize=True, database=None, print_blob=True
)
settings.register_profile("thorough", settings.get_profile("dev"), max_examples=500)
# CI's second run, on SQLite: the property tests have searched on PostgreSQL
# just before; here a fifth of their examples shows that SQLite serves them.
settings.register_profile("ci-sqlite", settings.get_profile("ci"), max_examples=10)
settings.load_profile(
    os.environ.get("HYPOTHESIS_PROFILE") or ("ci" if os.environ.get("CI") else "dev")
)


@pytest.fixture(scope="session")
def django_db_modify_db_settings(request, django_db_modify_db_settings_parallel_suffix):
    """Each run's PostgreSQL test databases carry the run's own mark (one for
    all of its workers), so two runs on one server, CI's and a developer's,
    never drop each other's databases."""
    from django.conf import settings as django_settings

    run = getattr(request.config, "workerinput", {}).get("testrunuid") or uuid.uuid4().hex
    for database in django_settings.DATABASES.values():
        if database["ENGINE"] != "django.db.backends.postgresql":
            continue
        test = database.setdefault("TEST", {})
        test["NAME"] = f"{test.get('NAME') or 'test_' + database['NAME']}_{run[:8]}"


@pytest.hookimpl(trylast=True)  # after the plugins' own: pytest-randomly has its seed
def pytest_configure(config):
    """Hash test passwords quickly: the real hasher is slow by design, and the
    suite signs in thousands of times. Passwords still check as in production.

    The run's order comes from one seed, which pytest-randomly prints first
    (and this file again last, on a failure). The property tests draw their
    examples from it too, unless a profile fixes them (CI's) or
    ``--hypothesis-seed`` is given: ``--randomly-seed=N`` replays a run whole."""
    from django.conf import settings as django_settings
    from hypothesis import core

    django_settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]
    seed = getattr(config.option, "randomly_seed", None)
    if isinstance(seed, int) and config.getoption("--hypothesis-seed") is None:
        core.global_force_seed = seed


def pytest_sessionfinish(session, exitstatus):
    """The worker's chromium, if a browser test started it (tests/support/browser.py)."""
    from tests.support.browser import stop_chromium

    stop_chromium()


def pytest_terminal_summary(terminalreporter, exitstatus, config):
    seed = getattr(config.option, "randomly_seed", None)
    if exitstatus not in (0, 5) and isinstance(seed, int):
        terminalreporter.write_line(
            f"Replay this order: PYTEST_ADDOPTS=--randomly-seed={seed} make test"
        )


def pytest_ignore_collect(collection_path, config):
    """On SQLite the schema's fuzzing (PostgreSQL only, like every ``postgres``
    test) is not even collected: Schemathesis builds its ninety-odd tests from
    the served schema at collection, in every worker, only for them to be skipped."""
    from django.db import connection

    if collection_path.name == "test_schema_fuzzing.py" and connection.vendor != "postgresql":
        return True
    return None


def pytest_collection_modifyitems(config, items):
    from django.db import connection

    if connection.vendor == "postgresql":
        return
    skip = pytest.mark.skip(reason="needs PostgreSQL: set DATABASE_URL=postgres://…")
    for item in items:
        if "postgres" in item.keywords:
            item.add_marker(skip)


@pytest.fixture(autouse=True)
def _each_test_starts_in_the_default_language():
    """A request in another language leaves it active in the thread (Django's
    LocaleMiddleware activates it); each test starts in the site's default, so
    no test depends on the order the suite runs in."""
    from django.conf import settings
    from django.utils import translation

    translation.activate(settings.LANGUAGE_CODE)
    yield
    translation.activate(settings.LANGUAGE_CODE)


@pytest.fixture(autouse=True)
def _each_test_starts_in_a_worker_that_remembers_nothing():
    """The writer remembers the series states this process committed; each test
    starts as a fresh worker does, so no test depends on another's series."""
    from series.eventstore import writer

    writer.COMMITTED.clear()


@pytest.fixture(autouse=True, scope="session")
def _flush_past_the_append_only_log(django_db_setup, django_db_blocker):
    """Transactional tests empty every table afterwards (TRUNCATE on PostgreSQL),
    which the log's triggers refuse. The test database's flush alone gets past
    them: on PostgreSQL with ``session_replication_role = replica``, the switch
    (superusers only) for skipping triggers; on SQLite by lifting the triggers
    of migration 0002 and putting them back. The app never does either.

    On PostgreSQL the flush deletes the rows rather than truncating the tables:
    a test leaves a few rows in each, which a DELETE removes in milliseconds,
    where TRUNCATE of the 53 tables takes about 0.4 s (a browser test's whole
    teardown). With the triggers skipped, the foreign keys' checks are skipped
    too, so the order of the tables does not matter."""
    from django.db import connection

    triggers = import_module("series.migrations.0002_event_log_append_only")
    ops = connection.ops
    original = ops.execute_sql_flush
    original_sql = ops.sql_flush

    def sql_flush(style, tables, *, reset_sequences=False, allow_cascade=False):
        if connection.vendor != "postgresql" or reset_sequences:
            return original_sql(
                style, tables, reset_sequences=reset_sequences, allow_cascade=allow_cascade
            )
        return [f"DELETE FROM {ops.quote_name(name)};" for name in tables]

    def execute_sql_flush(sql_list):
        if connection.vendor == "sqlite":
            triggers.uninstall(connection)
        else:
            with connection.cursor() as cursor:
                cursor.execute("SET session_replication_role = replica")
        try:
            original(sql_list)
        finally:
            if connection.vendor == "sqlite":
                triggers.install(connection)
            else:
                with connection.cursor() as cursor:
                    cursor.execute("SET session_replication_role = DEFAULT")

    ops.execute_sql_flush = execute_sql_flush
    ops.sql_flush = sql_flush
    yield
    ops.execute_sql_flush = original
    ops.sql_flush = original_sql


# -- a small hand-made history (the league's and the roster's tests) ---------------


@pytest.fixture
def users(db):
    return make_users()


history_of_the_module = written_once_per_module(build_history)


@pytest.fixture
def history(history_of_the_module, db) -> History:
    """The history, written once for the module (tests/support/shared.py): its
    figures are worked out by hand in the tests; everything is built through the
    services."""
    return copy_or_build(history_of_the_module, build_history)
