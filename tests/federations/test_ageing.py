"""A list's scores move as its results age (RULES D-25): the follower counts a
person again once an age factor of theirs has moved (the next local midnight
it does), and what it counts then equals a rebuild on that day."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.utils import timezone

from series.federations import projection, services
from series.models import FederationStanding
from tests.federations.conftest import club_of, followed, placed_night
from tests.support.api import make_user

pytestmark = pytest.mark.django_db


def scores():
    return dict(FederationStanding.objects.values_list("person", "score"))


def test_scores_fall_as_results_pass_a_year_and_equal_a_rebuild_that_day():
    admin = make_user("admin")
    club, players = club_of("Uno", ["Ada", "Bruno", "Carla"], admin=admin)
    federation = services.federation_create(user=admin, name="Lega").federation
    services.club_join(federation=federation, club=club, user=admin)
    placed_night(club, [[p] for p in players], days=300)
    placed_night(club, [[p] for p in players], days=10)
    followed()
    fresh = scores()
    ada = f"p{players[0].id}"
    due = FederationStanding.objects.get(person=ada).refresh_at
    assert due > timezone.now()
    projection.refresh(due - timedelta(seconds=1))
    assert scores() == fresh  # nothing moved yet
    later = timezone.now() + timedelta(days=200)  # the first night is 500 days old
    projection.refresh(later)
    aged = scores()
    assert aged[ada] < fresh[ada]
    projection.rebuild(now=later)
    assert scores() == pytest.approx(aged)
