"""The season a series counts in follows the day it started where the club plays
(its time zone), whichever process writes the league: the follower, a rebuild,
an admin's page or the API. A club in Auckland that plays at 09:00 on New
Year's Day plays in the new year's season, though it is still the old year in
UTC; when the club changes its time zone, the league is counted again."""

from __future__ import annotations

from datetime import UTC, date, datetime

import pytest
from django.utils import timezone

from series.clubs import services as club_services
from series.league import services as league
from series.models import SeasonStanding
from series.sheets import projection, services
from tests.support.factories import club_with_players, entry, start
from tests.support.league import caught_up, league_tables

pytestmark = pytest.mark.django_db

NEW_YEARS_MORNING_IN_AUCKLAND = datetime(2024, 12, 31, 20, 0, tzinfo=UTC)


@pytest.fixture
def kiwi_club():
    club, (anna, bruno, carla) = club_with_players(("Anna", "Bruno", "Carla"), name="Kiwi club")
    club_services.club_update(club=club, time_zone="Pacific/Auckland")
    when = NEW_YEARS_MORNING_IN_AUCKLAND
    series = start(club, [anna, bruno, carla], first_dealer=anna, recorded_at=when).series_id
    for goer, hands in [
        (anna, {bruno: 20, carla: 30}),
        (bruno, {anna: 40, carla: 25}),
        (carla, {anna: 15, bruno: 50}),
        (carla, {anna: 20}),
    ]:
        services.deal_record(series_id=series, entry=entry(goer, hands), recorded_at=when)
    caught_up()  # the follower runs in the server's time zone (UTC)
    return club


def seasons(club) -> set[str]:
    return set(SeasonStanding.objects.filter(club=club).values_list("season", flat=True))


def test_a_series_on_new_years_morning_counts_in_the_new_year_wherever_it_is_written(kiwi_club):
    assert seasons(kiwi_club) == {"2025"}  # by the follower
    with timezone.override("UTC"):  # an admin through the API: no page's time zone
        league.season_add(
            club=kiwi_club,
            name="Winter 2023",
            first_day=date(2023, 6, 1),
            last_day=date(2023, 8, 31),
        )
    assert seasons(kiwi_club) == {"2025"}
    tables = league_tables()
    projection.rebuild()
    assert league_tables() == tables
    assert seasons(kiwi_club) == {"2025"}


def test_a_club_that_moves_its_time_zone_is_counted_again(kiwi_club):
    club_services.club_update(club=kiwi_club, time_zone="UTC")
    caught_up()
    assert seasons(kiwi_club) == {"2024"}  # still New Year's Eve in UTC
    tables = league_tables()
    projection.rebuild()
    assert league_tables() == tables
