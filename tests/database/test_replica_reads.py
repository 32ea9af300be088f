"""What a spectator sees when the replica their page reads has not yet
replayed the latest change (series/database/replicas.py): the page as it was,
or the primary's answer, never a wrong refusal; and whatever a client sends
as its position, an answer. The replica here is a second connection to the
test database, which sees only what was committed: a change made in an open
transaction below is one the primary has and the replica has not replayed."""

from __future__ import annotations

import pytest
from django.db import transaction
from django.test import Client

from series.sheets import live_links, selectors
from tests.support.pages import build_table, live_path, record

pytestmark = [pytest.mark.postgres, pytest.mark.django_db(transaction=True)]


@pytest.fixture
def public_series(transactional_db):
    from series.clubs import services as club_services
    from series.sheets import services

    table = build_table()
    club_services.club_update(club=table.club, public=True)
    anna, bruno, carla = table.players[:3]
    started = services.series_start(
        club=table.club, players=[anna.id, bruno.id, carla.id], first_dealer=anna.id
    )
    record(started.series_id, bruno, {anna: 30, carla: 40})
    return table, started.series_id


def test_a_live_link_just_renewed_opens_for_a_spectator_while_the_replica_catches_up(
    public_series, replica_alias
):
    table, series = public_series
    replica_alias()
    spectator = Client()

    with transaction.atomic():  # on the primary, not yet replayed on the replica
        live_links.live_link_renew(sheet=selectors.series_sheet(series), user=table.users["admin"])
        url = live_path(series, None)
        page, fragment = spectator.get(url), spectator.get(url + "sheet/")
        transaction.set_rollback(True)

    assert (page.status_code, fragment.status_code) == (200, 200)


@pytest.mark.parametrize(
    "position",
    [
        "FFFFFFFF/FFFFFFFF",
        "-1/0",
        "0/0' OR '1'='1",
        "not a position",
        ",".join(["0/16B3748"] * 500),
        "F" * 4000 + "/0",
        "0/0\n",
    ],
)
def test_any_position_a_client_sends_is_answered(public_series, replica_alias, position):
    _table, series = public_series
    replica_alias()
    client = Client(raise_request_exception=False)

    api = client.get(f"/api/v1/series/{series}", HTTP_X_READ_AFTER=position)
    client.cookies["read_after"] = position
    page = client.get(f"/series/{series}/")

    assert (api.status_code, page.status_code) == (200, 200)
