"""An upgrade gives the score sheets already there their series' standing
(migration 0030), so that their night's page reads them at once."""

from __future__ import annotations

import pytest
from django.db import connection
from django.db.migrations.executor import MigrationExecutor

from series.domain import standing
from series.models import SeriesSheet
from series.sheets import services
from tests.support.factories import club_with_players, entry, start

pytestmark = pytest.mark.django_db(transaction=True)

BEFORE, AFTER = ("series", "0029_ratings_counted_again"), ("series", "0030_series_standing")


def migrate(target):
    executor = MigrationExecutor(connection)
    executor.loader.build_graph()
    executor.migrate([target])


def test_an_upgrade_writes_each_sheets_standing_as_its_series_stands():
    club, players = club_with_players()
    anna, bruno, carla = players[:3]
    started = start(club, [anna, bruno, carla])
    state = services.deal_record(
        series_id=started.series_id, entry=entry(anna, {bruno: 25, carla: 40})
    ).state
    try:
        migrate(BEFORE)
        migrate(AFTER)
    finally:
        migrate(AFTER)

    kept = SeriesSheet.objects.get(id=started.series_id).standing
    assert standing.decode(kept) == standing.standing_of(state)
    assert standing.decode(kept).order == ((anna.id,), (bruno.id,), (carla.id,))
