"""Any deal a client can send is recorded or refused with a code, never a crash,
and a refusal records nothing (RULES §4)."""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from series.eventstore import store
from series.models import Event
from tests.support.examples import examples
from tests.support.factories import start

pytestmark = pytest.mark.django_db

RANKS = ["A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "T"]
CARD_TEXTS = [rank + suit for rank in RANKS for suit in "CDHS♣♥"] + ["JK", "X", "*"]
# One card in a hundred is any text at all.
card_text = st.integers(0, 99).flatmap(
    lambda n: st.text(min_size=1, max_size=3) if n == 0 else st.sampled_from(CARD_TEXTS)
)
cards = st.one_of(st.lists(card_text, min_size=15, max_size=15), st.lists(card_text, max_size=18))
points = st.one_of(st.integers(15, 225), st.integers(-10, 400))


@st.composite
def deal_entries(draw, player_ids):
    """Mostly plausible deals (each other player entered once), some anything at all."""
    went_out = draw(st.sampled_from([*player_ids, 999_999]))
    if draw(st.booleans()):
        players = [p for p in player_ids if p != went_out]
    else:
        players = draw(st.lists(st.sampled_from([*player_ids, 999_999]), max_size=4))
    hands = [
        {"player": player, "cards": draw(cards)}
        if draw(st.booleans())
        else {"player": player, "points": draw(points)}
        for player in players
    ]
    body = {"went_out": went_out, "hands": hands}
    if draw(st.booleans()):
        body["going_out"] = {
            "groups": draw(st.lists(st.lists(card_text, min_size=2, max_size=5), max_size=5)),
            "discard": draw(st.one_of(st.none(), card_text)),
        }
    if draw(st.booleans()):
        body["buys"] = draw(
            st.dictionaries(
                st.sampled_from([str(p) for p in player_ids]), st.integers(-1, 12), max_size=2
            )
        )
    return body


@pytest.fixture
def long_series(table):
    """A buy-the-discard series of 30 deals, so that generated deals rarely end it."""
    result = start(table.club, table.players, options={"deals": 30, "buys": True})
    return result.series_id, [p.id for p in table.players]


@settings(
    max_examples=examples(100),
    deadline=None,
    derandomize=True,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
@given(data=st.data())
def test_any_deal_is_recorded_or_refused_and_a_refusal_records_nothing(as_role, long_series, data):
    series_id, player_ids = long_series
    body = data.draw(deal_entries(player_ids))
    version = store.current_version(series_id)
    before = Event.objects.count()
    response = as_role("scorer").post(
        f"/api/v1/series/{series_id}/deals", {**body, "expected_version": version}, format="json"
    )
    assert response.status_code in (201, 400, 422), response.content
    assert response.json()["code" if response.status_code != 201 else "id"]
    assert Event.objects.count() == before + (response.status_code == 201)
