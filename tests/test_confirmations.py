"""Confirmations through the services: who may confirm, the projections and
what the league counts when a club needs confirmed deals."""

from __future__ import annotations

import pytest
from django.contrib.auth import get_user_model

from series import projectors, services
from series.domain.errors import DomainError
from series.models import DealLine, LeagueBehind, SeriesResult, SeriesSheet
from tests.factories import club_with_players, entry, start

pytestmark = pytest.mark.django_db


@pytest.fixture
def finished():
    """Anna, Bruno and Carla play three deals, recorded by the scorer; Anna wins."""
    club, (anna, bruno, carla) = club_with_players(["Anna", "Bruno", "Carla"])
    users = {name: get_user_model().objects.create_user(name) for name in ("scorer", "friend")}
    series_id = start(club, [anna, bruno, carla]).series_id
    for goer, hands in [(anna, {bruno: 20, carla: 30}), (bruno, {anna: 20, carla: 20}),
                        (anna, {bruno: 20, carla: 20})]:  # fmt: skip
        services.deal_record(series_id=series_id, entry=entry(goer, hands),
                             actor_id=users["scorer"].id)  # fmt: skip
    projectors.follow_log()  # the league's follower counts it, as beside the server
    return club, series_id, users


def confirm_all(series_id, user):
    for number in (1, 2, 3):
        services.deal_confirm(series_id=series_id, number=number, user_id=user.id)


def test_the_scorer_cannot_confirm_the_deals_they_recorded(finished):
    _club, series_id, users = finished
    with pytest.raises(DomainError) as refused:
        services.deal_confirm(series_id=series_id, number=1, user_id=users["scorer"].id)
    assert refused.value.code == "own_deal"


def test_a_confirmation_is_projected_on_the_deal_line_and_the_header(finished):
    _club, series_id, users = finished
    services.deal_confirm(series_id=series_id, number=1, user_id=users["friend"].id)
    services.deal_dispute(series_id=series_id, number=2, user_id=users["friend"].id,
                          reason="Carla had 25")  # fmt: skip

    lines = DealLine.objects.filter(series_id=series_id).order_by("number")
    assert [line.confirmation for line in lines] == ["confirmed", "disputed", ""]
    assert SeriesSheet.objects.get(id=series_id).unconfirmed == 2


def test_the_league_counts_a_finished_series_only_once_its_deals_are_confirmed(finished):
    club, series_id, users = finished
    assert SeriesResult.objects.filter(series_id=series_id).count() == 3  # not required yet

    services.club_update(club=club, deals_need_confirmation=True)
    assert LeagueBehind.objects.filter(club=club).exists()  # the pages say "updating"
    projectors.follow_log()  # no event announced it: the follower counts the club anyway
    assert SeriesResult.objects.filter(series_id=series_id).count() == 0
    assert not LeagueBehind.objects.filter(club=club).exists()

    confirm_all(series_id, users["friend"])
    projectors.follow_log()
    assert SeriesResult.objects.filter(series_id=series_id).count() == 3
