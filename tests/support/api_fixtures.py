"""The API tests' fixtures: a club with one user of each role, and API clients
that log in with tokens. The API tests' folders (tests/api/, tests/sheets/api/)
bind them in their conftest.py, in place of the page tests' fixtures of the
same names that tests/conftest.py binds everywhere."""

from __future__ import annotations

import pytest
from rest_framework.test import APIClient

from tests.support.api import Table, build_table, client_for, start_body
from tests.support.shared import copy_or_build, written_once_per_module

table_of_the_module = written_once_per_module(build_table)


@pytest.fixture
def table(table_of_the_module, db) -> Table:
    """The club, written once for the module (tests/support/shared.py)."""
    return copy_or_build(table_of_the_module, build_table)


@pytest.fixture
def as_role(table):
    """``as_role("scorer")``: a client logged in as that user; ``None`` is anonymous."""

    def client(role: str | None) -> APIClient:
        return client_for(table.users[role] if role else None)

    return client


@pytest.fixture
def started(table, as_role):
    """A series of Anna, Bruno and Carla (Anna deals first), started by the scorer."""
    response = as_role("scorer").post("/api/v1/series", start_body(table), format="json")
    assert response.status_code == 201, response.json()
    return response.json()
