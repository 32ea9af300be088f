"""The event store's guarantees (DESIGN "The event store"), on a real database."""

from __future__ import annotations

import random
import threading
import time
import uuid

import pytest
from django.db import DatabaseError, connection, transaction

from series.domain.events import SeriesAbandoned
from series.eventstore import store
from series.models import DealLine, Event, ImmutableEventError, SeriesSheet
from series.sheets import projection, services
from tests.support.factories import club_with_players, entry, start

pytestmark = pytest.mark.django_db


@pytest.fixture
def series():
    club, players = club_with_players(("Anna", "Bruno", "Carla"))
    result = start(club, players)
    return result.series_id, players


def test_raw_sql_update_of_an_event_is_refused_by_the_database(series):
    with pytest.raises(DatabaseError), transaction.atomic(), connection.cursor() as cursor:
        cursor.execute("UPDATE series_event SET type = 'Forged'")
    assert Event.objects.filter(type="Forged").count() == 0


def test_raw_sql_delete_of_an_event_is_refused_by_the_database(series):
    with pytest.raises(DatabaseError), transaction.atomic(), connection.cursor() as cursor:
        cursor.execute("DELETE FROM series_event")
    assert Event.objects.count() == 1


@pytest.mark.postgres
def test_truncate_of_the_log_is_refused_on_postgresql(series):
    with pytest.raises(DatabaseError), transaction.atomic(), connection.cursor() as cursor:
        cursor.execute("TRUNCATE series_event CASCADE")
    assert Event.objects.count() == 1


def test_the_orm_cannot_update_or_delete_events(series):
    with pytest.raises(ImmutableEventError):
        Event.objects.all().update(type="Forged")
    with pytest.raises(ImmutableEventError):
        Event.objects.all().delete()
    event = Event.objects.get()
    with pytest.raises(ImmutableEventError):
        event.delete()
    event.type = "Forged"
    with pytest.raises(ImmutableEventError):
        event.save()
    assert Event.objects.get().type == "SeriesStarted"


def test_an_append_at_a_stale_version_is_a_conflict(series):
    series_id, _players = series
    with pytest.raises(store.VersionConflict) as conflict, transaction.atomic():
        store.append(
            series_id,
            club_id=Event.objects.get().club_id,
            expected_version=0,
            events=[SeriesAbandoned("late")],
        )
    assert conflict.value.expected == 0
    assert Event.objects.count() == 1


def test_several_events_appended_at_once_follow_each_other_in_the_stream_and_the_log(series):
    """One append of several events (its inserts go to PostgreSQL together):
    versions and positions in order, as a reader of the log sees them."""
    series_id, _players = series
    club_id = Event.objects.get().club_id
    events = [SeriesAbandoned("first"), SeriesAbandoned("second"), SeriesAbandoned("third")]
    with transaction.atomic():
        stored = store.append(series_id, club_id=club_id, expected_version=1, events=events)
    assert [event.version for event in stored] == [2, 3, 4]
    positions = [event.position for event in stored]
    assert positions == sorted(positions) and len(set(positions)) == 3
    read = [event for event in store.read_after(0) if event.stream == series_id]
    assert [(event.position, event.event) for event in read[1:]] == [
        (event.position, event.event) for event in stored
    ]


def test_several_events_at_a_stale_version_are_a_conflict_and_append_none(series):
    series_id, _players = series
    club_id = Event.objects.get().club_id
    events = [SeriesAbandoned("late"), SeriesAbandoned("later")]
    with pytest.raises(store.VersionConflict), transaction.atomic():
        store.append(series_id, club_id=club_id, expected_version=0, events=events)
    assert Event.objects.count() == 1


def test_the_same_command_twice_with_one_key_appends_once_and_returns_the_same_state(series):
    series_id, (a, b, c) = series
    deal = entry(a, {b: 20, c: 30})
    first = services.deal_record(series_id=series_id, entry=deal, idempotency_key="k-1")
    second = services.deal_record(series_id=series_id, entry=deal, idempotency_key="k-1")
    assert Event.objects.count() == 2
    assert second.replayed and not first.replayed
    assert second.state == first.state


def test_a_retry_returns_the_first_result_even_after_later_deals(series):
    series_id, (a, b, c) = series
    deal = entry(a, {b: 20, c: 30})
    first = services.deal_record(series_id=series_id, entry=deal, idempotency_key="k-1")
    services.deal_record(series_id=series_id, entry=entry(b, {a: 20, c: 30}))
    retry = services.deal_record(series_id=series_id, entry=deal, idempotency_key="k-1")
    assert retry.state.version == first.state.version == 2
    assert Event.objects.count() == 3


def test_a_retry_of_the_deal_that_ended_the_series_answers_the_first_result():
    # The series takes no more deals, so the retry is refused as a new deal
    # would be; the key still finds the deal it recorded.
    club, (a, b, c) = club_with_players(("Anna", "Bruno", "Carla"))
    series_id = start(club, [a, b, c], options={"deals": 1}).series_id
    deal = entry(a, {b: 20, c: 30})
    first = services.deal_record(series_id=series_id, entry=deal, idempotency_key="k-1")
    retry = services.deal_record(series_id=series_id, entry=deal, idempotency_key="k-1")
    assert first.state.status == "finished"
    assert retry.replayed and retry.state == first.state
    assert Event.objects.count() == 2


def test_a_key_reused_for_another_request_is_refused(series):
    series_id, (a, b, c) = series
    services.deal_record(series_id=series_id, entry=entry(a, {b: 20, c: 30}), idempotency_key="k")
    with pytest.raises(services.IdempotencyMismatch):
        services.deal_record(
            series_id=series_id, entry=entry(a, {b: 25, c: 30}), idempotency_key="k"
        )
    assert Event.objects.count() == 2


def test_a_failure_after_the_append_leaves_neither_event_nor_projection(series, monkeypatch):
    series_id, (a, b, c) = series
    real_append = store.append

    def append_then_fail(*args, **kwargs):
        real_append(*args, **kwargs)
        raise RuntimeError("the process died after the append")

    monkeypatch.setattr(store, "append", append_then_fail)
    with pytest.raises(RuntimeError):
        services.deal_record(series_id=series_id, entry=entry(a, {b: 20, c: 30}))
    assert Event.objects.count() == 1
    assert SeriesSheet.objects.get(id=series_id).version == 1
    assert not DealLine.objects.exists()


def test_a_failing_projection_leaves_no_event(series, monkeypatch):
    series_id, (a, b, c) = series

    def broken(*args, **kwargs):
        raise RuntimeError("projection failed")

    monkeypatch.setattr(projection, "project", broken)
    with pytest.raises(RuntimeError):
        services.deal_record(series_id=series_id, entry=entry(a, {b: 20, c: 30}))
    assert Event.objects.count() == 1


# -- concurrency (PostgreSQL, real connections) -------------------------------


def _in_thread(target, *args):
    errors = []

    def run():
        try:
            target(*args)
        except Exception as error:  # reported to the test below
            errors.append(error)
        finally:
            connection.close()

    thread = threading.Thread(target=run)
    thread.start()
    return thread, errors


@pytest.mark.postgres
@pytest.mark.django_db(transaction=True)
def test_two_writers_at_the_same_version_one_wins_the_other_gets_a_conflict():
    club, players = club_with_players(("Anna", "Bruno", "Carla"))
    a, b, c = players
    series_id = start(club, players).series_id
    barrier = threading.Barrier(2)
    outcomes = []

    def writer(goer, other, third):
        barrier.wait()
        try:
            services.deal_record(
                series_id=series_id, entry=entry(goer, {other: 20, third: 30}), expected_version=1
            )
            outcomes.append("won")
        except store.VersionConflict:
            outcomes.append("conflict")

    threads = [_in_thread(writer, a, b, c), _in_thread(writer, b, a, c)]
    for thread, errors in threads:
        thread.join()
        assert not errors
    assert sorted(outcomes) == ["conflict", "won"]
    versions = list(Event.objects.filter(stream=series_id).values_list("version", flat=True))
    assert versions == [1, 2]
    assert services.series_load(series_id).next_number == 2


def _race_tailing_reader(writers: int, appends: int) -> tuple[set[int], set[int]]:
    """Writers append with transactions that sleep before commit while a reader
    tails the log by position. Returns (positions seen, positions committed)."""
    club, _players = club_with_players(("Anna", "Bruno", "Carla"))
    done = threading.Event()
    seen: set[int] = set()

    def write(seed):
        rng = random.Random(seed)
        stream = uuid.uuid4()
        for version in range(appends):
            with transaction.atomic():
                store.append(
                    stream,
                    club_id=club.id,
                    expected_version=version,
                    events=[SeriesAbandoned(f"w{seed}")],
                )
                time.sleep(rng.uniform(0.001, 0.006))

    def tail():
        cursor = 0
        while True:
            finished = done.is_set()
            for stored in store.read_after(cursor, limit=500):
                seen.add(stored.position)
                cursor = stored.position
            if finished:
                return
            time.sleep(0.0005)

    reader, reader_errors = _in_thread(tail)
    pool = [_in_thread(write, seed) for seed in range(writers)]
    for thread, errors in pool:
        thread.join()
        assert not errors
    done.set()
    reader.join()
    assert not reader_errors
    committed = set(Event.objects.filter(type="SeriesAbandoned").values_list("position", flat=True))
    return seen, committed


@pytest.mark.postgres
@pytest.mark.django_db(transaction=True)
def test_a_tailing_reader_racing_eight_writers_skips_no_event():
    seen, committed = _race_tailing_reader(writers=8, appends=12)
    assert len(committed) == 96
    assert committed <= seen


@pytest.mark.postgres
@pytest.mark.django_db(transaction=True)
def test_without_the_log_lock_the_same_race_skips_events(monkeypatch):
    # Proves the test above can fail: sequences commit out of order.
    monkeypatch.setattr(store, "log_lock", lambda after="": (f"(SELECT 1 {after}) AS log_lock", []))
    seen, committed = _race_tailing_reader(writers=8, appends=12)
    assert len(committed) == 96
    assert committed - seen


@pytest.mark.postgres
@pytest.mark.django_db(transaction=True)
def test_scorers_finishing_series_of_one_club_at_once_never_deadlock():
    # A series' last deal also rewrites the club's league tables under a lock
    # on the club's row; the log's lock and the foreign-key checks of other
    # writers' events must never wait on each other in a cycle.
    # Six tables of one club; each its own three players (RULES D-19).
    club, players = club_with_players(tuple(f"Player {n}" for n in range(18)))
    barrier = threading.Barrier(6)

    def play(seed):
        rng = random.Random(seed)
        barrier.wait()
        for _ in range(3):
            seats = rng.sample(players[3 * seed : 3 * seed + 3], 3)
            series_id = start(club, seats).series_id
            for _deal in range(3):
                state = services.series_load(series_id)
                goer, *others = state.next_players
                hands = {p: rng.randint(15, 60) for p in others}
                services.deal_record(series_id=series_id, entry=entry(goer, hands))

    writers = [_in_thread(play, seed) for seed in range(6)]
    for thread, errors in writers:
        thread.join()
        assert not errors, errors
    assert Event.objects.filter(type="DealRecorded").count() == 6 * 3 * 3
