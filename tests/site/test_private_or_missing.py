"""An anonymous visitor cannot tell a private club from a missing one: both
answer with the sign-in page."""

from __future__ import annotations

import uuid

import pytest
from django.test import Client

pytestmark = pytest.mark.django_db


def answer(url: str) -> tuple[int, str]:
    response = Client().get(url)
    return response.status_code, response.get("Location", "").split("?")[0]


def test_a_private_club_and_a_missing_club_answer_the_same(table, four):
    slug = table.club.slug
    missing_series = uuid.uuid4()
    pairs = [
        (f"/clubs/{slug}/league/", "/clubs/no-such-club/league/"),
        (f"/clubs/{slug}/league/history/", "/clubs/no-such-club/league/history/"),
        (f"/clubs/{slug}/series/new/", "/clubs/no-such-club/series/new/"),
        (f"/clubs/{slug}/players/{table.players[0].id}/", "/clubs/no-such-club/players/999999/"),
        (f"/series/{four}/", f"/series/{missing_series}/"),
        (f"/series/{four}/audit/", f"/series/{missing_series}/audit/"),
        (f"/series/{four}/sheet.csv", f"/series/{missing_series}/sheet.csv"),
    ]
    for private, missing in pairs:
        assert answer(private) == answer(missing) == (302, "/login/"), (private, missing)


def test_a_signed_in_stranger_still_gets_404_for_both(as_role, table, four):
    stranger = as_role("stranger")
    assert stranger.get(f"/clubs/{table.club.slug}/league/").status_code == 404
    assert stranger.get("/clubs/no-such-club/league/").status_code == 404
