"""The API tests' club and users (``Table``), their clients and request bodies."""

from __future__ import annotations

from dataclasses import dataclass

from django.contrib.auth import get_user_model
from rest_framework.test import APIClient

from series.clubs import membership
from series.clubs import players as player_services
from series.clubs import services as club_services
from series.models import Club, DeviceToken, Player

# A Continental hand that goes out: four groups and the 2♣ to discard.
GROUPS = [
    ["7C", "7H", "7D"],
    ["8C", "8H", "8D", "8S"],
    ["9C", "9H", "9D", "9S"],
    ["KC", "KH", "KD", "JK"],
]


HAND = [*(card for group in GROUPS for card in group), "2C"]


@dataclass
class Table:
    club: Club
    players: list[Player]
    other_club: Club
    users: dict  # role name -> user; "stranger" is a scorer of the other club


def make_user(username: str, password: str | None = None):
    """A user; without a password (hashing one is slow) unless a test logs in with it."""
    return get_user_model().objects.create_user(username, password=password)


def build_table() -> Table:
    users = {name: make_user(name) for name in ("admin", "scorer", "member", "stranger")}
    club = club_services.club_create(name="Circolo del Burraco", admin=users["admin"])
    membership.member_set(club=club, user=users["scorer"], role="scorer")
    membership.member_set(club=club, user=users["member"], role="member")
    players = [player_services.player_add(club=club, name=n) for n in ("Anna", "Bruno", "Carla")]
    other_club = club_services.club_create(name="Other club")
    membership.member_set(club=other_club, user=users["stranger"], role="scorer")
    return Table(club, players, other_club, users)


def client_for(user=None) -> APIClient:
    client = APIClient()
    if user is not None:
        _row, token = DeviceToken.objects.create(user=user)
        client.credentials(HTTP_AUTHORIZATION=f"Token {token}")
    return client


def director(club) -> APIClient:
    """An API client of the club's admin, who directs its nights."""
    return client_for(club.memberships.get(role="admin").user)


def deal_body(version: int, went_out, others, *, points: int = 40, **extra) -> dict:
    """A deal where ``went_out`` goes out and every player in ``others`` holds ``points``."""
    return {
        "expected_version": version,
        "went_out": went_out.id,
        "hands": [{"player": p.id, "points": points} for p in others],
        **extra,
    }


def start_body(table: Table, **extra) -> dict:
    ids = [p.id for p in table.players]
    return {"club": table.club.slug, "players": ids, "first_dealer": ids[0], **extra}
