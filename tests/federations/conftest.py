"""Nights placed as a test needs them: one table, abandoned before its first
deal, its players placed by the director's result (RULES D-18, D-20), closed."""

from __future__ import annotations

from datetime import date, timedelta

import pytest
from django.contrib.auth import get_user_model
from django.utils import timezone

from series.clubs import membership
from series.clubs import players as player_services
from series.clubs import services as club_services
from series.eventstore import projectors
from series.nights import services as nights
from series.sheets import services
from tests.support.browser import PASSWORD


def days_ago(days: int) -> str:
    return (timezone.localdate() - timedelta(days=days)).isoformat()


def placed_night(club, order, *, days: int = 10, opened=None, method: str = "random"):
    """A closed night of ``club`` ``days`` ago whose one table places ``order``
    (groups of level players, best first). Returns its id. ``opened``: how it
    is opened (a championship's night), the club's own night unless told."""
    players = [p.id for group in order for p in group]
    opened = opened or nights.night_open
    night_id = opened(club=club, date=days_ago(days)).night_id
    nights.night_check_in(night_id=night_id, players=players)
    size = len(players)
    nights.night_round_draw(
        night_id=night_id, min_table=size, max_table=size, seed=1, method=method
    )
    table = nights.night_tables_start(night_id=night_id).state.current_round.tables[0]
    services.series_abandon(series_id=table.series, reason="placed by the director")
    groups = [[p.id for p in group] for group in order]
    nights.night_table_result(night_id=night_id, table=table.number, order=groups)
    nights.night_close(night_id=night_id)
    return night_id


def club_of(name: str, names, *, admin=None, public: bool = True):
    club = club_services.club_create(name=name, admin=admin, public=public)
    return club, [player_services.player_add(club=club, name=n) for n in names]


def linked(club, player, user):
    """``player`` of ``club`` linked to ``user``'s account by the club's admin."""
    membership.member_set(club=club, user=user, role="member")
    player_services.player_link(club=club, player_id=player.id, user_id=user.id)


def followed() -> None:
    projectors.follow_log()


__all__ = ["date"]


@pytest.fixture
def marta(transactional_db):
    """The club admin the browser journeys sign in as."""
    return get_user_model().objects.create_user("marta", password=PASSWORD)
