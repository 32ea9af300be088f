"""What readers outside a club see of its events: that a deal was confirmed or
disputed, and why, but not who (no account id, no seat)."""

from hypothesis import given
from hypothesis import strategies as st

from series.domain.events import (
    DealConfirmed,
    DealDisputed,
    GuestAdded,
    SeriesAbandoned,
    without_members,
)
from series.eventstore.mapper import to_payload

ids = st.integers(min_value=1, max_value=10**6)
seats = st.none() | ids
confirmations = st.builds(DealConfirmed, number=ids, user=ids, player=seats)
disputes = st.builds(DealDisputed, number=ids, user=ids, reason=st.text(), player=seats)


@given(confirmations | disputes)
def test_who_confirmed_or_disputed_is_gone_and_the_rest_is_kept(event):
    _type, payload = to_payload(without_members(event))
    assert payload["user"] is None
    assert payload["player"] is None
    _type, original = to_payload(event)
    assert {k: v for k, v in payload.items() if k not in ("user", "player")} == {
        k: v for k, v in original.items() if k not in ("user", "player")
    }


@given(st.builds(GuestAdded, player=ids) | st.builds(SeriesAbandoned, reason=st.text()))
def test_events_that_name_no_member_are_shown_as_they_are(event):
    assert without_members(event) == event
