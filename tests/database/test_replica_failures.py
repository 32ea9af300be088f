"""A replica that fails a request it was chosen for: its reads go to the
primary and the visitor never sees an error (series/database/replicas.py,
"Replicas fail safely"). The replica here is an alias whose server refuses
connections (a closed port), added to the test's databases; the router and
the middleware see it as they would a real one."""

from __future__ import annotations

import time

import pytest
from django.test import Client

from series.database import replicas
from tests.support.api import client_for
from tests.support.pages import build_table, live_path, record

pytestmark = [pytest.mark.postgres, pytest.mark.django_db]
ALIAS = "replica_1"


@pytest.fixture
def table(db):
    return build_table()


@pytest.fixture
def four(table):
    from series.sheets import services

    players = table.players[:4]
    started = services.series_start(
        club=table.club, players=[p.id for p in players], first_dealer=players[0].id
    )
    anna, bruno, carla, dario = players
    record(started.series_id, bruno, {anna: 30, carla: 40, dario: 25})
    return started.series_id


CLOSED = {"HOST": "127.0.0.1", "PORT": "1", "NAME": "nothing"}


@pytest.fixture
def refusing_replica(replica_alias):
    """``replica_1`` names a server that refuses every connection, and the
    worker has not asked it yet."""
    replica_alias(**CLOSED)
    replicas._replicas.clear()


@pytest.fixture
def replica_just_checked(replica_alias):
    """The worker asked the replica its state a moment ago and it had replayed
    everything; it has gone down since (the next check is not due yet)."""
    replica_alias(**CLOSED)


def browser(user) -> Client:
    signed_in = Client(raise_request_exception=False)
    signed_in.force_login(user)
    return signed_in


def test_a_refusing_replica_is_skipped_and_the_league_page_answers(table, four, refusing_replica):
    answer = browser(table.users["member"]).get(f"/clubs/{table.club.slug}/league/")

    assert answer.status_code == 200
    assert replicas._state(ALIAS).down_until > time.monotonic()


def test_a_replica_gone_down_since_its_last_check_still_answers_the_league_page(
    table, four, replica_just_checked
):
    answer = browser(table.users["member"]).get(f"/clubs/{table.club.slug}/league/")

    assert answer.status_code == 200
    assert replicas._state(ALIAS).down_until > time.monotonic()  # and it is skipped now


def test_a_replica_gone_down_since_its_last_check_still_answers_the_score_sheet_page(
    table, four, replica_just_checked
):
    answer = browser(table.users["member"]).get(f"/series/{four}/")

    assert answer.status_code == 200
    assert "Bruno" in answer.content.decode()


def test_a_replica_gone_down_since_its_last_check_still_answers_the_live_view(
    table, four, replica_just_checked
):
    answer = Client(raise_request_exception=False).get(live_path(four, table.users["admin"]))

    assert answer.status_code == 200


def test_a_replica_gone_down_since_its_last_check_still_answers_the_api_score_sheet(
    table, four, replica_just_checked
):
    api = client_for(table.users["member"])
    api.raise_request_exception = False

    answer = api.get(f"/api/v1/series/{four}")

    assert answer.status_code == 200
    assert answer.json()["version"] >= 2
