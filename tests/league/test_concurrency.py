"""Two series of one club finish at the same moment while an older one changes
the ratings of later series: the league's tables still equal a rebuild,
because the league's writers take the club's lock in turn (and without it
they do not: the ratings differ, or both write the season's standings)."""

from __future__ import annotations

import threading
import time
from datetime import timedelta

import pytest
from django.db import connection
from django.utils import timezone

from series import projections, services
from series.league import projection
from series.models import SeriesResult
from tests.factories import club_with_players, entry, start

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


def race(monkeypatch, *, lock: bool) -> list[Exception]:
    """X (Anna, Bruno, Carla) started first and is still open; Y (Anna, Dario,
    Elena) came after and finished; Z (Dario, Elena, Fabio) came last. X and Z
    now finish at once: X walks the ratings again from X, so Y's change, and Z
    rates Dario and Elena after Y."""
    club, (a, b, c, d, e, f) = club_with_players(("Anna", "Bruno", "Carla", "Dario", "Elena",
                                                  "Fabio"))  # fmt: skip
    now = timezone.now()
    x = start(club, [a, b, c], recorded_at=now).series_id
    y = start(club, [a, d, e], recorded_at=now + timedelta(hours=1)).series_id
    z = start(club, [d, e, f], recorded_at=now + timedelta(hours=2)).series_id
    play(x, [(a, (b, c)), (b, (a, c))], now)
    play(y, [(a, (d, e)), (d, (a, e)), (e, (a, d))], now)
    play(z, [(d, (e, f)), (e, (d, f))], now)
    rerate = projection.rerate

    def slow_rerate(*args, **kwargs):
        time.sleep(0.3)  # let the other transaction get this far too
        rerate(*args, **kwargs)

    monkeypatch.setattr(projection, "rerate", slow_rerate)
    if not lock:
        monkeypatch.setattr(projection, "lock_league", lambda club_id: None)
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
               threading.Thread(target=last_deal, args=(z, f, (d, e)))]  # fmt: skip
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    return errors


def test_series_finishing_at_once_give_the_ratings_of_a_rebuild(monkeypatch):
    assert race(monkeypatch, lock=True) == []
    assert SeriesResult.objects.count() == 9
    inline = league_tables()
    projections.rebuild()
    assert league_tables() == inline


def test_without_the_club_lock_the_same_race_goes_wrong(monkeypatch):
    # Proves the test above can fail: each transaction walks what it can see,
    # and both write the season's standings.
    errors = race(monkeypatch, lock=False)
    inline = results()
    projections.rebuild()
    assert errors or results() != inline
