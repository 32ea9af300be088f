"""No player is seated at two open tables of one club at once (RULES D-19)."""

from __future__ import annotations

import threading

import pytest
from django.db import connection

from series.clubs import players as player_services
from series.domain.errors import DomainError
from series.models import Event, SeriesSheet
from series.sheets import services
from tests.factories import club_with_players, entry, start

pytestmark = pytest.mark.django_db


def test_a_series_seating_a_player_of_an_open_series_is_refused_naming_that_series():
    # RULES D-19
    club, (a, b, c, d, e) = club_with_players()
    first = start(club, [a, b, c]).series_id
    with pytest.raises(services.SeatedElsewhere) as refused:
        start(club, [d, e, c])
    assert refused.value.params == {"player": c.id, "series": str(first)}
    assert refused.value.code == "player_seated_elsewhere"
    assert SeriesSheet.objects.filter(club=club).count() == 1
    assert Event.objects.filter(type="SeriesStarted").count() == 1


def test_two_players_seated_at_two_open_series_are_not_merged_into_one_person():
    # RULES D-19: the same person at two open tables
    club, (a, b, c, d, e, f) = club_with_players(("A", "B", "C", "D", "E", "F"))
    start(club, [a, b, c])
    start(club, [d, e, f])
    with pytest.raises(DomainError) as refused:
        player_services.players_merge(club=club, source_id=d.id, target_id=a.id)
    assert refused.value.code == "players_seated_apart"
    assert not Event.objects.filter(type="PlayersMerged").exists()


def test_a_player_merged_into_one_seated_at_an_open_series_is_not_seated_at_another():
    # RULES D-19: a merged player is the person they were merged into
    club, (a, b, c, d, e, f) = club_with_players(("A", "B", "C", "D", "E", "F"))
    first = start(club, [a, b, c]).series_id
    player_services.players_merge(club=club, source_id=d.id, target_id=a.id)
    with pytest.raises(services.SeatedElsewhere) as refused:
        start(club, [d, e, f])
    assert refused.value.params["series"] == str(first)


def test_players_of_an_abandoned_or_finished_series_may_be_seated_again():
    # RULES D-19: only open tables hold their players
    club, (a, b, c, d, e) = club_with_players()
    abandoned = start(club, [a, b, c]).series_id
    services.series_abandon(series_id=abandoned, reason="started by mistake")
    finished = start(club, [a, b, c], options={"deals": 1}).series_id
    services.deal_record(series_id=finished, entry=entry(a, {b: 20, c: 30}))
    assert SeriesSheet.objects.get(id=finished).status == "finished"
    again = start(club, [c, d, e, a]).state
    assert again.is_open


@pytest.mark.postgres
@pytest.mark.django_db(transaction=True)
def test_two_phones_starting_series_with_one_player_at_once_seat_them_once():
    # RULES D-19, exact under concurrency: the check runs under the log's lock
    club, (a, b, c, d, e) = club_with_players()
    barrier, outcomes = threading.Barrier(2), []

    def start_table(players):
        barrier.wait()
        try:
            start(club, players)
            outcomes.append("started")
        except services.SeatedElsewhere:
            outcomes.append("refused")
        finally:
            connection.close()

    threads = [
        threading.Thread(target=start_table, args=(seats,)) for seats in ([a, b, c], [d, e, c])
    ]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert sorted(outcomes) == ["refused", "started"]
    assert SeriesSheet.objects.filter(club=club, status="in_progress").count() == 1


@pytest.mark.postgres
@pytest.mark.django_db(transaction=True)
def test_a_start_appended_but_not_committed_still_refuses_the_next(monkeypatch):
    # RULES D-19. The first start has appended (it holds the log's lock) and
    # waits until the second has reached its own append: a check made before
    # the append would not see the first's seats; made after it, under the
    # lock, it waits for the first's commit and sees them.
    from series.eventstore import store

    club, (a, b, c, d, e) = club_with_players()
    first_appended, second_appending = threading.Event(), threading.Event()
    append = store.append

    def append_in_turn(*args, **kwargs):
        if threading.current_thread().name == "second":
            second_appending.set()
            return append(*args, **kwargs)
        stored = append(*args, **kwargs)
        first_appended.set()
        second_appending.wait(timeout=10)
        return stored

    monkeypatch.setattr(store, "append", append_in_turn)
    outcomes: dict[str, str] = {}

    def start_table(name, players, after=None):
        if after is not None:
            after.wait(timeout=10)
        try:
            start(club, players)
            outcomes[name] = "started"
        except services.SeatedElsewhere:
            outcomes[name] = "refused"
        finally:
            connection.close()

    threads = [
        threading.Thread(target=start_table, args=("first", [a, b, c]), name="first"),
        threading.Thread(
            target=start_table, args=("second", [d, e, c], first_appended), name="second"
        ),
    ]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert outcomes == {"first": "started", "second": "refused"}
