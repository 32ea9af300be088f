"""A draw balanced by rating balances each player's mu (RULES D-26): a
newcomer counts as the model's start, not as their cautious rating near 0,
and a regular as the mu after their latest series of the game."""

from __future__ import annotations

import pytest

from series.domain.league.rating import START_MU
from series.eventstore import projectors
from series.models import SeriesResult
from series.nights import services as nights
from tests.support.nights import drawn, night_of, play_out

pytestmark = pytest.mark.django_db


def test_a_newcomer_is_balanced_at_the_starting_strength_and_a_regular_at_their_mu():
    _club, players, night = night_of(5, deals=1)
    night_id = night.night_id
    drawn(night_id, low=5, high=5, seed=3)
    nights.night_tables_start(night_id=night_id)
    play_out(night_id)
    nights.night_round_close(night_id=night_id)
    projectors.follow_log()  # the league rates the table's series
    newcomer = nights.night_guest_add(night_id=night_id, name="Newcomer").state
    (guest,) = set(newcomer.present) - {p.id for p in players}
    round_two = drawn(night_id, low=3, high=3, method="rating").state.current_round
    assert round_two.ratings[guest] == START_MU
    mus = dict(SeriesResult.objects.values_list("person", "mu"))
    for player in players:
        assert round_two.ratings[player.id] == pytest.approx(mus[player.id])
    # The table's winner's mu is above the start, its last's below: mu, not mu - 3σ
    # (every cautious rating here is far below 25).
    assert max(mus.values()) > START_MU > min(mus.values())
