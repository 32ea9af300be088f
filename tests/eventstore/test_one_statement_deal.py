"""An ordinary deal, outside any transaction, is one statement that is its own
transaction (the event with the score sheet's header, line and scores): two
round trips in all, the snapshot read and that statement. Everything else a
deal can do still holds there: a retried key is replayed, a deal decided on a
state that moved on is refused with nothing written. The deal that finishes a
series is one statement too: with it, the mark that the club's league is
behind, which the league's follower then counts."""

from __future__ import annotations

import pytest
from django.db import connection

from series.eventstore import projectors, writer
from series.models import DealLine, DealScore, Event, LeagueBehind, SeriesResult, SeriesSheet
from series.sheets import services, stream
from tests.support.api import build_table, client_for
from tests.support.factories import club_with_players, entry, start
from tests.support.statements import Statements

pytestmark = [pytest.mark.postgres, pytest.mark.django_db(transaction=True)]


def record(series_id, went_out, others, **kwargs) -> tuple[services.SeriesResult, Statements]:
    """A deal as the pages and the API record it: with the club's confirmation
    setting, which they read with the club (else the service reads it)."""
    statements = Statements()
    with connection.execute_wrapper(statements):
        result = services.deal_record(
            series_id=series_id,
            entry=entry(went_out, dict.fromkeys(others, 30)),
            needs_confirmation=False,
            **kwargs,
        )
    return result, statements


@pytest.fixture
def table():
    club, players = club_with_players(("Anna", "Bruno", "Carla"))
    series = start(club, players, options={"deals": 3})
    return series.series_id, players


def test_an_ordinary_deal_is_the_snapshot_read_and_one_statement_of_its_own(table):
    series_id, (anna, bruno, carla) = table
    result, statements = record(series_id, anna, (bruno, carla))
    (read, _), (write, autocommit) = statements.seen
    assert read.startswith("SELECT snapshot")
    assert write.startswith("WITH write0 AS (UPDATE series_seriessheet")
    assert autocommit  # committed by the statement itself: no BEGIN, no COMMIT
    assert Event.objects.filter(stream=series_id).count() == 2
    assert DealLine.objects.filter(series_id=series_id).count() == 1
    assert DealScore.objects.filter(series_id=series_id).count() == 3
    assert SeriesSheet.objects.get(id=series_id).version == result.state.version == 2


def test_a_retried_deal_is_replayed_and_recorded_once(table):
    series_id, (anna, bruno, carla) = table
    first, _ = record(series_id, anna, (bruno, carla), idempotency_key="phone-1")
    again, _ = record(series_id, anna, (bruno, carla), idempotency_key="phone-1")
    assert (first.replayed, again.replayed) == (False, True)
    assert again.state.version == first.state.version == 2
    assert DealLine.objects.filter(series_id=series_id).count() == 1


def test_a_deal_decided_on_a_state_another_writer_moved_on_writes_nothing(table, monkeypatch):
    series_id, (anna, bruno, carla) = table
    record(series_id, anna, (bruno, carla))
    read_before = stream.series_loaded(series_id)
    record(series_id, bruno, (anna, carla))  # another phone's deal, in between
    monkeypatch.setattr(stream.SeriesStream, "load", lambda *args, **kwargs: read_before)
    with pytest.raises(writer.StreamConflict) as refused:
        record(series_id, carla, (anna, bruno))
    assert (refused.value.expected, refused.value.current) == (2, 3)
    assert Event.objects.filter(stream=series_id).count() == 3
    assert DealLine.objects.filter(series_id=series_id).count() == 2
    assert SeriesSheet.objects.get(id=series_id).version == 3


def test_a_deal_that_lost_a_race_to_a_confirmation_leaves_no_line_behind(table, monkeypatch):
    """A confirmation moves the series on without adding a deal: the stale deal's
    line and scores must not be written without its event (they were once, in
    the statement that is its own transaction, and the series could then never
    record that deal again)."""
    from django.contrib.auth.models import User

    series_id, (anna, bruno, carla) = table
    record(series_id, anna, (bruno, carla))
    read_before = stream.series_loaded(series_id)
    friend = User.objects.create_user("friend")
    services.deal_confirm(series_id=series_id, number=1, user_id=friend.id)  # another phone
    with monkeypatch.context() as patched:
        patched.setattr(stream.SeriesStream, "load", lambda *args, **kwargs: read_before)
        with pytest.raises(writer.StreamConflict) as refused:
            record(series_id, bruno, (anna, carla))
    assert (refused.value.expected, refused.value.current) == (2, 3)
    lines = DealLine.objects.filter(series_id=series_id)
    assert list(lines.values_list("number", flat=True)) == [1]
    assert DealScore.objects.filter(series_id=series_id).count() == 3
    again, _ = record(series_id, bruno, (anna, carla))  # reloaded, the deal goes in
    assert again.state.version == 4
    assert DealLine.objects.filter(series_id=series_id).count() == 2


def test_the_finishing_deal_marks_the_league_behind_in_its_one_statement(table):
    series_id, (anna, bruno, carla) = table
    record(series_id, anna, (bruno, carla))
    record(series_id, bruno, (anna, carla))
    result, statements = record(series_id, anna, (bruno, carla))
    assert not result.state.is_open
    (read, _), (write, autocommit) = statements.seen
    assert read.startswith("SELECT snapshot")
    assert "INSERT INTO series_leaguebehind" in write and autocommit
    club = result.state.setup.club
    assert LeagueBehind.objects.filter(club_id=club).exists()
    assert not SeriesResult.objects.filter(series_id=series_id).exists()
    projectors.follow_log()  # the league's follower, beside the server
    assert SeriesResult.objects.filter(series_id=series_id).count() == 3
    assert not LeagueBehind.objects.filter(club_id=club).exists()


@pytest.mark.parametrize("remembered", [True, False], ids=["same worker", "another worker"])
def test_a_deal_from_a_phone_costs_three_or_four_round_trips(remembered):
    """The token with its user; the series' club with the role and the players'
    names; the snapshot, unless this worker committed the version the phone
    shows (``writer.Committed``); the statement that records the deal."""
    table = build_table()
    anna, bruno, carla = table.players
    series_id = start(table.club, table.players, options={"deals": 3}).series_id
    if not remembered:
        writer.COMMITTED.clear()
    client = client_for(table.users["scorer"])
    body = {
        "expected_version": 1,
        "went_out": anna.id,
        "hands": [{"player": p.id, "points": 40} for p in (bruno, carla)],
    }
    statements = Statements()
    with connection.execute_wrapper(statements):
        response = client.post(
            f"/api/v1/series/{series_id}/deals", body, format="json", HTTP_IDEMPOTENCY_KEY="a-key"
        )
    assert response.status_code == 201
    assert len(statements.seen) == (3 if remembered else 4)
    assert all(autocommit for _sql, autocommit in statements.seen)
