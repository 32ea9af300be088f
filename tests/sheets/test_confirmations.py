"""Confirmations through the services: who may confirm, the projections and
what the league counts when a club needs confirmed deals."""

from __future__ import annotations

import pytest
from django.contrib.auth import get_user_model

from series.clubs import services as club_services
from series.domain.errors import DomainError
from series.eventstore import projectors
from series.models import DealLine, SeriesResult, SeriesSheet
from series.sheets import projection, services
from tests.support.factories import club_with_players, entry, start

pytestmark = pytest.mark.django_db


@pytest.fixture
def finished():
    """Anna, Bruno and Carla play three deals, recorded by the scorer; Anna wins."""
    club, (anna, bruno, carla) = club_with_players(["Anna", "Bruno", "Carla"])
    users = {name: get_user_model().objects.create_user(name) for name in ("scorer", "friend")}
    series_id = start(club, [anna, bruno, carla]).series_id
    for goer, hands in [
        (anna, {bruno: 20, carla: 30}),
        (bruno, {anna: 20, carla: 20}),
        (anna, {bruno: 20, carla: 20}),
    ]:
        services.deal_record(
            series_id=series_id, entry=entry(goer, hands), actor_id=users["scorer"].id
        )
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
    services.deal_dispute(
        series_id=series_id, number=2, user_id=users["friend"].id, reason="Carla had 25"
    )

    lines = DealLine.objects.filter(series_id=series_id).order_by("number")
    # The club asked for no confirmation: deal 3 was not asked; a dispute waits all the same.
    assert [line.confirmation for line in lines] == ["confirmed", "disputed", "not_asked"]
    assert SeriesSheet.objects.get(id=series_id).unconfirmed == 1


def test_turning_confirmations_on_leaves_the_deals_recorded_before_as_they_were(finished):
    club, series_id, _users = finished
    assert SeriesResult.objects.filter(series_id=series_id).count() == 3

    club_services.club_update(club=club, deals_need_confirmation=True)
    projectors.follow_log()

    assert SeriesResult.objects.filter(series_id=series_id).count() == 3  # still counted
    lines = DealLine.objects.filter(series_id=series_id)
    assert {line.confirmation for line in lines} == {"not_asked"}
    projection.rebuild()
    projectors.rebuild()  # a rebuild gives the same answer: the events say what was asked
    assert {line.confirmation for line in DealLine.objects.filter(series_id=series_id)} == {
        "not_asked"
    }
    assert SeriesResult.objects.filter(series_id=series_id).count() == 3


def test_deals_recorded_once_confirmations_are_on_are_to_confirm_and_counted_once_confirmed():
    club, (anna, bruno, carla) = club_with_players(["Anna", "Bruno", "Carla"])
    scorer, friend = (get_user_model().objects.create_user(name) for name in ("scorer", "friend"))
    club_services.club_update(club=club, deals_need_confirmation=True)
    series_id = start(club, [anna, bruno, carla]).series_id
    for goer, hands in [
        (anna, {bruno: 20, carla: 30}),
        (bruno, {anna: 20, carla: 20}),
        (anna, {bruno: 20, carla: 20}),
    ]:
        services.deal_record(series_id=series_id, entry=entry(goer, hands), actor_id=scorer.id)
    projectors.follow_log()
    assert SeriesSheet.objects.get(id=series_id).unconfirmed == 3
    assert SeriesResult.objects.filter(series_id=series_id).count() == 0

    club_services.club_update(club=club, deals_need_confirmation=False)  # they stay to confirm
    projectors.follow_log()
    assert SeriesResult.objects.filter(series_id=series_id).count() == 0

    confirm_all(series_id, friend)
    projectors.follow_log()
    assert SeriesResult.objects.filter(series_id=series_id).count() == 3
