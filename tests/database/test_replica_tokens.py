"""Tokens are read from the primary whatever the request (series/database/replicas.py:
"Sign-in, sessions, tokens and lockouts always read what was just written"):
a device signed out, or every device of a user whose password changed, is
refused at once, even by a page a replica answers. The replica here is a
second connection to the test database, which sees only what was committed:
the sign-out below is not yet, as on a standby that has not replayed it."""

from __future__ import annotations

import pytest
from django.db import transaction

from series.accounts import services as accounts
from tests.support.api import client_for
from tests.support.pages import build_table, record

pytestmark = [pytest.mark.postgres, pytest.mark.django_db(transaction=True)]


@pytest.fixture
def private_series(transactional_db):
    table = build_table()  # a private club
    anna, bruno, carla = table.players[:3]
    from series.sheets import services

    started = services.series_start(
        club=table.club, players=[anna.id, bruno.id, carla.id], first_dealer=anna.id
    )
    record(started.series_id, bruno, {anna: 30, carla: 40})
    return table, started.series_id


def test_a_signed_out_devices_token_no_longer_reads_a_private_series(private_series, replica_alias):
    table, series = private_series
    member = table.users["member"]
    replica_alias()
    device = client_for(member)
    assert device.get(f"/api/v1/series/{series}").status_code == 200

    with transaction.atomic():  # committed on the primary, not yet replayed on the replica
        accounts.devices_sign_out_all(user=member)
        answer = device.get(f"/api/v1/series/{series}")
        transaction.set_rollback(True)

    assert answer.status_code == 401
