"""Deals for page tests, built the way the pages and the services take them."""

from __future__ import annotations

import uuid

from django.contrib.auth.models import AnonymousUser

from series.sheets import live_links, selectors, services
from tests.factories import entry


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
