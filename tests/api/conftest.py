"""A club with one user of each role, and API clients that log in with tokens
(tests/support/api_fixtures.py)."""

from tests.support.api_fixtures import (  # noqa: F401 (the API tests' fixtures)
    as_role,
    started,
    table,
    table_of_the_module,
)
