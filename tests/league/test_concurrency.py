"""Two series of one club with a player in common finish at the same moment:
the league's tables still equal a rebuild (once caught up), because the
league's writers take the club's lock in turn: the later series is rated
after the earlier, or the earlier, finishing second, finds the later counted
and leaves the club to its catch-up. Without the lock they do not: both are
rated from the same ratings, and both write Anna's line of the season."""

from __future__ import annotations

import threading
import time
from datetime import timedelta

import pytest
from django.db import connection
from django.utils import timezone

from series import projections, services
from series.league import projection
from series.models import Club, SeriesResult
from tests.factories import club_with_players, entry, start

from .conftest import caught_up
from .test_rebuild import league_tables

pytestmark = [pytest.mark.postgres, pytest.mark.django_db(transaction=True)]


def results():
    fields = ("series", "person", "place", "mu", "sigma", "ordinal", "streak")
    return list(SeriesResult.objects.order_by("series", "person").values_list(*fields))


def play(series_id, deals, at):
    """Deals where the first of ``others`` holds 30 points and the second 55."""
    for goer, (first, second) in deals:
        hands = {first: 30, second: 55}
        services.deal_record(series_id=series_id, entry=entry(goer, hands), recorded_at=at)


def unlocked(club_id, *fields):
    """The club's fields, read without the lock."""
    return Club.objects.values_list(*fields).get(id=club_id) if fields else ()


def race(monkeypatch, *, lock: bool) -> list[Exception]:
    """X (Anna, Bruno, Carla) started first, Z (Anna, Dario, Elena) an hour
    later; both are one deal from their end, and end at once."""
    club, (a, b, c, d, e, _f) = club_with_players(("Anna", "Bruno", "Carla", "Dario", "Elena",
                                                   "Fabio"))  # fmt: skip
    now = timezone.now()
    x = start(club, [a, b, c], recorded_at=now).series_id
    z = start(club, [a, d, e], recorded_at=now + timedelta(hours=1)).series_id
    play(x, [(a, (b, c)), (b, (a, c))], now)
    play(z, [(a, (d, e)), (d, (a, e))], now)
    count_in_order = projection.count_in_order

    def slow_count_in_order(*args, **kwargs):
        time.sleep(0.3)  # let the other transaction get this far too
        count_in_order(*args, **kwargs)

    monkeypatch.setattr(projection, "count_in_order", slow_count_in_order)
    if not lock:
        monkeypatch.setattr(projection, "lock_league", unlocked)
    barrier, errors = threading.Barrier(2), []

    def last_deal(series_id, goer, others):
        barrier.wait()
        try:
            play(series_id, [(goer, others)], now)
        except Exception as error:  # reported below
            errors.append(error)
        finally:
            connection.close()

    threads = [threading.Thread(target=last_deal, args=(x, c, (a, b))),
               threading.Thread(target=last_deal, args=(z, e, (a, d)))]  # fmt: skip
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    return errors


def test_series_finishing_at_once_give_the_ratings_of_a_rebuild(monkeypatch):
    assert race(monkeypatch, lock=True) == []
    caught_up()
    assert SeriesResult.objects.count() == 6
    inline = league_tables()
    projections.rebuild()
    assert league_tables() == inline


def test_without_the_club_lock_the_same_race_goes_wrong(monkeypatch):
    # Proves the test above can fail: each transaction rates Anna from what it
    # can see, and both write her line of the season.
    errors = race(monkeypatch, lock=False)
    caught_up()
    inline = results()
    projections.rebuild()
    assert errors or results() != inline
