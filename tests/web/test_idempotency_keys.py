"""One idempotency-key scheme for the pages and the API: a key belongs to the
user who sends it."""

from __future__ import annotations

import pytest
from rest_framework.test import APIClient

from series.models import DeviceToken, Event
from tests.support.pages import deal_form, deal_url

pytestmark = pytest.mark.django_db


def test_two_scorers_sending_the_same_key_from_pages_both_record(as_role, table, four):
    anna, bruno, carla, dario = table.players[:4]
    key = "0123456789abcdef"
    first = deal_form(1, bruno, {anna: 30, carla: 20, dario: 25}, key=key)
    second = deal_form(2, carla, {anna: 40, bruno: 20, dario: 25}, key=key)
    as_role("scorer").post(deal_url(four), first)
    as_role("admin").post(deal_url(four), second)
    assert Event.objects.filter(stream=four, type="DealRecorded").count() == 2


def test_a_key_sent_from_a_page_and_again_through_the_api_records_once(as_role, table, four):
    anna, bruno, carla, dario = table.players[:4]
    key = "phone-outbox-7"
    as_role("scorer").post(
        deal_url(four), deal_form(1, bruno, {anna: 30, carla: 20, dario: 25}, key=key)
    )
    api = APIClient()
    _row, token = DeviceToken.objects.create(user=table.users["scorer"])
    api.credentials(HTTP_AUTHORIZATION=f"Token {token}")
    body = {
        "expected_version": 1,
        "went_out": bruno.id,
        "hands": [{"player": p.id, "points": n} for p, n in ((anna, 30), (carla, 20), (dario, 25))],
    }
    retry = api.post(f"/api/v1/series/{four}/deals", body, format="json", HTTP_IDEMPOTENCY_KEY=key)
    assert retry.status_code == 201
    assert retry["Idempotent-Replayed"] == "true"
    assert Event.objects.filter(stream=four, type="DealRecorded").count() == 1
