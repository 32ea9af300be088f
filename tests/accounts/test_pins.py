"""The confirmation PIN: trivial PINs refused, wrong ones locked per member and phone."""

from __future__ import annotations

import itertools

import pytest
from django.contrib.auth import get_user_model
from hypothesis import assume, given
from hypothesis import strategies as st

from series.accounts import services as accounts
from series.domain.errors import DomainError

digits = st.integers(min_value=0, max_value=9)
lengths = st.integers(min_value=4, max_value=8)


@given(digits, lengths, st.sampled_from([0, 1, -1]))
def test_one_digit_repeated_or_a_run_is_too_easy(first, length, step):
    pin = "".join(str((first + step * n) % 10) for n in range(length))
    assert accounts.pin_too_easy(pin)


@given(st.lists(digits, min_size=4, max_size=8))
def test_a_pin_whose_steps_differ_is_not_too_easy(pin):
    steps = {(b - a) % 10 for a, b in itertools.pairwise(pin)}
    assume(len(steps) > 1 or not steps <= {0, 1, 9})
    assert not accounts.pin_too_easy("".join(map(str, pin)))


@pytest.fixture
def lucia(db):
    users = get_user_model().objects
    member, scorer = users.create_user("lucia"), users.create_user("scorer")
    accounts.pin_set(user=member, pin="2580")
    return member, scorer


def check(member, device, pin):
    accounts.pin_confirmer(member=member, name="Lucia", device=device, pin=pin)


def test_a_right_pin_starts_the_count_of_wrong_ones_again(lucia, settings):
    settings.PIN_FAILURE_LIMIT = 2
    member, scorer = lucia
    for _ in range(3):
        with pytest.raises(accounts.PinRefused) as wrong:
            check(member, scorer, "1357")
        assert wrong.value.code == "pin_wrong"
        check(member, scorer, "2580")


def test_an_empty_pin_is_asked_for_and_not_counted_as_a_guess(lucia, settings):
    settings.PIN_FAILURE_LIMIT = 1
    member, scorer = lucia
    for _ in range(3):
        with pytest.raises(accounts.PinRefused) as missing:
            check(member, scorer, "")
        assert missing.value.code == "pin_missing"
    check(member, scorer, "2580")


def test_a_locked_pin_opens_again_after_the_cool_off(lucia, settings):
    settings.PIN_FAILURE_LIMIT = 1
    member, scorer = lucia
    with pytest.raises(accounts.PinRefused) as locked:
        check(member, scorer, "1357")
    assert locked.value.code == "pin_locked"
    with pytest.raises(accounts.PinRefused):
        check(member, scorer, "2580")
    settings.PIN_COOLOFF_MINUTES = 0  # the cool-off has passed
    check(member, scorer, "2580")


def test_a_trivial_pin_is_refused_by_the_service(lucia):
    member, _scorer = lucia
    with pytest.raises(DomainError) as refused:
        accounts.pin_set(user=member, pin="1234")
    assert refused.value.code == "pin_too_easy"
    check(member, member, "2580")  # the PIN before stays
