"""A person's confirmations in one club (RULES D-25): one player of a club at a
time, and only a confirmation made can be withdrawn."""

from __future__ import annotations

import pytest

from series.domain.errors import DomainError
from series.domain.federations.person_links import (
    PersonLinkConfirmed,
    PersonLinkWithdrawn,
    decide,
    fold,
)


def test_a_person_confirming_a_second_player_of_one_club_is_refused_until_they_withdraw():
    state = fold(decide(fold([]), PersonLinkConfirmed(8, 3, 4)))
    with pytest.raises(DomainError) as refused:
        decide(state, PersonLinkConfirmed(8, 3, 5))
    assert refused.value.code == "club_confirmed_already"
    withdrawn = fold(decide(state, PersonLinkWithdrawn(8, 3, 4)), state)
    assert decide(withdrawn, PersonLinkConfirmed(8, 3, 5)) == [PersonLinkConfirmed(8, 3, 5)]


def test_a_player_not_confirmed_is_not_withdrawn():
    state = fold([PersonLinkConfirmed(8, 3, 4)])
    with pytest.raises(DomainError) as refused:
        decide(state, PersonLinkWithdrawn(8, 3, 5))
    assert refused.value.code == "not_confirmed"
