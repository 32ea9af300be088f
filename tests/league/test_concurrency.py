"""Series of one club finish at the same moment, and the league's follower counts
them while an admin changes the seasons: the league's tables still equal a
rebuild, because every writer of the league takes the club's lock in turn.
Without the lock they do not: the follower counts a series into the season it
read before the admin's change, which the admin's recount could not see."""

from __future__ import annotations

import threading
from datetime import timedelta

import pytest
from django.db import connection
from django.utils import timezone

from series.clubs import players as player_services
from series.league import projection
from series.league import services as league
from series.models import Club, LeagueBehind, SeriesResult
from series.sheets import projection as sheet_projection
from series.sheets import services
from tests.support.factories import club_with_players, entry, start
from tests.support.league import caught_up, league_tables

pytestmark = [pytest.mark.postgres, pytest.mark.django_db(transaction=True)]


def play(series_id, deals, at):
    """Deals where the first of ``others`` holds 30 points and the second 55."""
    for goer, (first, second) in deals:
        hands = {first: 30, second: 55}
        services.deal_record(series_id=series_id, entry=entry(goer, hands), recorded_at=at)


def unlocked(club_id, *fields):
    """The club's fields, read without the lock."""
    return Club.objects.values_list(*fields).get(id=club_id) if fields else ()


def at_once(*calls) -> list[Exception]:
    """Run ``calls`` in threads that start together; the errors they raised."""
    barrier, errors = threading.Barrier(len(calls)), []

    def run(call):
        barrier.wait()
        try:
            call()
        except Exception as error:  # reported below
            errors.append(error)
        finally:
            connection.close()

    threads = [threading.Thread(target=run, args=(call,)) for call in calls]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    return errors


def two_tables():
    """X (Anna, Bruno, Carla) started first, Z (Fabio, Dario, Elena) an hour
    later, at another table (nobody sits at two, RULES D-19); both are one deal
    from their end."""
    club, (a, b, c, d, e, f) = club_with_players(
        ("Anna", "Bruno", "Carla", "Dario", "Elena", "Fabio")
    )
    now = timezone.now()
    x = start(club, [a, b, c], recorded_at=now).series_id
    z = start(club, [f, d, e], recorded_at=now + timedelta(hours=1)).series_id
    play(x, [(a, (b, c)), (b, (a, c))], now)
    play(z, [(f, (d, e)), (d, (f, e))], now)
    return club, now, lambda: play(x, [(c, (a, b))], now), lambda: play(z, [(e, (f, d))], now)


def test_series_finishing_at_once_give_the_ratings_of_a_rebuild():
    club, _now, last_of_x, last_of_z = two_tables()
    assert at_once(last_of_x, last_of_z) == []
    assert LeagueBehind.objects.filter(club=club).count() == 1  # one mark, from X on
    caught_up()
    assert SeriesResult.objects.count() == 6
    counted = league_tables()
    sheet_projection.rebuild()
    assert league_tables() == counted


def race(monkeypatch, *, lock: bool) -> list[Exception]:
    """The follower counts X and Z while an admin names a season that holds
    them: the admin starts once the follower has read the season of a series,
    and the follower goes on once the admin is done, or after a second (the
    admin then waits for the club's lock)."""
    club, now, last_of_x, last_of_z = two_tables()
    last_of_x()
    last_of_z()
    league_now = projection._league_now
    season_read, admin_done = threading.Event(), threading.Event()

    def slow_league_now(*args, **kwargs):
        read = league_now(*args, **kwargs)
        season_read.set()
        admin_done.wait(timeout=1.0)
        return read

    monkeypatch.setattr(projection, "_league_now", slow_league_now)
    if not lock:
        monkeypatch.setattr(projection, "lock_league", unlocked)
        monkeypatch.setattr(league.projection, "lock_league", unlocked)
    today = timezone.localdate(now)

    def name_the_season():
        season_read.wait(timeout=10)  # the follower first
        league.season_add(
            club=club,
            name="This week",
            first_day=today - timedelta(days=3),
            last_day=today + timedelta(days=3),
        )
        admin_done.set()

    return at_once(caught_up, name_the_season)


def test_the_follower_and_an_admins_change_take_turns(monkeypatch):
    assert race(monkeypatch, lock=True) == []
    assert SeriesResult.objects.count() == 6
    counted = league_tables()
    sheet_projection.rebuild()
    assert league_tables() == counted


def test_without_the_club_lock_the_same_race_goes_wrong(monkeypatch):
    # Proves the test above can fail: the admin's recount does not see the
    # follower's series, and the follower writes them into the season it read.
    errors = race(monkeypatch, lock=False)
    counted = league_tables()
    sheet_projection.rebuild()
    assert errors or league_tables() != counted


def test_a_merge_decided_while_a_start_seating_both_commits_is_refused(monkeypatch):
    """The merge read the seats before a series that seats both players committed;
    the log would hold the start and then the merge, which a restore (replaying
    the log in order) refuses. Checked again under the log's lock, after the
    start's commit, the merge is refused now, with nothing written."""
    from series.clubs.stream import SeatedTables
    from series.domain.errors import DomainError
    from series.eventstore import store
    from series.models import Event

    club, (anna, anna_b, carla) = club_with_players(("Anna", "Anna B", "Carla"), name="Merge club")
    start_appended, merge_read_seats = threading.Event(), threading.Event()
    append, shared = store.append, SeatedTables.shared

    def append_then_wait(*args, **kwargs):
        stored = append(*args, **kwargs)
        if threading.current_thread().name == "start":
            start_appended.set()  # appended, not committed until the merge has read
            merge_read_seats.wait(timeout=10)
        return stored

    def shared_then_signal(self, players, others):
        answer = shared(self, players, others)
        merge_read_seats.set()
        return answer

    monkeypatch.setattr(store, "append", append_then_wait)
    monkeypatch.setattr(SeatedTables, "shared", shared_then_signal)
    errors: list[Exception] = []

    def start_series():
        try:
            start(club, [anna, anna_b, carla], first_dealer=anna)
        finally:
            connection.close()

    def merge():
        start_appended.wait(timeout=10)
        try:
            player_services.players_merge(club=club, source_id=anna_b.id, target_id=anna.id)
        except DomainError as error:
            errors.append(error)
        finally:
            connection.close()

    threads = [threading.Thread(target=start_series, name="start"), threading.Thread(target=merge)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()

    assert [error.code for error in errors] == ["players_sat_together"]
    assert list(Event.objects.values_list("type", flat=True)) == ["SeriesStarted"]
