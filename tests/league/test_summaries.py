"""Each person's stored summaries: kept in step at a cost that does not grow
with the history, and following the seasons. (That they equal a rebuild after
any history is the property test of ``test_rebuild``.)"""

from __future__ import annotations

from datetime import date

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from series.league import projection
from series.league import services as league
from series.league.player_record import player_record
from tests.support.factories import start
from tests.support.league import at, caught_up, play_more, record

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize("more", [0, 4])
def test_a_newly_finished_series_is_counted_in_the_same_statements_however_many_series(
    history, monkeypatch, more
):
    play_more(history, more)
    counted = []
    count_in_order = projection.count_in_order

    def counting(*args):
        with CaptureQueriesContext(connection) as queries:
            count_in_order(*args)
        counted.append(len(queries))

    monkeypatch.setattr(projection, "count_in_order", counting)
    # One more series, after every other: the follower adds it as it stands.
    a, b, c = history.anna, history.bruno, history.carla
    series = start(history.club, [a, b, c], first_dealer=a, recorded_at=at(11, 20))
    for _ in range(3):
        record(series.series_id, a, {b: 30, c: 40}, at(11, 20))
    caught_up()
    # The read of its players' latest ratings and its season, then its
    # results, its season's lines and records, the summaries and the tallies:
    # one statement (on SQLite, one each).
    assert counted == [2 if connection.vendor == "postgresql" else 6]
    anna = player_record(history.anna)
    assert anna.series_count == 2 + more + 1
    assert {h.name: h.series for h in anna.head_to_head} == {
        "Bruno": 2 + more + 1,
        "Carla": 2 + more + 1,
    }


def test_a_named_season_moves_a_players_series_out_of_the_calendar_year(history):
    league.season_add(
        club=history.club, name="Spring", first_day=date(2025, 3, 1), last_day=date(2025, 5, 31)
    )
    carla = player_record(history.carla)
    # The first series, in March, is spring's; the second, in September, 2025's.
    assert [(line.season, line.figures.series_played) for line in carla.seasons] == [
        ("spring", 1),
        ("2025", 1),
    ]
    assert carla.all_time[0].figures.series_played == 2
    league.season_remove(club=history.club, key="spring")
    carla = player_record(history.carla)
    assert [(line.season, line.figures.series_played) for line in carla.seasons] == [("2025", 2)]
