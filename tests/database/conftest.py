"""A replica alias for tests that run the app's router and middleware in
process (series/database/replicas.py): ``replica_1`` added beside the test
database, its connection made outside the test case's own list of databases
so the app may use it as it would a real standby's."""

from __future__ import annotations

import copy
import time
import warnings

import pytest
from django.conf import settings
from django.db import connections
from django.test import override_settings

from series.database import replicas

ALIAS = "replica_1"


@pytest.fixture
def replica_alias():
    """``replica_alias(**settings)``: ``replica_1`` as the test database's
    settings changed by ``settings`` (a closed port, say); the worker believes
    it checked the replica a moment ago and found it had replayed everything,
    so the app reads it without asking it first."""
    made = []

    def add(**changes):
        target = copy.deepcopy(connections["default"].settings_dict)
        target.update(TEST={}, **changes)
        target["OPTIONS"] = {**target.get("OPTIONS", {}), "connect_timeout": 2}
        connections[ALIAS] = connections["default"].__class__(target, ALIAS)
        overridden = override_settings(
            DATABASES={**settings.DATABASES, ALIAS: target},
            DATABASE_ROUTERS=["series.database.replicas.ReplicaRouter"],
            DATABASE_REPLICA_CHECK=60.0,
        )
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")  # DATABASES is overridden for the router only
            overridden.enable()
        made.append(overridden)
        replicas._replicas.clear()
        state = replicas._state(ALIAS)
        state.checked_at, state.replayed = time.monotonic(), 1 << 62
        return ALIAS

    yield add
    for overridden in made:
        overridden.disable()
        replicas._replicas.clear()
        connections[ALIAS].close()
        del connections[ALIAS]
