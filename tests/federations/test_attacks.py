"""Odd and hostile requests to a federation's pages and API: a clear answer, never
a server error (RULES D-25)."""

from __future__ import annotations

import pytest

from series.federations import services
from series.models import FederationStanding
from series.nights import services as nights
from series.sheets import projection
from tests.federations.conftest import club_of, followed, linked, placed_night
from tests.support.api import client_for, make_user
from tests.support.pages import signed_in

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


ODD_ADDRESSES = [
    "/federations/lega/?page=99999999999999999999999",
    "/federations/lega/?page=" + "9" * 5000,
    "/federations/lega/?page=%C2%B2",
    "/federations/lega/persons/u%C2%B2/",
    "/federations/lega/persons/u99999999999999999999999/",
    "/federations/lega/persons/p%D9%A1/",
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
]


def test_odd_addresses_get_an_answer_not_a_server_error(listed):
    reader = client_for(None)
    padded = f"/federations/lega/persons/p00{listed[0].id}/?game=continental"  # a key as p0042
    answers = {a[:80]: reader.get(a).status_code for a in [*ODD_ADDRESSES, padded]}
    assert {address: code for address, code in answers.items() if code >= 500} == {}


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


def test_a_reopened_night_closed_again_counts_its_new_places_as_a_rebuild_does():
    runner, club_admin = make_user("runner"), make_user("clubadmin")
    uno, players = club_of("Uno", ["Ada", "Bruno", "Carla"], admin=club_admin)
    made = services.federation_create(user=runner, name="Lega")
    services.club_join(federation=made.federation, club=uno, user=club_admin, token=made.token)
    placed_night(uno, [[p] for p in players])
    night = placed_night(uno, [[p] for p in players])
    followed()
    nights.night_reopen(night_id=night, reason="The places were written backwards")
    table = nights.night_load(night).rounds[0].tables[0]
    nights.night_table_result(
        night_id=night, table=table.number, order=[[p.id] for p in reversed(players)]
    )
    nights.night_close(night_id=night)
    followed()
    kept = sorted(FederationStanding.objects.values_list("person", "score", "part_a", "part_b"))
    # Ada 1st then 3rd, Carla 3rd then 1st: level; Bruno 2nd twice (r = 1000, 0; 500, 500).
    scores = {person: score for person, score, *_parts in kept}
    assert scores[f"p{players[0].id}"] == scores[f"p{players[2].id}"]
    projection.rebuild()
    again = FederationStanding.objects.values_list("person", "score", "part_a", "part_b")
    assert sorted(again) == kept


def test_a_person_who_chose_initials_is_listed_so_before_confirming_their_player():
    """The account's choice holds for every player linked to it, confirmed or not."""
    runner, club_admin, person = make_user("runner"), make_user("clubadmin"), make_user("ada")
    uno, players = club_of("Uno", ["Ada Rossi", "Bruno", "Carla"], admin=club_admin)
    made = services.federation_create(user=runner, name="Lega")
    services.club_join(federation=made.federation, club=uno, user=club_admin, token=made.token)
    linked(uno, players[0], person)  # by the club's admin; Ada has not confirmed it
    client_for(person).post("/api/v1/account/initials", {"initials_only": True}, format="json")
    for _night in range(2):
        placed_night(uno, [[p] for p in players])
    followed()
    lines = client_for(None).get("/api/v1/federations/lega/ranking?game=continental").json()
    assert [line["name"] for line in lines["results"]] == ["A. R.", "Bruno", "Carla"]
    csv = client_for(None).get("/federations/lega/ranking.csv?game=continental").content
    assert b"Ada" not in csv


def test_outsiders_neither_end_another_clubs_membership_nor_read_a_private_federations_pages():
    runner, uno_admin, due_admin = make_user("runner"), make_user("uno"), make_user("due")
    uno, players = club_of("Uno", ["Ada", "Bruno", "Carla"], admin=uno_admin)
    club_of("Due", ["Dino"], admin=due_admin)
    made = services.federation_create(user=runner, name="Chiusa", public=False)
    services.club_join(federation=made.federation, club=uno, user=uno_admin, token=made.token)
    for _night in range(2):
        placed_night(uno, [[p] for p in players])
    followed()
    ended = client_for(due_admin).post("/api/v1/federations/chiusa/members/uno/end")
    assert ended.status_code == 403
    assert signed_in(due_admin).post("/federations/chiusa/members/uno/end/").status_code == 404
    for address in (
        "/federations/chiusa/",
        "/federations/chiusa/ranking.csv?game=continental",
        f"/federations/chiusa/persons/p{players[0].id}/?game=continental",
    ):
        assert signed_in(due_admin).get(address).status_code == 404, address
        assert signed_in(uno_admin).get(address).status_code == 200, address
    # Its join page, to a guessed link: not its name either.
    assert signed_in(due_admin).get("/federations/chiusa/join/guessed/").status_code == 404
    assert signed_in(due_admin).get(f"/federations/chiusa/join/{made.token}/").status_code == 200
    assert client_for(runner).get("/api/v1/federations/chiusa").json()["clubs"][0]["status"] == (
        "active"
    )
