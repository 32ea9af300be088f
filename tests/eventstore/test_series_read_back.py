"""The series' events read back from the log as they were decided: a
confirmation names ids only, a deal keeps whether a confirmation was asked, and
rules written before an option existed read it as its default; no database."""

import pytest
from hypothesis import given
from hypothesis import strategies as st

from series.domain.events import DealConfirmed, DealDisputed
from series.domain.rules import rules_from
from series.domain.series import RecordDeal, SeriesState, StartSeries, decide, fold
from series.domain.series.confirmation import NOT_ASKED, TO_CONFIRM
from series.eventstore.mapper import SCHEMA_VERSION, from_payload, to_payload
from tests.support.series import A, B, C, entry, started


@pytest.mark.parametrize(
    "event", [DealConfirmed(2, user=7, player=3), DealDisputed(2, user=7, reason="no", player=None)]
)
def test_confirmations_round_trip_through_their_payload_naming_ids_only(event):
    name, payload = to_payload(event)
    assert set(payload) <= {"number", "user", "player", "reason"}
    assert from_payload(name, payload, 1) == event


@given(st.lists(st.booleans(), min_size=3, max_size=3), st.booleans())
def test_each_deal_keeps_whether_a_confirmation_was_asked_when_it_was_recorded(asked, retried):
    """A club's setting applies from when it is set: the event records it, so the
    fold of the log read back gives each deal as it was recorded, and a retry's
    digest does not depend on it."""
    hands = [entry(A, b=20, c=30), entry(B, a=20, c=20), entry(A, b=20, c=20)]
    commands = [
        RecordDeal(hand, needs_confirmation=flag) for hand, flag in zip(hands, asked, strict=True)
    ]
    state = started([A, B, C], first_dealer=A)
    events = []
    for command in commands:
        events += decide(state, command)
        state = fold(events[-1:], state)
    stored = [from_payload(*to_payload(event), SCHEMA_VERSION) for event in events]
    read_back = fold(stored, started([A, B, C], first_dealer=A))
    confirmations = [deal.confirmation for deal in read_back.deals]
    assert confirmations == [TO_CONFIRM if flag else NOT_ASKED for flag in asked]
    assert read_back.unconfirmed == sum(asked)
    again = RecordDeal(hands[0], needs_confirmation=retried)
    assert repr(again) == repr(commands[0])


def test_a_series_started_before_the_new_options_reads_them_as_their_defaults():
    (event,) = decide(SeriesState(), StartSeries(1, (A, B, C), A, rules_from("rummy")))
    _, payload = to_payload(event)
    older = {
        name: value
        for name, value in payload["rules"].items()
        if name not in ("twos_wild", "rummy_bonus")
    }
    read = from_payload("SeriesStarted", payload | {"rules": older}, SCHEMA_VERSION)
    assert read == event  # so a restored backup re-decides to the same event
    assert read.rules["twos_wild"] is False and read.rules["rummy_bonus"] == 2
