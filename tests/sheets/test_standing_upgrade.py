"""An upgrade gives the score sheets already there their series' standing
(migration 0030), so that their night's page reads them at once."""

from __future__ import annotations

import pytest
from django.db import connection
from django.db.migrations.executor import MigrationExecutor

from series.domain.series.standing import standing_of
from series.models import SeriesSheet
from series.sheets import services, standing
from tests.support.factories import club_with_players, entry, start

pytestmark = pytest.mark.django_db(transaction=True)

BEFORE, AFTER = ("series", "0029_ratings_counted_again"), ("series", "0030_series_standing")


def migrate(target=None):
    """To ``target``; without one, to the latest migrations, as the suite's
    database stands (the migrations after ``AFTER`` included)."""
    executor = MigrationExecutor(connection)
    executor.loader.build_graph()
    executor.migrate([target] if target else executor.loader.graph.leaf_nodes())


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
        migrate()

    kept = SeriesSheet.objects.get(id=started.series_id).standing
    assert standing.decode(kept) == standing_of(state)
    # The database is left as the suite found it: every later migration applied again.
    executor = MigrationExecutor(connection)
    assert set(executor.loader.graph.leaf_nodes()) <= set(executor.loader.applied_migrations)
    assert standing.decode(kept).order == ((anna.id,), (bruno.id,), (carla.id,))


def test_a_standing_kept_by_an_earlier_schema_is_computed_again_where_it_is_read():
    from series.nights import selectors
    from series.nights import services as nights
    from tests.support.nights import drawn, night_of

    _club, _players, night = night_of(4, deals=8)
    drawn(night.night_id, low=4, high=4)
    table = nights.night_tables_start(night_id=night.night_id).state.current_round.tables[0]
    first, second, third, fourth = table.seats
    services.deal_record(
        series_id=table.series, entry=entry(first, {second: 20, third: 30, fourth: 40})
    )
    kept = SeriesSheet.objects.get(id=table.series).standing
    wrong = kept | {"schema": 0, "order": [[fourth], [third], [second], [first]]}
    SeriesSheet.objects.filter(id=table.series).update(standing=wrong)

    seats = selectors.night_page(night.night_id).current_round.tables[0].seats
    ranking = selectors.night_ranking(night.night_id)

    assert [seat.player for seat in seats if seat.leader] == [first]
    assert ranking.lines[0].player == first
