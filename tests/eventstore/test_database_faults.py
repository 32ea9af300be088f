"""A dropped database connection: the service retries the whole transaction
when that is safe, and otherwise the API answers 503 and the pages a friendly
page, never a 500."""

from __future__ import annotations

import threading
import time
import uuid

import psycopg
import pytest
from django.contrib.auth import get_user_model
from django.db import OperationalError, connection, connections
from django.test import Client

from series.accounts import services as accounts
from series.backup import checksum
from series.clubs import membership
from series.clubs import players as player_services
from series.clubs import services as club_services
from series.eventstore import projectors
from series.eventstore.retry import ATTEMPTS, DatabaseUnavailable, transient_retry
from series.models import DealLine, Event
from series.nights import services as nights
from series.sheets import projection, services
from tests.support.api import client_for
from tests.support.connections import admin_dsn

WORKERS, SERIES_EACH = 4, 3


def test_a_dropped_connection_is_retried_when_the_command_has_an_idempotency_key():
    calls = []

    @transient_retry
    def write(*, idempotency_key=None):
        calls.append(idempotency_key)
        if len(calls) == 1:
            raise OperationalError("server closed the connection unexpectedly")
        return "written"

    assert write(idempotency_key="7:abc") == "written"
    assert calls == ["7:abc", "7:abc"]


def test_a_dropped_connection_is_not_retried_when_the_command_could_apply_twice():
    calls = []

    @transient_retry
    def write():
        calls.append(1)
        raise OperationalError("server closed the connection unexpectedly")

    with pytest.raises(DatabaseUnavailable):
        write()
    assert calls == [1]


def test_retries_are_bounded():
    calls = []

    @transient_retry(idempotent=True)
    def write():
        calls.append(1)
        raise OperationalError("server closed the connection unexpectedly")

    with pytest.raises(DatabaseUnavailable):
        write()
    assert len(calls) == ATTEMPTS


def test_every_service_writer_goes_through_the_retry():
    from series.league import services as league

    writers = [
        club_services.club_create,
        player_services.player_add,
        player_services.player_erase,
        membership.member_set,
        club_services.club_update,
        services.series_start,
        services.deal_record,
        services.deal_correct,
        services.deal_void,
        services.series_abandon,
        services.deal_confirm,
        services.deal_dispute,
        accounts.pin_set,
        player_services.player_rename,
        player_services.guest_add,
        player_services.players_add,
        player_services.guest_mark,
        player_services.player_retire,
        player_services.player_return,
        player_services.player_link,
        player_services.players_merge,
        player_services.players_unmerge,
        league.ladder_set,
        league.season_add,
        league.season_remove,
        membership.member_remove,
        membership.invitation_create,
        membership.invitation_revoke,
        membership.invitation_accept,
        accounts.pin_confirmer,
        nights.night_open,
        nights.night_check_in,
        nights.night_check_out,
        nights.night_guest_add,
        nights.night_self_check_in,
        nights.night_round_draw,
        nights.night_player_move,
        nights.night_players_swap,
        nights.night_tables_start,
        nights.night_table_result,
        nights.night_round_close,
        nights.night_round_withdraw,
        nights.night_close,
        nights.night_reopen,
    ]
    assert [w.__name__ for w in writers if not getattr(w, "transient_retry", False)] == []


# -- against a real PostgreSQL ------------------------------------------------------------


def terminate_others(spared: list[int]) -> int:
    """Terminate every connection to the test database but the ones spared."""
    with psycopg.connect(admin_dsn(), autocommit=True) as killer:
        spared = [*spared, killer.info.backend_pid]
        rows = killer.execute(
            "SELECT pg_terminate_backend(pid) FROM pg_stat_activity "
            "WHERE datname = current_database() AND pid <> ALL(%s)",
            [spared],
        ).fetchall()
    return len(rows)


def own_pid() -> int:
    with connection.cursor() as cursor:
        cursor.execute("SELECT pg_backend_pid()")
        return cursor.fetchone()[0]


@pytest.fixture
def lost_connection(transactional_db):
    """This thread's connection, terminated by the server."""
    connection.ensure_connection()
    pid = own_pid()
    with psycopg.connect(admin_dsn(), autocommit=True) as killer:
        killer.execute("SELECT pg_terminate_backend(%s)", [pid])
    yield
    connection.close()


@pytest.mark.postgres
def test_the_api_answers_503_with_retry_after_when_the_database_is_gone(lost_connection):
    response = client_for().get("/api/v1/clubs/anything")
    assert response.status_code == 503
    assert response.json()["code"] == "database_unavailable"
    assert int(response["Retry-After"]) > 0
    assert client_for().get("/api/v1/clubs/anything").status_code == 404  # reconnected


@pytest.mark.postgres
def test_a_page_answers_a_friendly_503_when_the_database_is_gone(lost_connection):
    response = Client().get("/clubs/anything/league/")
    assert response.status_code == 503
    assert "Back in a moment" in response.content.decode()
    assert int(response["Retry-After"]) > 0


def play(client, club, players, failures: list, acknowledged: list) -> None:
    """One scorer: start series and record every deal, retrying on 503 with the
    same idempotency key, as the phone's outbox does."""

    def send(url, body):
        key = uuid.uuid4().hex
        for _attempt in range(200):
            response = client.post(url, body, format="json", HTTP_IDEMPOTENCY_KEY=key)
            if response.status_code != 503:
                if response.status_code >= 500 or response.status_code not in (200, 201):
                    failures.append((url, response.status_code, response.content[:200]))
                return response
            time.sleep(0.02)
        failures.append((url, "still 503"))
        return None

    try:
        _play_series(send, club, [p.id for p in players], acknowledged)
    finally:
        connections.close_all()


def _play_series(send, club, ids: list[int], acknowledged: list) -> None:
    for _ in range(SERIES_EACH):
        body = {"club": club.slug, "players": ids, "first_dealer": ids[0]}
        started = send("/api/v1/series", body)
        if started is None or started.status_code != 201:
            return
        series = started.json()["id"]
        for number in range(1, 4):
            goer = ids[(number - 1) % 3]
            hands = [{"player": p, "points": 20 * number} for p in ids if p != goer]
            deal = {"expected_version": number, "went_out": goer, "hands": hands}
            if send(f"/api/v1/series/{series}/deals", deal) is None:
                return
            acknowledged.append((series, number))


@pytest.mark.postgres
def test_terminating_connections_during_a_burst_of_deals_loses_and_doubles_nothing(
    transactional_db,
):
    scorer = get_user_model().objects.create_user("scorer-under-fire")
    club = club_services.club_create(name="Stormy night", admin=scorer)
    # One table per scorer, each with its own players (RULES D-19).
    tables = [
        [
            player_services.player_add(club=club, name=f"{name} {n}")
            for name in ("Anna", "Bruno", "Carla")
        ]
        for n in range(WORKERS)
    ]
    clients = [client_for(scorer) for _ in range(WORKERS)]
    spared = [own_pid()]
    failures: list = []
    acknowledged: list = []
    scorers = [
        threading.Thread(target=play, args=(c, club, players, failures, acknowledged))
        for c, players in zip(clients, tables, strict=True)
    ]
    for thread in scorers:
        thread.start()
    terminated = 0
    for _round in range(400):
        if not any(thread.is_alive() for thread in scorers):
            break
        terminated += terminate_others(spared)
        time.sleep(0.03)
    for thread in scorers:
        thread.join(timeout=120)

    assert terminated > 0
    assert failures == []
    assert len(acknowledged) == WORKERS * SERIES_EACH * 3
    for series, number in acknowledged:
        assert DealLine.objects.filter(series_id=series, number=number).count() == 1
    assert Event.objects.filter(type="DealRecorded").count() == len(acknowledged)
    assert Event.objects.filter(type="SeriesStarted").count() == WORKERS * SERIES_EACH
    projectors.follow_log()  # series finishing out of order wait for the league's catch-up
    before = checksum.projection_checksum()
    projection.rebuild()
    assert checksum.projection_checksum() == before
