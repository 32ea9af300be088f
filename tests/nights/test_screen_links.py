"""A private club's big screen opens through a link the director can revoke."""

from __future__ import annotations

import pytest

from series.nights.screen_links import screen_link_opens, screen_link_revoke, screen_link_token
from tests.support.api import make_user
from tests.support.nights import night_of

pytestmark = pytest.mark.django_db


def test_a_screen_link_opens_its_night_until_the_director_revokes_it():
    _club, _players, night = night_of(4)
    shown = screen_link_token(night.night_id)
    assert screen_link_opens(shown) == night.night_id
    screen_link_revoke(night_id=night.night_id, user=make_user("director"))
    assert screen_link_opens(shown) is None
    assert screen_link_opens(screen_link_token(night.night_id)) == night.night_id


def test_an_altered_screen_link_opens_nothing():
    _club, _players, night = night_of(4)
    shown = screen_link_token(night.night_id)
    assert screen_link_opens(shown[:-1] + ("A" if shown[-1] != "A" else "B")) is None
