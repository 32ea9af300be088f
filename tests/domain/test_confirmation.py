"""A second member confirms a deal or disputes it; no database."""

from types import SimpleNamespace

import pytest
from hypothesis import given
from hypothesis import strategies as st

from series.domain.errors import DomainError
from series.domain.series import CorrectDeal, VoidDeal, decide
from series.domain.series.commands import ConfirmDeal, DisputeDeal
from series.domain.series.confirmation import CONFIRMED, DISPUTED, NOT_ASKED, TO_CONFIRM, waiting
from tests.support.series import A, B, C, entry, record, run, started

SCORER, FRIEND = 10, 11


def one_deal():
    """One deal, recorded while the club asks for a second member's confirmation."""
    return record(started([A, B, C], first_dealer=A), entry(A, b=20, c=30), needs_confirmation=True)


def test_a_deal_is_to_confirm_until_another_member_confirms_it():
    state = one_deal()
    assert state.deal(1).confirmation == TO_CONFIRM and state.unconfirmed == 1

    state = run(state, ConfirmDeal(1, user=FRIEND, player=B, recorder=SCORER))

    assert state.deal(1).confirmation == CONFIRMED and state.unconfirmed == 0


def test_the_member_who_recorded_a_deal_cannot_confirm_it():
    with pytest.raises(DomainError) as refused:
        decide(one_deal(), ConfirmDeal(1, user=SCORER, recorder=SCORER))
    assert refused.value.code == "own_deal"


def test_a_dispute_needs_a_reason_and_a_correction_asks_for_confirmation_again():
    state = one_deal()
    with pytest.raises(DomainError) as refused:
        decide(state, DisputeDeal(1, user=FRIEND, reason=" "))
    assert refused.value.code == "reason_required"

    with pytest.raises(DomainError) as refused:  # shown as "Eva 30 dah 0, not" otherwise
        decide(state, DisputeDeal(1, user=FRIEND, reason="Eva \u202e03 ton ,0 had"))
    assert refused.value.code == "reason_invisible_character"

    state = run(state, DisputeDeal(1, user=FRIEND, reason="Carla had 25", recorder=SCORER))
    assert state.deal(1).confirmation == DISPUTED and state.disputed == (1,)

    state = run(state, CorrectDeal(1, entry(A, b=20, c=25), "recount", needs_confirmation=True))
    assert state.deal(1).confirmation == TO_CONFIRM and state.disputed == ()


def test_a_series_cannot_finish_while_a_deal_is_disputed():
    state = record(one_deal(), entry(B, a=20, c=20))
    state = run(state, DisputeDeal(1, user=FRIEND, reason="wrong"))
    with pytest.raises(DomainError) as refused:
        record(state, entry(A, b=20, c=20))  # the third deal of three would end it
    assert refused.value.code == "deal_disputed"

    state = run(state, ConfirmDeal(1, user=FRIEND))
    assert record(state, entry(A, b=20, c=20)).status == "finished"


def test_a_void_deal_needs_no_confirmation():
    state = run(one_deal(), VoidDeal(1, "misdeal"))
    assert state.unconfirmed == 0
    with pytest.raises(DomainError) as refused:
        decide(state, ConfirmDeal(1, user=FRIEND))
    assert refused.value.code == "deal_voided"


_DEAL_LINES = st.lists(
    st.tuples(st.booleans(), st.sampled_from([TO_CONFIRM, NOT_ASKED, CONFIRMED, DISPUTED])),
    max_size=12,
)


@given(lines=_DEAL_LINES)
def test_the_deals_waiting_are_the_disputed_and_those_asked_for_and_not_confirmed(lines):
    deals = [
        SimpleNamespace(number=n, void=void, confirmation=c)
        for n, (void, c) in enumerate(lines, start=1)
    ]
    waiting_now = waiting(deals)

    assert waiting_now == sorted(waiting_now)
    for deal in deals:
        expected = not deal.void and deal.confirmation in (TO_CONFIRM, DISPUTED)
        assert (deal.number in waiting_now) == expected
