"""A small hand-made history whose figures are worked out by hand in the tests,
and a user of each role; everything is built through the services."""

from __future__ import annotations

import pytest

from tests.support.league import History, build_history, make_users
from tests.support.shared import copy_or_build, written_once_per_module


@pytest.fixture
def users(db):
    return make_users()


history_of_the_module = written_once_per_module(build_history)


@pytest.fixture
def history(history_of_the_module, db) -> History:
    """The history, written once for the module (tests/support/shared.py)."""
    return copy_or_build(history_of_the_module, build_history)
