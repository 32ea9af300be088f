"""Reads cost a fixed number of queries, however long the series or the club's
history (DESIGN rule 7)."""

from __future__ import annotations

import pytest
from django.db import connection

from series.clubs import players as player_services
from series.eventstore import projectors
from series.sheets import services
from tests.support.factories import entry, start

pytestmark = pytest.mark.django_db

# Every authenticated read: the token with its user, then the club and the role.
AUTH_AND_ACCESS = 3


def play(table, series_id, deals: int):
    anna, bruno, carla = table.players
    rotation = [(anna, (bruno, carla)), (bruno, (anna, carla))]
    for number in range(deals):
        winner, others = rotation[number % 2]
        services.deal_record(series_id=series_id, entry=entry(winner, dict.fromkeys(others, 40)))


@pytest.mark.parametrize("deals", [0, 2])
def test_a_score_sheet_costs_six_queries_however_many_deals(
    table, as_role, django_assert_num_queries, deals
):
    series_id = start(table.club, table.players, options={"deals": 10}).series_id
    play(table, series_id, deals)
    client = as_role("member")
    # + seats with players, deal lines, scores
    with django_assert_num_queries(AUTH_AND_ACCESS + 3):
        response = client.get(f"/api/v1/series/{series_id}")
    assert response.status_code == 200
    assert len(response.json()["deals"]) == deals


def test_an_anonymous_reader_of_a_public_club_needs_no_auth_queries(
    table, as_role, django_assert_num_queries
):
    table.club.public = True
    table.club.save()
    series_id = start(table.club, table.players).series_id
    client = as_role(None)
    # the club with the sheet's version (its ETag), sheet, seats, lines, scores
    with django_assert_num_queries(5):
        response = client.get(f"/api/v1/series/{series_id}")
    assert response.status_code == 200
    assert [player["name"] for player in response.json()["players"]] == ["Anna", "Bruno", "Carla"]


def test_an_unchanged_score_sheet_is_answered_304_after_the_token_and_one_query(
    table, as_role, django_assert_num_queries
):
    series_id = start(table.club, table.players).series_id
    play(table, series_id, 2)
    client = as_role("member")
    tag = client.get(f"/api/v1/series/{series_id}")["ETag"]

    with django_assert_num_queries(2):  # the token with its user; club, role and version
        again = client.get(f"/api/v1/series/{series_id}", HTTP_IF_NONE_MATCH=tag)

    assert again.status_code == 304
    assert again.content == b""


def test_an_anonymous_watcher_of_a_public_club_is_answered_304_after_one_query(
    table, as_role, django_assert_num_queries
):
    table.club.public = True
    table.club.save()
    series_id = start(table.club, table.players).series_id
    client = as_role(None)
    tag = client.get(f"/api/v1/series/{series_id}")["ETag"]

    with django_assert_num_queries(1):
        again = client.get(f"/api/v1/series/{series_id}", HTTP_IF_NONE_MATCH=tag)

    assert again.status_code == 304


@pytest.mark.parametrize("series_count", [1, 4])
def test_the_club_series_list_costs_five_queries_however_many_series(
    table, as_role, django_assert_num_queries, series_count
):
    for _ in range(series_count):  # each scrapped before the next seats them (RULES D-19)
        services.series_abandon(series_id=start(table.club, table.players).series_id)
    client = as_role("member")
    with django_assert_num_queries(AUTH_AND_ACCESS + 2):  # + count, page
        response = client.get(f"/api/v1/clubs/{table.club.slug}/series")
    assert response.status_code == 200
    assert response.json()["count"] == series_count


@pytest.mark.parametrize("extra_players", [0, 5])
def test_the_player_list_costs_four_queries(
    table, as_role, django_assert_num_queries, extra_players
):
    for n in range(extra_players):
        player_services.player_add(club=table.club, name=f"Player {n}")
    client = as_role("member")
    with django_assert_num_queries(AUTH_AND_ACCESS + 1):
        response = client.get(f"/api/v1/clubs/{table.club.slug}/players")
    # A refusal costs as many queries and its body ({code, message, field}) has
    # three entries too: the list is known by its status and its names.
    assert response.status_code == 200
    added = [f"Player {n}" for n in range(extra_players)]
    assert sorted(p["name"] for p in response.json()) == ["Anna", "Bruno", "Carla", *added]


def test_the_member_list_costs_four_queries(table, as_role, django_assert_num_queries):
    client = as_role("member")
    with django_assert_num_queries(AUTH_AND_ACCESS + 1):
        response = client.get(f"/api/v1/clubs/{table.club.slug}/members")
    assert response.status_code == 200
    assert [m["username"] for m in response.json()] == ["admin", "member", "scorer"]


@pytest.mark.parametrize("deals", [0, 3])
def test_the_audit_trail_costs_three_queries_however_many_events(
    table, as_role, django_assert_num_queries, deals
):
    series_id = start(table.club, table.players, options={"deals": 10}).series_id
    play(table, series_id, deals)
    client = as_role("member")
    with django_assert_num_queries(3):  # the token, the series' club with the role, the log
        response = client.get(f"/api/v1/series/{series_id}/events")
    assert response.status_code == 200
    assert len(response.json()) == 1 + deals


@pytest.mark.parametrize("deals", [0, 3])
def test_recording_a_deal_costs_six_round_trips_however_many_deals(
    table, as_role, django_assert_num_queries, deals
):
    series_id = start(table.club, table.players, options={"deals": 10}).series_id
    play(table, series_id, deals)
    anna, bruno, carla = table.players
    winner, others = (anna, (bruno, carla)) if deals % 2 == 0 else (bruno, (anna, carla))
    body = {
        "expected_version": 1 + deals,
        "went_out": winner.id,
        "hands": [{"player": p.id, "points": 40} for p in others],
    }
    client = as_role("scorer")
    # The token with its user; the series' club with the role and the players'
    # names; the snapshot; begin; the event with the sheet's header, line and
    # scores (one statement on PostgreSQL, four on SQLite); commit. (Begin and
    # commit are a savepoint of the test's transaction here; outside any, on
    # PostgreSQL, the statement is its own transaction: test_one_statement_deal.)
    writes = 1 if connection.vendor == "postgresql" else 4
    with django_assert_num_queries(5 + writes):
        response = client.post(
            f"/api/v1/series/{series_id}/deals", body, format="json", HTTP_IDEMPOTENCY_KEY="a-key"
        )
    assert response.status_code == 201
    assert len(response.json()["deals"]) == deals + 1


@pytest.mark.postgres
def test_a_deal_and_a_counted_series_reuse_their_prepared_statements(table):
    """A deal's statements, and those with which the league's follower counts a
    finished series, keep one text whatever the deal or the series, so the
    database plans each once a connection (``DB_PREPARED_STATEMENTS``, on by
    default)."""
    for _ in range(6):
        series_id = start(table.club, table.players, options={"deals": 3}).series_id
        play(table, series_id, 3)  # Anna wins each
        projectors.follow_log()  # as it does beside the server, once the series ends
    with connection.cursor() as cursor:
        cursor.execute("SELECT statement FROM pg_prepared_statements")
        prepared = [statement for (statement,) in cursor.fetchall()]
    for beginning in (
        "SELECT snapshot, started_at",  # the series' state
        "WITH write0 AS (UPDATE series_seriessheet",  # the deal's event and rows
        "WITH write0 AS (INSERT INTO series_seriesresult",  # the series counted
    ):
        assert any(statement.startswith(beginning) for statement in prepared), beginning
