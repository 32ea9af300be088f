"""Deals for page tests, built the way the pages and the services take them."""

from __future__ import annotations

import csv
import io
import uuid
from dataclasses import dataclass

from django.contrib.auth import get_user_model
from django.contrib.auth.models import AnonymousUser
from django.test import Client

from series.clubs import membership
from series.clubs import players as player_services
from series.clubs import services as club_services
from series.models import Club, Player
from series.sheets import live_links, selectors, services
from tests.support.factories import entry


def deal_form(version: int, went_out, hands: dict, *, key: str | None = None, **extra) -> dict:
    """The deal page's POST data: ``hands`` maps a player to a card string or to points."""
    data = {
        "went_out": went_out.id,
        "expected_version": version,
        "idempotency_key": key or uuid.uuid4().hex,
        **extra,
    }
    for player, held in hands.items():
        data[f"cards_{player.id}" if isinstance(held, str) else f"points_{player.id}"] = held
    return data


def play_to_the_end(series_id, players, *, winner=None):
    """One deal per player; ``winner`` (the first player by default) goes out every time."""
    winner = winner or players[0]
    result = None
    for _ in players:
        others = {p: 10 * (index + 2) for index, p in enumerate(players) if p != winner}
        result = services.deal_record(series_id=series_id, entry=entry(winner, others))
    return result


def record(series_id, went_out, hands):
    return services.deal_record(series_id=series_id, entry=entry(went_out, hands))


def live_path(series_id, user) -> str:
    """The path of the live link the series' sheet shows ``user`` (None: a visitor)."""
    key = live_links.key_for(selectors.series_sheet(series_id), user or AnonymousUser())
    return f"/live/{live_links.token(key)}/"


def member_live_token(series_id) -> str:
    """The token of the live link a member of the series' club shares (its admin's)."""
    sheet = selectors.series_sheet(series_id)
    admin = sheet.club.memberships.filter(role="admin").first().user
    return live_links.token(live_links.key_for(sheet, admin))


def signed_in(user, language: str | None = None) -> Client:
    """A test client signed in as ``user``; asking for pages in ``language`` if given."""
    client = Client() if language is None else Client(HTTP_ACCEPT_LANGUAGE=language)
    client.force_login(user)
    return client


def rows_of(response) -> list[list[str]]:
    """The rows of a CSV download."""
    return list(csv.reader(io.StringIO(response.content.decode())))


def deal_url(series_id) -> str:
    return f"/series/{series_id}/deals/new/"


def night_url(table, night_id, page="") -> str:
    return f"/clubs/{table.club.slug}/nights/{night_id}/{page}"


def new_series_url(table) -> str:
    return f"/clubs/{table.club.slug}/series/new/"


def seat_data(players, seats: list[int], first_dealer, **extra) -> dict:
    data = {
        "players": [p.id for p in players],
        "first_dealer": first_dealer.id,
        "preset": "continental",
        **extra,
    }
    data.update({f"seat_{p.id}": seat for p, seat in zip(players, seats, strict=True)})
    return data


@dataclass
class Table:
    club: Club
    players: list[Player]
    other_club: Club
    users: dict  # role -> user; "stranger" is a scorer of the other club


def make_user(username: str, password: str | None = None):
    return get_user_model().objects.create_user(username, password=password)


def build_table() -> Table:
    users = {name: make_user(name) for name in ("admin", "scorer", "member", "stranger")}
    club = club_services.club_create(name="Circolo Tressette", admin=users["admin"])
    membership.member_set(club=club, user=users["scorer"], role="scorer")
    membership.member_set(club=club, user=users["member"], role="member")
    names = ("Anna", "Bruno", "Carla", "Dario", "Elena", "Fabio")
    players = [player_services.player_add(club=club, name=name) for name in names]
    other_club = club_services.club_create(name="Other club")
    membership.member_set(club=other_club, user=users["stranger"], role="scorer")
    return Table(club, players, other_club, users)
