"""Concurrent writers and retried requests (DESIGN "The event store")."""

from __future__ import annotations

import threading
import uuid

import pytest
from django.db import connection

from series.models import DealLine, Event
from tests.api.conftest import client_for, deal_body

pytestmark = pytest.mark.django_db


def record(client, series, body, **headers):
    return client.post(f"/api/v1/series/{series}/deals", body, format="json", **headers)


@pytest.fixture
def two_deals_in(table, as_role, started):
    """The series at version 3, deal 3 next (Carla deals it)."""
    anna, bruno, carla = table.players
    scorer = as_role("scorer")
    record(scorer, started["id"], deal_body(1, anna, [bruno, carla]))
    record(scorer, started["id"], deal_body(2, bruno, [anna, carla]))
    return started["id"]


def test_two_scorers_posting_deal_3_on_the_same_version_get_one_201_and_one_409(
    table, as_role, two_deals_in
):
    anna, bruno, carla = table.players
    first = record(as_role("scorer"), two_deals_in, deal_body(3, carla, [anna, bruno]))
    second = record(as_role("admin"), two_deals_in, deal_body(3, anna, [bruno, carla]))
    assert first.status_code == 201
    assert second.status_code == 409
    assert second.json()["code"] == "version_conflict"
    assert second.json()["current_version"] == 4
    assert DealLine.objects.filter(series_id=two_deals_in, number=3).count() == 1
    assert Event.objects.filter(stream=two_deals_in, payload__number=3).count() == 1


@pytest.mark.postgres
@pytest.mark.django_db(transaction=True)
def test_two_scorers_posting_deal_3_at_the_same_moment_get_one_201_and_one_409(table, two_deals_in):
    anna, bruno, carla = table.players
    bodies = [deal_body(3, carla, [anna, bruno]), deal_body(3, anna, [bruno, carla])]
    users = [table.users["scorer"], table.users["admin"]]
    clients = [client_for(user) for user in users]
    barrier = threading.Barrier(2)
    statuses = []

    def post(client, body):
        barrier.wait()
        try:
            statuses.append(record(client, two_deals_in, body))
        finally:
            connection.close()

    threads = [
        threading.Thread(target=post, args=pair) for pair in zip(clients, bodies, strict=True)
    ]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert sorted(r.status_code for r in statuses) == [201, 409]
    conflict = next(r for r in statuses if r.status_code == 409)
    assert conflict.json()["current_version"] == 4
    assert DealLine.objects.filter(series_id=two_deals_in, number=3).count() == 1


def test_the_same_post_with_the_same_idempotency_key_three_times_records_one_deal(
    table, as_role, started
):
    anna, bruno, carla = table.players
    key = str(uuid.uuid4())
    body = deal_body(1, anna, [bruno, carla])
    responses = [
        record(as_role("scorer"), started["id"], body, HTTP_IDEMPOTENCY_KEY=key) for _ in range(3)
    ]
    assert [r.status_code for r in responses] == [201, 201, 201]
    assert responses[0].json() == responses[1].json() == responses[2].json()
    assert [r.has_header("Idempotent-Replayed") for r in responses] == [False, True, True]
    assert Event.objects.filter(stream=started["id"]).count() == 2


def test_a_retry_after_a_later_deal_still_answers_the_first_result(table, as_role, started):
    anna, bruno, carla = table.players
    scorer = as_role("scorer")
    first = record(
        scorer, started["id"], deal_body(1, anna, [bruno, carla]), HTTP_IDEMPOTENCY_KEY="k1"
    )
    record(scorer, started["id"], deal_body(2, bruno, [anna, carla]))
    retry = record(
        scorer, started["id"], deal_body(1, anna, [bruno, carla]), HTTP_IDEMPOTENCY_KEY="k1"
    )
    assert retry.status_code == 201
    assert retry.json() == first.json()
    assert Event.objects.filter(stream=started["id"]).count() == 3


def test_the_same_idempotency_key_with_a_different_body_is_refused(table, as_role, started):
    anna, bruno, carla = table.players
    scorer = as_role("scorer")
    record(scorer, started["id"], deal_body(1, anna, [bruno, carla]), HTTP_IDEMPOTENCY_KEY="k")
    other = deal_body(2, bruno, [anna, carla])
    response = record(scorer, started["id"], other, HTTP_IDEMPOTENCY_KEY="k")
    assert response.status_code == 422
    assert response.json()["code"] == "idempotency_key_reused"
    assert Event.objects.filter(stream=started["id"]).count() == 2


def test_idempotency_keys_of_different_users_do_not_collide(table, as_role, started):
    anna, bruno, carla = table.players
    first = record(
        as_role("scorer"),
        started["id"],
        deal_body(1, anna, [bruno, carla]),
        HTTP_IDEMPOTENCY_KEY="same",
    )
    second = record(
        as_role("admin"),
        started["id"],
        deal_body(2, bruno, [anna, carla]),
        HTTP_IDEMPOTENCY_KEY="same",
    )
    assert (first.status_code, second.status_code) == (201, 201)
    assert Event.objects.filter(stream=started["id"]).count() == 3


def test_a_too_long_idempotency_key_is_bad_input(table, as_role, started):
    anna, bruno, carla = table.players
    body = deal_body(1, anna, [bruno, carla])
    response = record(as_role("scorer"), started["id"], body, HTTP_IDEMPOTENCY_KEY="k" * 65)
    assert response.status_code == 400
    assert response.json()["field"] == "idempotency_key"
    assert Event.objects.filter(stream=started["id"]).count() == 1


def test_starting_a_series_twice_with_one_key_starts_one_series(table, as_role):
    ids = [p.id for p in table.players]
    body = {"club": table.club.slug, "players": ids, "first_dealer": ids[1]}
    responses = [
        as_role("scorer").post("/api/v1/series", body, format="json", HTTP_IDEMPOTENCY_KEY="s")
        for _ in range(2)
    ]
    assert responses[0].json() == responses[1].json()
    assert Event.objects.filter(type="SeriesStarted").count() == 1


# A retry whose first answer was lost finds the series moved on by that very deal:
# into a tiebreak (RULES D-8), past an elimination (RULES §3) or over. It is answered
# as the first was, and records nothing.


def _lost_answer_then_retry(client, series, body):
    first = record(client, series, body, HTTP_IDEMPOTENCY_KEY="lost")
    retry = record(client, series, body, HTTP_IDEMPOTENCY_KEY="lost")
    return first, retry


def test_a_retry_of_the_deal_that_made_a_tie_is_answered_as_recorded(table, as_role, started):
    anna, bruno, carla = table.players
    scorer = as_role("scorer")
    record(scorer, started["id"], deal_body(1, anna, [bruno, carla], points=40))
    record(
        scorer,
        started["id"],
        {
            "expected_version": 2,
            "went_out": bruno.id,
            "hands": [{"player": anna.id, "points": 40}, {"player": carla.id, "points": 30}],
        },
    )
    tie = {
        "expected_version": 3,
        "went_out": carla.id,
        "hands": [{"player": anna.id, "points": 20}, {"player": bruno.id, "points": 20}],
    }
    first, retry = _lost_answer_then_retry(scorer, started["id"], tie)
    assert first.json()["status"] == "tiebreak"  # Anna 60, Bruno 60, Carla 70
    assert retry.status_code == 201 and retry.has_header("Idempotent-Replayed")
    assert retry.json() == first.json()
    assert Event.objects.filter(stream=started["id"]).count() == 4


def test_a_retry_of_the_deal_that_ended_the_series_is_answered_as_recorded(table, as_role, started):
    anna, bruno, carla = table.players
    scorer = as_role("scorer")
    record(scorer, started["id"], deal_body(1, anna, [bruno, carla]))
    record(scorer, started["id"], deal_body(2, anna, [bruno, carla]))
    first, retry = _lost_answer_then_retry(
        scorer, started["id"], deal_body(3, anna, [bruno, carla])
    )
    assert first.json()["status"] == "finished"
    assert retry.status_code == 201 and retry.has_header("Idempotent-Replayed")
    assert retry.json() == first.json()
    assert Event.objects.filter(stream=started["id"]).count() == 4


def test_a_retry_of_the_rummy_deal_that_knocked_a_player_out_is_answered_as_recorded(
    table, as_role
):
    anna, bruno, carla = table.players
    scorer = as_role("scorer")
    ids = [p.id for p in table.players]
    body = {
        "club": table.club.slug,
        "players": ids,
        "first_dealer": ids[0],
        "rules": "rummy",
        "options": {"scoring": "elimination", "target": 100},
    }
    series = scorer.post("/api/v1/series", body, format="json").json()["id"]
    record(scorer, series, deal_body(1, bruno, [anna, carla], points=60))
    first, retry = _lost_answer_then_retry(
        scorer, series, deal_body(2, anna, [bruno, carla], points=50)
    )
    assert first.json()["eliminated"] == [carla.id]  # 110: over the cap (RULES §3)
    assert retry.status_code == 201 and retry.has_header("Idempotent-Replayed")
    assert retry.json() == first.json()
    assert Event.objects.filter(stream=series).count() == 3
