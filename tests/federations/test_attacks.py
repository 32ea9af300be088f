"""Odd and hostile requests to a federation's pages and API: a clear answer, never
a server error (RULES D-25)."""

from __future__ import annotations

import pytest

from series.federations import services
from tests.federations.conftest import club_of, followed, placed_night
from tests.support.api import client_for, make_user

pytestmark = pytest.mark.django_db


@pytest.fixture
def listed():
    runner, club_admin = make_user("runner"), make_user("clubadmin")
    uno, players = club_of("Uno", ["Ada", "Bruno", "Carla"], admin=club_admin)
    made = services.federation_create(user=runner, name="Lega")
    services.club_join(federation=made.federation, club=uno, user=club_admin, token=made.token)
    for _night in range(2):
        placed_night(uno, [[p] for p in players])
    followed()
    return players


@pytest.mark.parametrize(
    "address",
    [
        "/federations/lega/?page=99999999999999999999999",
        "/federations/lega/?page=" + "9" * 5000,
        "/federations/lega/?page=%C2%B2",
        "/federations/lega/persons/u%C2%B2/",
        "/federations/lega/persons/u99999999999999999999999/",
        "/federations/lega/persons/p%D9%A1/",
        "/federations/lega/persons/p0001/",
        "/api/v1/federations/lega/persons/u007?game=continental",
        "/api/v1/federations/lega/persons/u99999999999999999999999?game=continental",
        "/api/v1/federations/lega/persons/u%C2%B2?game=continental",
        "/api/v1/federations/lega/ranking?game=continental&offset=-1",
        "/api/v1/federations/lega/ranking?game=continental&limit=1000",
        "/api/v1/federations/lega/ranking?game=" + "x" * 5000,
        "/federations/lega/ranking.csv?game=" + "x" * 5000,
        "/federations/lega/?game=%00",
        "/api/v1/federations/" + "x" * 5000,
        "/federations/" + "x" * 5000 + "/",
    ],
)
def test_odd_addresses_get_an_answer_not_a_server_error(listed, address):
    answer = client_for(None).get(address)
    assert answer.status_code < 500, (address[:80], answer.status_code)


def test_a_join_by_link_retried_with_its_idempotency_key_answers_as_the_first_did():
    runner, club_admin = make_user("runner"), make_user("clubadmin")
    club_of("Uno", ["Ada"], admin=club_admin)
    token = services.federation_create(user=runner, name="Lega").token
    client = client_for(club_admin)
    ask = {"club": "uno", "token": token}
    key = {"HTTP_IDEMPOTENCY_KEY": "join-1"}
    first = client.post("/api/v1/federations/lega/members", ask, format="json", **key)
    again = client.post("/api/v1/federations/lega/members", ask, format="json", **key)
    assert (first.status_code, again.status_code) == (201, 201)
    assert again.json() == first.json()
