"""A small hand-made history whose figures are worked out by hand in the tests,
and a user of each role; everything is built through the services."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from uuid import UUID

import pytest
from django.contrib.auth import get_user_model
from django.utils import timezone

from series.clubs import membership
from series.clubs import players as player_services
from series.clubs import services as club_services
from series.eventstore import projectors
from series.models import Club, Player
from series.sheets import services
from tests.factories import entry, start
from tests.support.shared import copy_or_build, written_once_per_module


def at(month: int, day: int, hour: int = 20) -> datetime:
    return timezone.make_aware(datetime(2025, month, day, hour))


@dataclass
class History:
    club: Club
    anna: Player
    bruno: Player
    carla: Player
    dario: Player
    first: UUID  # Anna, Bruno, Carla: Carla wins after a tiebreak deal
    second: UUID  # Anna, Bruno, Carla: Bruno wins; a corrected and a voided deal
    abandoned: UUID
    open: UUID
    users: dict


def caught_up() -> None:
    """Run the league's catch-up, as ``manage.py follow_log`` does beside the server."""
    projectors.follow_log()


def record(series_id, goer, hands, when, **kwargs):
    return services.deal_record(
        series_id=series_id, entry=entry(goer, hands), recorded_at=when, **kwargs
    )


def play_first(club, a, b, c) -> UUID:
    """Totals 55, 70, 55 after three deals: Anna and Carla play a tiebreak deal,
    Carla goes out, Anna scores 20. Final: Anna 75, Bruno 70, Carla 55."""
    series = start(club, [a, b, c], first_dealer=a, recorded_at=at(3, 7)).series_id
    record(series, a, {b: 20, c: 30}, at(3, 7))
    record(series, b, {a: 40, c: 25}, at(3, 7))
    record(series, c, {a: 15, b: 50}, at(3, 7))
    record(series, c, {a: 20}, at(3, 7))  # the tiebreak deal
    return series


def play_second(club, a, b, c) -> UUID:
    """Final: Anna 50, Bruno 25, Carla 135. Deal 1 is corrected (Anna 35 → 30);
    deal 2 is voided (a misdeal) and dealt again as deal 3."""
    series = start(club, [a, b, c], first_dealer=b, recorded_at=at(9, 12)).series_id
    record(series, b, {a: 35, c: 60}, at(9, 12))
    services.deal_correct(
        series_id=series,
        number=1,
        entry=entry(b, {a: 30, c: 60}),
        reason="Counted again.",
        recorded_at=at(9, 12),
    )
    record(series, c, {a: 100, b: 100}, at(9, 12))
    services.deal_void(series_id=series, number=2, reason="Misdeal.", recorded_at=at(9, 12))
    record(series, b, {a: 20, c: 40}, at(9, 12))
    record(series, a, {b: 25, c: 35}, at(9, 12))
    return series


def make_users() -> dict:
    make = get_user_model().objects.create_user
    return {name: make(name) for name in ("admin", "scorer", "member", "stranger")}


@pytest.fixture
def users(db):
    return make_users()


def build_history() -> History:
    users = make_users()
    club = club_services.club_create(name="Circolo", admin=users["admin"])
    membership.member_set(club=club, user=users["scorer"], role="scorer")
    membership.member_set(club=club, user=users["member"], role="member")
    club_services.club_create(name="Other club", admin=users["stranger"])
    a, b, c, d = (
        player_services.player_add(club=club, name=n) for n in ("Anna", "Bruno", "Carla", "Dario")
    )
    first = play_first(club, a, b, c)
    second = play_second(club, a, b, c)
    abandoned = start(club, [a, b, c, d], recorded_at=at(10, 3)).series_id
    record(abandoned, a, {b: 15, c: 15, d: 15}, at(10, 3))
    services.series_abandon(series_id=abandoned, reason="Closing time.", recorded_at=at(10, 3))
    still_open = start(club, [a, b, d], recorded_at=at(11, 21)).series_id
    record(still_open, d, {a: 15, b: 15}, at(11, 21))
    caught_up()  # the league's follower has read the log, as it does beside the server
    return History(club, a, b, c, d, first, second, abandoned, still_open, users)


history_of_the_module = written_once_per_module(build_history)


@pytest.fixture
def history(history_of_the_module, db) -> History:
    """The history, written once for the module (tests/support/shared.py)."""
    return copy_or_build(history_of_the_module, build_history)
