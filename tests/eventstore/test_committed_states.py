"""A worker remembers the series states it committed (``writer.Committed``):
the phone that recorded the last deal sends the version it was shown, and the
next deal is decided on the remembered state without reading the series. A
remembered state is never wrong, only perhaps no longer the latest; these
tests hold the writer to what a scorer sees either way."""

from __future__ import annotations

import pytest
from django.db import connection, transaction
from django.utils import timezone

from series.domain.series import RecordDeal, SeriesState, decide, fold
from series.eventstore import store, writer
from series.models import DealLine, Event
from series.sheets import services, stream
from tests.support.factories import club_with_players, entry, start
from tests.support.statements import Statements

pytestmark = pytest.mark.django_db(transaction=True)


@pytest.fixture
def table():
    club, players = club_with_players(("Anna", "Bruno", "Carla"))
    return start(club, players, options={"deals": 4}).series_id, players


def deal(series_id, went_out, others, version):
    hands = dict.fromkeys(others, 30)
    # The club's setting is passed as the pages and the API pass it (read with the series' club).
    return services.deal_record(
        series_id=series_id,
        entry=entry(went_out, hands),
        expected_version=version,
        needs_confirmation=False,
    )


@pytest.mark.postgres
def test_the_next_deal_from_the_same_worker_is_one_statement(table):
    series_id, (anna, bruno, carla) = table
    first = deal(series_id, anna, (bruno, carla), 1)
    statements = Statements()
    with connection.execute_wrapper(statements):
        second = deal(series_id, bruno, (anna, carla), first.state.version)
    ((write, autocommit),) = statements.seen  # no read of the snapshot first
    assert autocommit and write.startswith("WITH write0 AS (UPDATE series_seriessheet")
    assert second.state.version == 3
    assert second.state.totals == {anna.id: 30, bruno.id: 30, carla.id: 60}


def test_a_phone_behind_another_workers_deal_is_told_the_series_moved_on(table, monkeypatch):
    """This worker remembers version 2; another worker records deal 2 (version 3).
    A phone that still shows version 2 is refused, as it always was, with
    nothing written; one that shows version 3 records deal 3 on the real state."""
    series_id, (anna, bruno, carla) = table
    deal(series_id, anna, (bruno, carla), 1)
    with monkeypatch.context() as another_worker:
        another_worker.setattr(writer, "COMMITTED", writer.Committed())
        deal(series_id, bruno, (anna, carla), 2)
    with pytest.raises(writer.StreamConflict) as refused:
        deal(series_id, carla, (anna, bruno), 2)
    assert (refused.value.expected, refused.value.current) == (2, 3)
    assert Event.objects.filter(stream=series_id).count() == 3
    assert DealLine.objects.filter(series_id=series_id).count() == 2
    third = deal(series_id, carla, (anna, bruno), 3)
    assert [d.number for d in third.state.deals] == [1, 2, 3]
    assert third.state.totals == {anna.id: 60, bruno.id: 60, carla.id: 60}


def test_a_deal_rolled_back_is_not_remembered(table):
    series_id, (anna, bruno, carla) = table
    with transaction.atomic():
        deal(series_id, anna, (bruno, carla), 1)
        transaction.set_rollback(True)
    assert writer.COMMITTED.get(stream.SERIES, series_id, 2) is None
    redone = deal(series_id, bruno, (anna, carla), 1)
    assert [d.went_out for d in (x.entry for x in redone.state.deals)] == [bruno.id]
    assert redone.state.version == 2


def test_a_worker_remembers_the_latest_state_of_a_few_hundred_series():
    memory = writer.Committed(size=2)
    states = {
        name: writer.Loaded(SeriesState(version=v))
        for name, v in (("one", 1), ("two", 2), ("three", 3))
    }
    for name, loaded in states.items():
        memory.keep(name, loaded)
    assert memory.get(stream.SERIES, "one", 1) is None  # the oldest made room
    assert memory.get(stream.SERIES, "three", 3) is states["three"]
    assert memory.get(stream.SERIES, "three", 4) is None  # not that version
    memory.keep("two", writer.Loaded(SeriesState(version=5)))
    assert memory.get(stream.SERIES, "two", 2) is None
    assert memory.get(stream.SERIES, "two", 5).state.version == 5


def test_a_remembered_state_that_is_not_the_streams_is_never_decided_on(table):
    """A database restored, or failed over to a replica, can stand at an earlier
    point and take other commands: the stream comes back to the version this
    worker remembers, with other events. The remembered state knows when its
    last event was recorded and the sheet says another time, so the deal is
    decided on a read of the stream."""
    series_id, (anna, bruno, carla) = table
    started = services.series_load(series_id)
    deal(series_id, anna, (bruno, carla), 1)  # the stream's deal 1: Anna went out
    other_history = decide(started, RecordDeal(entry(bruno, {anna: 30, carla: 30})))
    remembered = fold(other_history, started)  # deal 1 where Bruno went out instead
    writer.COMMITTED.keep(series_id, writer.Loaded(remembered, None, timezone.now()))

    second = deal(series_id, carla, (anna, bruno), 2)

    assert second.state.totals == {anna.id: 30, bruno.id: 60, carla.id: 30}
    logged = fold(stored.event for stored in store.load_stream(series_id))
    assert services.series_load(series_id) == logged == second.state
