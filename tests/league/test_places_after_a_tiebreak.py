"""The player who loses the tiebreak for first is second in the night, in the
league's places and placement points, and in the ratings (RULES D-21); a league
counted before is counted again once, after the upgrade."""

from __future__ import annotations

from importlib import import_module
from types import SimpleNamespace

import pytest
from django.apps import apps
from django.db import connection

from series.backup import checksum
from series.league import selectors
from series.models import Night, SeriesResult
from series.nights import selectors as night_selectors
from series.nights import services as nights
from series.sheets import projection, services
from tests.support.factories import entry
from tests.support.league import caught_up
from tests.support.nights import drawn, night_of

pytestmark = pytest.mark.django_db


def places_of(series_id) -> dict[int, int]:
    return dict(SeriesResult.objects.filter(series_id=series_id).values_list("person_id", "place"))


def test_a_night_table_won_after_a_tiebreak_places_its_loser_second_in_the_night_and_league():
    """RULES D-21: tied for first on 40, B loses the tiebreak deal and ends on 100,
    above C's 60: B is 2nd at the table (5 points of placement) and in the league."""
    _club, _players, night = night_of(3, deals=3)
    night_id = night.night_id
    drawn(night_id, low=3, high=3)
    table = nights.night_tables_start(night_id=night_id).state.current_round.tables[0]
    a, b, c = table.seats
    for went_out, hands in (
        (a, {b: 20, c: 30}),
        (b, {a: 20, c: 30}),
        (c, {a: 20, b: 20}),
        (a, {b: 60}),  # the tiebreak deal between A and B
    ):
        services.deal_record(series_id=table.series, entry=entry(went_out, hands))
    assert services.series_load(table.series).totals == {a: 40, b: 100, c: 60}
    ranking = night_selectors.night_ranking(night_id)
    assert {line.player: (line.place, line.points) for line in ranking.lines} == {
        a: (1, 10),
        b: (2, 5),
        c: (3, 0),
    }
    nights.night_close(night_id=night_id)
    caught_up()
    assert places_of(table.series) == {a: 1, b: 2, c: 3}
    recorded = Night.objects.get(id=night_id).points
    assert {line["player"]: line["place"] for line in recorded} == {a: 1, b: 2, c: 3}


def test_after_the_upgrade_a_league_placed_before_d21_is_counted_again(history):
    """RULES D-21: the first series' tiebreak loser (Anna, 75) was placed 3rd
    behind Bruno (70); the upgrade marks the club behind and its follower counts
    her 2nd, with the placement points and ratings that follow, as a rebuild does."""
    caught_up()
    counted = SeriesResult.objects.filter(series_id=history.first)
    # As the league counted it before RULES D-21.
    counted.filter(person=history.anna).update(place=3)
    counted.filter(person=history.bruno).update(place=2)
    upgrade = import_module("series.migrations.0024_league_places_after_a_tiebreak")
    upgrade.mark_clubs_with_results(apps, SimpleNamespace(connection=connection))
    assert selectors.updating(history.club)
    caught_up()
    assert not selectors.updating(history.club)
    assert places_of(history.first) == {
        history.carla.id: 1,
        history.anna.id: 2,
        history.bruno.id: 3,
    }
    live = checksum.projection_checksum()
    projection.rebuild()
    assert checksum.projection_checksum() == live
