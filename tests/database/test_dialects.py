"""Every statement the app writes by hand runs on a migrated database of each
dialect (``series.database.dialects``): a column renamed in the models and
migrations but not in a statement fails here, not on a phone. The SQLite
dialect's tests run when the suite runs on SQLite (CI's core run), the
PostgreSQL dialect's when it runs on PostgreSQL; the app's own statements run
on both."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.contrib.auth.models import AnonymousUser
from django.db import connection, transaction
from django.utils import timezone

from series.database import dialects
from series.eventstore import store
from series.league import aggregates, placement, projection, records, standings, summaries
from series.models import (
    ClubRecord,
    HeadToHeadTally,
    LeagueBehind,
    PersonSummary,
    SeasonStanding,
    SeriesResult,
    SeriesSheet,
)
from series.sheets import projection as sheet_projection
from series.sheets import selectors
from series.sheets import services as sheets
from tests.support.factories import club_with_players, start

pytestmark = pytest.mark.django_db

SEASON = "2026"


@pytest.fixture
def table():
    club, players = club_with_players(("Anna", "Bruno", "Carla"))
    series = start(club, players)
    return club, players, series.series_id


def _results(club, players, series_id, places=None) -> list[SeriesResult]:
    at = timezone.now()
    places = places or range(1, len(players) + 1)
    return [
        SeriesResult(
            series_id=series_id,
            club_id=club.id,
            game="continental",
            started_at=at,
            player_id=player.id,
            person_id=player.id,
            players=len(players),
            place=place,
            won=place == 1,
            total=10 * place,
            deals=3,
            went_out=1 if place == 1 else 0,
            last_out=3 if place == 1 else 0,
            tiebreak=False,
            deficit=0,
            streak=0,
            mu=25.0,
            sigma=8.0,
            ordinal=1.0,
        )
        for place, player in zip(places, players, strict=True)
    ]


def _run(write: store.Write) -> None:
    with connection.cursor() as cursor:
        cursor.execute(write.sql, list(write.params))


@pytest.fixture(params=sorted(dialects.BY_VENDOR))
def dialect(request):
    if connection.vendor != request.param:
        pytest.skip(f"runs when the suite runs on {request.param}")
    return dialects.BY_VENDOR[request.param]


def test_the_dialect_is_chosen_by_the_connection(dialect):
    assert dialects.current() is dialect


def test_rows_insert_and_upsert_in_the_dialect(dialect, table):
    """The upsert that marks a league behind, once new and once meeting itself."""
    club, _players, _series = table
    at = timezone.now()
    fields = ("club", "since", "from_started_at", "from_series")
    then = "ON CONFLICT (club_id) DO UPDATE SET from_started_at = excluded.from_started_at"
    for started in (at, at - timedelta(days=1)):
        sql, params = dialect.insert_rows(
            LeagueBehind, fields, [(club.id, at, started, None)], then, where="true"
        )
        with connection.cursor() as cursor:
            cursor.execute(sql, params)
    assert LeagueBehind.objects.get(club=club).from_started_at == at - timedelta(days=1)


def test_the_log_lock_and_the_guard_condition_select_a_row(dialect):
    source, params = dialect.log_lock(0x5C0_4EE9)
    with transaction.atomic(), connection.cursor() as cursor:
        guarded = dialect.guards_held()
        if dialect.WRITES_IN_APPEND:  # the condition names the guards' CTE
            cursor.execute(
                f"WITH guards_held AS (SELECT 1) SELECT 1 FROM {source} WHERE {guarded}", params
            )
        else:
            cursor.execute(f"SELECT 1 FROM {source} WHERE {guarded}", params)
        assert cursor.fetchall() == [(1,)]
        dialect.lock_pair(cursor, 0x5167, 7)


def test_a_rebuild_empties_the_tables_and_copies_the_rows_back(dialect, table):
    """``empty_tables`` and ``copy_rows``, through the projections' rebuild."""
    _club, _players, series_id = table
    before = SeriesSheet.objects.get(id=series_id)
    sheet_projection.rebuild()
    after = SeriesSheet.objects.get(id=series_id)
    assert (after.version, after.started_at) == (before.version, before.started_at)
    assert sheet_projection.saved_state(series_id)[1] == before.started_at


def test_the_json_aggregate_names_the_seated(dialect, table):
    _club, _players, series_id = table
    access = selectors.series_access(series_id, AnonymousUser())
    assert sorted(access.names.values()) == ["Anna", "Bruno", "Carla"]


# -- the app's hand-written statements, on whichever database the suite runs -------


def test_the_watched_sheet_reads_with_and_without_a_live_link(table):
    club, _players, series_id = table
    assert selectors.watched_sheet(series_id)[1] == club.name
    assert selectors.watched_sheet(series_id, generation=0, membership=None) is None  # private


def test_the_league_lock_and_its_reading_of_the_tables(table):
    club, players, _series_id = table
    assert projection.lock_league(club.id, "name", "time_zone") == (club.name, club.time_zone)
    now = projection._league_now(club.id, "continental", timezone.now(), [p.id for p in players])
    assert set(now.seated) == {p.id for p in players} and now.best_n is None


def test_the_league_mark_twice(table):
    club, _players, series_id = table
    _run(projection.mark_write(club.id, (timezone.now(), series_id)))
    _run(projection.mark_write(club.id, None))
    assert LeagueBehind.objects.get(club=club).from_series is None


def test_summaries_tallies_standings_and_records_add_up(table):
    club, players, series_id = table
    results = _results(club, players, series_id)
    SeriesResult.objects.bulk_create(results)
    for _ in range(2):  # the second time each upsert meets its rows
        for write in summaries.add_series(club.id, results, SEASON):
            _run(write)
        _run(standings._lines_write(club.id, "continental", SEASON, results))
        candidate = ClubRecord(
            club_id=club.id,
            game="continental",
            kind=ClubRecord.Kind.LOWEST_TOTAL,
            person_id=players[0].id,
            value=10,
            series_id=series_id,
            started_at=results[0].started_at,
            season=SEASON,
        )
        _run(records._if_beaten([candidate]))
    summary = PersonSummary.objects.get(person=players[0], season=SEASON)
    assert (summary.series_played, summary.best_series_id) == (2, series_id)
    assert SeasonStanding.objects.get(person=players[0]).series_played == 2
    assert HeadToHeadTally.objects.get(person=players[0], opponent=players[1]).series == 2
    HeadToHeadTally.objects.all().delete()
    summaries._write_tallies(club.id, [players[0].id])
    assert HeadToHeadTally.objects.get(person=players[0], opponent=players[1]).series == 1
    assert ClubRecord.objects.get(club=club).value == 10


def test_placement_points_count_level_players_and_a_best_n_in_one_statement():
    """RULES D-16: level players share the mean of the places they cover, and a
    ladder of each person's best series counts those only."""
    from fractions import Fraction

    club, (anna, bruno, carla, dario) = club_with_players(("Anna", "Bruno", "Carla", "Dario"))
    three = start(club, [anna, bruno, carla]).series_id
    sheets.series_abandon(series_id=three)  # nobody sits at two open tables (RULES D-19)
    SeriesResult.objects.bulk_create(_results(club, [anna, bruno, carla], three, places=[1, 2, 2]))
    four = start(club, [anna, bruno, carla, dario], first_dealer=dario).series_id
    SeriesResult.objects.bulk_create(
        _results(club, [bruno, carla, anna, dario], four, places=[1, 1, 3, 4])
    )
    every = SeriesResult.objects.filter(club=club)
    # Of 3: Anna 10; Bruno and Carla share 2nd and 3rd, (5 + 0) / 2 each.
    # Of 4: Bruno and Carla share 1st and 2nd, (10 + 20/3) / 2; Anna 10/3; Dario 0.
    assert placement.placement_points(every) == {
        anna.id: Fraction(40, 3),
        bruno.id: Fraction(5, 2) + Fraction(25, 3),
        carla.id: Fraction(5, 2) + Fraction(25, 3),
        dario.id: Fraction(0),
    }
    best = placement.placement_points(aggregates.best_n(every, 1))
    assert best == {
        anna.id: Fraction(10),
        bruno.id: Fraction(25, 3),
        carla.id: Fraction(25, 3),
        dario.id: Fraction(0),
    }
