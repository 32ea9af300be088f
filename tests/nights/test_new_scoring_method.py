"""A new way of ranking a night is its module and its registration
(tests/support/night_scoring.py): once registered, a night opens with it, is
ranked by it and its page explains it, the form offers it and the season adds
its nights, with no other change."""

from __future__ import annotations

import html
from fractions import Fraction

import pytest
from django.test import Client

from series.clubs import membership
from series.domain.nights import scoring
from series.domain.nights.errors import InvalidNight
from series.nights import services as nights
from series.nights.forms import NewNightForm
from series.web.messages import render
from tests.support.api import make_user
from tests.support.night_scoring import TABLES_WON, TablesWonScoring
from tests.support.nights import drawn, night_of, play_out

pytestmark = pytest.mark.django_db


@pytest.fixture
def tables_won():
    """Tables won, registered for one test only."""
    scoring.register(TablesWonScoring())
    yield
    scoring.unregister(TABLES_WON)


def test_a_night_ranked_by_a_new_method_is_ranked_and_shown(tables_won):
    club, _players, night = night_of(6, deals=1, scoring=TABLES_WON)
    night_id = night.night_id
    drawn(night_id, low=3, high=3, seed=5)
    state = nights.night_tables_start(night_id=night_id).state
    play_out(night_id)
    winners = {table.seats[0] for table in state.current_round.tables}
    nights.night_round_close(night_id=night_id)
    nights.night_close(night_id=night_id)

    closed = nights.night_load(night_id)
    points = {line.player: Fraction(line.points) for line in closed.points}
    assert points == {p: Fraction(p in winners) for p in points}

    reader = make_user("reader")
    membership.member_set(club=club, user=reader, role="member")
    client = Client()
    client.force_login(reader)
    page = html.unescape(client.get(f"/clubs/{club.slug}/nights/{night_id}/").content.decode())
    assert "Tables won: each table's winner scores a point, everyone else none." in page
    league = html.unescape(client.get(f"/clubs/{club.slug}/league/?season=2026").content.decode())
    assert "A tables-won night adds a point for each table won." in league
    winner = min(winners)
    player = html.unescape(client.get(f"/clubs/{club.slug}/players/{winner}/").content.decode())
    assert "tables won: place 1, 1 points" in player
    assert (TABLES_WON, "Tables won: a point for each table won") in [
        (code, str(label)) for code, label in NewNightForm().fields["scoring"].choices
    ]


def test_a_night_scoring_the_app_does_not_know_is_refused_once_unregistered():
    club, _players = night_of(3)[:2]
    with pytest.raises(Exception, match="Unknown night scoring"):
        nights.night_open(club=club, date="2026-03-15", scoring=TABLES_WON)


class TablesWonWithBonus(TablesWonScoring):
    options = ("bonus",)


def test_a_new_methods_option_sent_with_another_method_is_refused_in_words():
    """A method with an option of its own needs no words of its own to refuse it
    elsewhere: sent with another scoring, the option is refused beside its field."""
    with pytest.raises(InvalidNight) as refused:
        TablesWonWithBonus().refuse_elsewhere("bonus")
    assert refused.value.code == "scoring_option_unused"
    assert refused.value.field == "bonus"
    assert "“bonus”" in render(refused.value)
