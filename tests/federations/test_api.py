"""Federations through the API: made by any signed-in user, clubs joining by link
or asking, accepted and ended; a person confirming their players across clubs;
and every bad input a clear 422 that changes nothing (RULES D-25)."""

from __future__ import annotations

import pytest

from series.clubs import players as player_services
from series.clubs import services as club_services
from series.federations import services
from series.models import Event, FederationMember, PersonLink
from tests.federations.conftest import club_of, followed, linked, placed_night
from tests.support.api import client_for, make_user

pytestmark = pytest.mark.django_db

MEMBERS = "/api/v1/federations/lega/members"


@pytest.fixture
def setting():
    runner, club_admin = make_user("runner"), make_user("clubadmin")
    uno, players = club_of("Uno", ["Ada", "Bruno", "Carla"], admin=club_admin)
    made = client_for(runner).post("/api/v1/federations", {"name": "Lega"}, format="json")
    assert made.status_code == 201
    return runner, club_admin, uno, players, made.json()["token"]


def unchanged(call):
    """Run ``call``; return its answer, checking that the log and the tables stayed."""
    before = (Event.objects.count(), list(FederationMember.objects.values()))
    answer = call()
    assert (Event.objects.count(), list(FederationMember.objects.values())) == before
    return answer


def test_a_club_asks_to_join_and_a_federation_admin_accepts(setting):
    runner, club_admin, _uno, *_ = setting
    asked = client_for(club_admin).post(MEMBERS, {"club": "uno"}, format="json")
    assert (asked.status_code, asked.json()["status"]) == (202, "pending")
    refused = client_for(club_admin).post(f"{MEMBERS}/uno/accept")
    assert refused.status_code == 403
    accepted = client_for(runner).post(f"{MEMBERS}/uno/accept")
    assert (accepted.status_code, accepted.json()["status"]) == (200, "active")
    ended = client_for(club_admin).post(f"{MEMBERS}/uno/end")
    assert (ended.status_code, ended.json()["status"]) == (200, "ended")
    again = client_for(club_admin).post(MEMBERS, {"club": "uno"}, format="json")
    assert again.status_code == 202


def test_a_club_joins_at_once_with_the_federations_link(setting):
    _runner, club_admin, _uno, _players, token = setting
    joined = client_for(club_admin).post(MEMBERS, {"club": "uno", "token": token}, format="json")
    assert (joined.status_code, joined.json()["status"]) == (201, "active")


def test_only_the_clubs_admin_asks_for_it(setting):
    _runner, _club_admin, _uno, _players, _token = setting
    stranger = client_for(make_user("stranger"))
    answer = unchanged(lambda: stranger.post(MEMBERS, {"club": "uno"}, format="json"))
    assert answer.status_code == 403


def test_a_club_joining_twice_is_refused(setting):
    _runner, club_admin, _uno, _players, token = setting
    client = client_for(club_admin)
    client.post(MEMBERS, {"club": "uno", "token": token}, format="json")
    answer = unchanged(lambda: client.post(MEMBERS, {"club": "uno"}, format="json"))
    assert (answer.status_code, answer.json()["code"]) == (422, "club_joined_already")


def test_a_link_used_twice_or_after_it_was_renewed_is_refused(setting):
    runner, club_admin, _uno, _players, token = setting
    _due, _ = club_of("Due", ["Dino"], admin=club_admin)
    _tre, _ = club_of("Tre", ["Eva"], admin=club_admin)
    client = client_for(club_admin)
    assert client.post(MEMBERS, {"club": "uno", "token": token}, format="json").status_code == 201
    used = unchanged(lambda: client.post(MEMBERS, {"club": "due", "token": token}, format="json"))
    assert (used.status_code, used.json()["code"]) == (422, "token_used")
    first = client_for(runner).post("/api/v1/federations/lega/link").json()["token"]
    client_for(runner).post("/api/v1/federations/lega/link")
    renewed = unchanged(
        lambda: client.post(MEMBERS, {"club": "tre", "token": first}, format="json")
    )
    assert (renewed.status_code, renewed.json()["code"]) == (422, "token_renewed")


def test_a_person_confirms_each_of_their_players_from_their_account(setting):
    _runner, club_admin, uno, players, _token = setting
    due, (dino,) = club_of("Due", ["Dino"], admin=club_admin)
    person = make_user("person")
    linked(uno, players[0], person)
    linked(due, dino, person)
    client = client_for(person)
    listed = client.get("/api/v1/account/players").json()["players"]
    assert [(p["name"], p["confirmed"]) for p in listed] == [("Dino", False), ("Ada", False)]
    answer = client.post(
        "/api/v1/account/players", {"club": "due", "player": dino.id}, format="json"
    )
    assert [(p["name"], p["confirmed"]) for p in answer.json()["players"]] == [
        ("Dino", True),
        ("Ada", False),
    ]
    withdrawn = client.post(f"/api/v1/account/players/{dino.id}/withdraw")
    assert not any(p["confirmed"] for p in withdrawn.json()["players"])


def test_a_person_confirming_a_player_not_theirs_or_of_another_club_is_refused(setting):
    _runner, club_admin, uno, players, _token = setting
    person = make_user("person")
    linked(uno, players[0], person)
    client = client_for(person)
    not_theirs = client.post(
        "/api/v1/account/players", {"club": "uno", "player": players[1].id}, format="json"
    )
    assert (not_theirs.status_code, not_theirs.json()["code"]) == (422, "not_your_player")
    club_of("Due", ["Dino"], admin=club_admin)
    elsewhere = client.post(
        "/api/v1/account/players", {"club": "due", "player": players[0].id}, format="json"
    )
    assert (elsewhere.status_code, elsewhere.json()["code"]) == (422, "player_of_another_club")
    assert not PersonLink.objects.exists()


def test_a_relink_by_the_clubs_admin_ends_the_confirmation_of_the_account_it_left(setting):
    """The player moved away is no longer the person's, so neither is its
    confirmation: they confirm their new player of the club at once (a person
    is one player of a club: the domain refuses a second confirmation while
    the first holds, ``tests/domain/federations/test_person_links.py``)."""
    _runner, _club_admin, uno, players, _token = setting
    person, other = make_user("person"), make_user("other")
    linked(uno, players[0], person)
    client = client_for(person)
    client.post("/api/v1/account/players", {"club": "uno", "player": players[0].id}, format="json")
    # The club's admin moves the account's link to another player of the club.
    player_services.player_link(club=uno, player_id=players[0].id, user_id=None)
    assert not PersonLink.objects.exists()
    withdrawn = Event.objects.get(type="PersonLinkWithdrawn")
    assert (withdrawn.club_id, withdrawn.payload) == (
        uno.id,
        {"user": person.id, "club": uno.id, "player": players[0].id},
    )
    player_services.player_link(club=uno, player_id=players[1].id, user_id=person.id)
    answer = client.post(
        "/api/v1/account/players", {"club": "uno", "player": players[1].id}, format="json"
    )
    assert answer.status_code == 200
    assert [(p["name"], p["confirmed"]) for p in answer.json()["players"]] == [("Bruno", True)]
    # Linked to another account, the player counts for it once that person confirms it.
    linked(uno, players[0], other)
    assert list(PersonLink.objects.values_list("player_id", "user_id")) == [
        (players[1].id, person.id)
    ]
    confirmed = client_for(other).post(
        "/api/v1/account/players", {"club": "uno", "player": players[0].id}, format="json"
    )
    assert confirmed.json()["players"] == [
        {**confirmed.json()["players"][0], "name": "Ada", "confirmed": True}
    ]


def test_a_player_relinked_away_leaves_the_persons_line_in_the_ranking(setting):
    _runner, club_admin, uno, players, token = setting
    client_for(club_admin).post(MEMBERS, {"club": "uno", "token": token}, format="json")
    person = make_user("person")
    client = client_for(person)
    linked(uno, players[0], person)
    client.post("/api/v1/account/players", {"club": "uno", "player": players[0].id}, format="json")
    for days in (10, 20):  # a list counts a person from their second result
        placed_night(uno, [[players[0]], players[1:]], days=days)
    followed()

    def persons():
        answer = client.get("/api/v1/federations/lega/ranking?game=continental")
        return {line["person"]: line["players"] for line in answer.json()["results"]}

    assert persons()[f"u{person.id}"] == [players[0].id]
    player_services.player_link(club=uno, player_id=players[0].id, user_id=None)
    followed()
    assert f"u{person.id}" not in persons()
    assert persons()[f"p{players[0].id}"] == [players[0].id]


def test_a_confirmation_of_a_player_since_erased_does_not_block_the_next(setting):
    """Erased, the player is no longer the account's and no longer on its page:
    the person confirms their new player of the club, and the old confirmation ends."""
    _runner, _club_admin, uno, players, _token = setting
    person = make_user("person")
    linked(uno, players[0], person)
    client = client_for(person)
    client.post("/api/v1/account/players", {"club": "uno", "player": players[0].id}, format="json")
    player_services.player_erase(club=uno, player_id=players[0].id)
    player_services.player_link(club=uno, player_id=players[1].id, user_id=person.id)
    answer = client.post(
        "/api/v1/account/players", {"club": "uno", "player": players[1].id}, format="json"
    )
    assert answer.status_code == 200
    assert list(PersonLink.objects.values_list("player_id", "user_id")) == [
        (players[1].id, person.id)
    ]
    assert Event.objects.filter(type="PersonLinkWithdrawn").count() == 1


def test_a_ranking_of_a_game_the_clubs_do_not_play_is_refused(setting):
    _runner, club_admin, uno, players, token = setting
    client_for(club_admin).post(MEMBERS, {"club": "uno", "token": token}, format="json")
    placed_night(uno, [[p] for p in players])
    followed()
    reader = client_for(None)
    assert reader.get("/api/v1/federations/lega/ranking?game=continental").status_code == 200
    answer = reader.get("/api/v1/federations/lega/ranking?game=rummy")
    assert (answer.status_code, answer.json()["code"]) == (422, "game_not_played")


def test_a_private_clubs_players_are_listed_under_initials_unless_it_agreed(setting):
    runner, club_admin, *_ = setting
    secret, players = club_of("Segreto", ["Anna Maria", "Bruno Neri", "Carla"], admin=club_admin)
    club_services.club_update(club=secret, public=False)
    federation = services.federation_create(user=runner, name="Lega Due").federation
    services.club_join(federation=federation, club=secret, user=club_admin)
    services.club_accept(federation=federation, club=secret, user=runner)
    for _night in range(2):
        placed_night(secret, [[p] for p in players])
    followed()
    names = [
        line["name"]
        for line in client_for(None)
        .get("/api/v1/federations/lega-due/ranking?game=continental")
        .json()["results"]
    ]
    assert names == ["A. M.", "B. N.", "C."]


def test_a_person_may_be_listed_under_initials_only(setting):
    _runner, club_admin, uno, players, token = setting
    client_for(club_admin).post(MEMBERS, {"club": "uno", "token": token}, format="json")
    person = make_user("person")
    linked(uno, players[0], person)
    client = client_for(person)
    client.post("/api/v1/account/players", {"club": "uno", "player": players[0].id}, format="json")
    client.post("/api/v1/account/initials", {"initials_only": True}, format="json")
    for _night in range(2):
        placed_night(uno, [[p] for p in players])
    followed()
    lines = client_for(None).get("/api/v1/federations/lega/ranking?game=continental").json()
    assert [line["name"] for line in lines["results"]] == ["A.", "Bruno", "Carla"]


def test_a_private_club_that_agreed_is_listed_by_name(setting):
    runner, club_admin, *_ = setting
    secret, players = club_of("Segreto", ["Anna Maria", "Bruno Neri", "Carla"], admin=club_admin)
    club_services.club_update(club=secret, public=False)
    federation = services.federation_create(user=runner, name="Lega Tre").federation
    services.club_join(federation=federation, club=secret, user=club_admin, names_shown=True)
    services.club_accept(federation=federation, club=secret, user=runner)
    for _night in range(2):
        placed_night(secret, [[p] for p in players])
    followed()
    lines = client_for(None).get("/api/v1/federations/lega-tre/ranking?game=continental").json()
    assert [line["name"] for line in lines["results"]] == ["Anna Maria", "Bruno Neri", "Carla"]


def test_a_private_federations_list_is_read_by_its_clubs_members_only(setting):
    runner, club_admin, _uno, _players, _token = setting
    made = client_for(runner).post(
        "/api/v1/federations", {"name": "Chiusa", "public": False}, format="json"
    )
    assert made.status_code == 201
    client_for(club_admin).post(
        "/api/v1/federations/chiusa/members",
        {"club": "uno", "token": made.json()["token"]},
        format="json",
    )
    address = "/api/v1/federations/chiusa"
    assert client_for(None).get(address).status_code == 404
    assert client_for(make_user("stranger")).get(address).status_code == 404
    assert client_for(club_admin).get(address).status_code == 200
    assert client_for(runner).get(address).status_code == 200
