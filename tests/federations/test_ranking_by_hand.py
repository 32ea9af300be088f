"""The federation's list agrees with a ranking worked by hand (RULES D-25), is kept
by the follower for only the persons a night touches, equals a rebuild, and is
read in a fixed number of queries."""

from __future__ import annotations

import pytest

from series.clubs import players as player_services
from series.federations import projection, services
from series.models import FederationMember, FederationStanding
from series.sheets import projection as sheet_projection
from tests.federations.conftest import club_of, followed, linked, placed_night
from tests.support.api import client_for, make_user

pytestmark = pytest.mark.django_db

RANKING = "/api/v1/federations/lega/ranking?game=continental"


FILLERS = iter(range(10**6))


def filler(club):
    """A player who plays one night: one result, never listed."""
    return player_services.player_add(club=club, name=f"Filler {next(FILLERS)}")


def a_federation():
    """Two clubs, Uno and Due, in federation "lega"; Bruno plays for both.

    Every night ranks five players (N = 5), so r = 1000 × (5 − p) / 4:
    p = 1: 1000, 2: 750, 3: 500, 4: 250; level for 2nd and 3rd: p = 2.5, 625.
    """
    admin, bruno_account = make_user("admin"), make_user("bruno")
    uno, (ada, bruno, carla, dino, eva) = club_of(
        "Uno", ["Ada", "Bruno", "Carla", "Dino", "Eva"], admin=admin
    )
    due, (bruno_due,) = club_of("Due", ["Bruno B"], admin=admin)

    def night(club, order, days=10):
        """``order``: the persons placed, with None for a filler's place."""
        groups = [[p if p is not None else filler(club) for p in group] for group in order]
        return placed_night(club, groups, days=days)

    # Ada at Uno: 11 nights.
    for place, days in [(1, 10), (2, 11), (3, 12), (4, 13), (4, 14), (2, 20), (3, 584)]:
        night(uno, [[ada] if p == place else [None] for p in range(1, 6)], days)
    for place, days in [(1, 30), (3, 31), (2, 32), (1, 800)]:
        night(uno, [[ada] if p == place else [None] for p in range(1, 6)], days)
    # Bruno and Carla level for 2nd and 3rd; Carla 4th; Dino and Eva level, Dino 4th.
    night(uno, [[None], [bruno, carla], [None], [None]])
    night(uno, [[None], [None], [None], [carla], [None]])
    night(uno, [[None], [dino, eva], [None], [None]])
    night(uno, [[None], [None], [None], [dino], [None]])
    # Bruno at Due: 1st and 3rd.
    night(due, [[bruno_due], [None], [None], [None], [None]])
    night(due, [[None], [None], [bruno_due], [None], [None]])

    federation = services.federation_create(user=admin, name="Lega").federation
    for club in (uno, due):
        services.club_join(federation=federation, club=club, user=admin)
    linked(uno, bruno, bruno_account)
    linked(due, bruno_due, bruno_account)
    return federation, admin, bruno_account, (ada, bruno, carla, dino, eva, bruno_due)


def lines_of(client):
    return {
        line["name"]: (round(line["score"], 3), line["place"], line["results"])
        for line in client.get(RANKING).json()["results"]
    }


def test_the_list_agrees_with_a_ranking_worked_by_hand():
    """RULES D-25, by hand.

    Ada, 11 nights at Uno; the one 800 days ago has age factor 0 and is not in
    n: n = 10, NA = ceil(5 + 0.8 × 5) = 9. The night 584 days ago (3rd, r = 500)
    has factor (730 − 584) / 365 = 0.4: r × weight = 200, the smallest, so it is
    the one left out of A. r × weight: 1000, 1000, 750, 750, 750, 500, 500,
    250, 250 (and 200).
      A = (2 × 1000 + 3 × 750 + 2 × 500 + 2 × 250) / 9 = 5750 / 9 = 638.889
      B = (1000 + 1000 + 750 + 750) / 4 = 875
      score = (638.889 + 875) / 2 = 756.944
    Bruno, once he confirmed both players: 625 at Uno (level with Carla for 2nd
    and 3rd, p = 2.5), 1000 and 500 at Due; n = 3, so A counts two missing
    results at r = 0 and B one:
      A = 2125 / 5 = 425;  B = 2125 / 4 = 531.25;  score = 478.125
    Carla: 625 and 250: A = 875 / 5 = 175, B = 875 / 4 = 218.75, score 196.875;
    Dino the same (level with Eva for 2nd and 3rd, then 4th): both 3rd.
    Eva and every filler: one result each, not listed.
    """
    _federation, _admin, bruno_account, players = a_federation()
    followed()
    reader = client_for(None)
    before = lines_of(reader)
    # Until he confirms, his players are two persons: Bruno at Uno has one result
    # (not listed), Bruno B at Due two: A = 1500 / 5 = 300, B = 1500 / 4 = 375.
    assert before["Bruno B"] == (337.5, 2, 2) and "Bruno" not in before

    owner = client_for(bruno_account)
    for player in (players[1], players[5]):
        answer = owner.post(
            "/api/v1/account/players",
            {"club": player.club.slug, "player": player.id},
            format="json",
        )
        assert answer.status_code == 200, answer.json()
    followed()
    assert lines_of(reader) == {
        "Ada": (756.944, 1, 10),
        "Bruno": (478.125, 2, 3),
        "Carla": (196.875, 3, 2),
        "Dino": (196.875, 3, 2),
    }
    bruno_line = reader.get(RANKING).json()["results"][1]
    assert bruno_line["person"] == f"u{bruno_account.id}"
    assert bruno_line["players"] == sorted([players[1].id, players[5].id])
    assert (round(bruno_line["part_a"], 3), round(bruno_line["part_b"], 3)) == (425, 531.25)


def test_a_persons_page_shows_each_result_with_its_r_weight_age_and_part():
    _federation, *_rest, players = a_federation()
    followed()
    ada = players[0]
    answer = client_for(None).get(f"/api/v1/federations/lega/persons/p{ada.id}?game=continental")
    body = answer.json()
    assert (body["count"], body["part_a_size"], round(body["score"], 3)) == (10, 9, 756.944)
    aged = [r for r in body["results"] if r["age_factor"] < 1]
    assert [(r["r"], r["weight"], round(r["age_factor"], 3), r["in_a"]) for r in aged] == [
        (500.0, 1.0, 0.4, False)
    ]
    assert sum(r["in_b"] for r in body["results"]) == 4
    assert sum(r["in_a"] for r in body["results"]) == 9


def test_a_night_closed_counts_only_the_persons_who_played_it_and_equals_a_rebuild():
    _federation, _admin, _bruno, players = a_federation()
    followed()
    ada, carla = players[0], players[2]
    dino_before = FederationStanding.objects.get(person=f"p{players[3].id}")
    uno = ada.club
    extra = [filler(uno) for _n in range(3)]
    placed_night(uno, [[carla], [ada], *[[p] for p in extra]], days=1)
    with_calls = []
    original = projection.recount

    def spy(federation_id, persons, **kwargs):
        with_calls.append(set(persons))
        return original(federation_id, persons, **kwargs)

    projection.recount = spy
    try:
        followed()
    finally:
        projection.recount = original
    assert with_calls == [{f"p{ada.id}", f"p{carla.id}", *(f"p{p.id}" for p in extra)}]
    dino_after = FederationStanding.objects.get(person=f"p{players[3].id}")
    assert dino_after.pk == dino_before.pk  # untouched
    kept = sorted(FederationStanding.objects.values_list("person", "score", "results", "players"))
    members = list(FederationMember.objects.values_list("club", "status", "version"))
    sheet_projection.rebuild()  # every read model from the log, the lists with them
    again = FederationStanding.objects.values_list("person", "score", "results", "players")
    assert sorted(again) == kept
    assert list(FederationMember.objects.values_list("club", "status", "version")) == members


def test_a_club_that_leaves_takes_its_nights_out(django_assert_max_num_queries):
    federation, admin, _bruno, players = a_federation()
    services.membership_end(federation=federation, club=players[5].club, user=admin)
    followed()
    names = lines_of(client_for(None))
    assert "Bruno B" not in names and "Ada" in names


def test_the_list_and_a_persons_page_are_read_in_a_fixed_number_of_queries(
    django_assert_num_queries,
):
    _federation, *_rest, players = a_federation()
    followed()
    reader = client_for(None)
    # The federation, a page of lines (their places and count beside them), their
    # names (the players, their clubs' agreements, the persons' choices): 3, for 2 or 50.
    with django_assert_num_queries(3):
        reader.get(RANKING + "&limit=2")
    with django_assert_num_queries(3):
        reader.get(RANKING + "&limit=50")
    # The federation, the person's players, the clubs, the results, the name.
    with django_assert_num_queries(5):
        reader.get(f"/api/v1/federations/lega/persons/p{players[0].id}?game=continental")


def test_the_list_is_a_csv_too():
    _federation, *_rest = a_federation()
    followed()
    answer = client_for(None).get("/federations/lega/ranking.csv?game=continental")
    rows = answer.content.decode().splitlines()
    assert rows[0].startswith("Place,Person,Name,Score")
    assert rows[1].split(",")[2:4] == ["Ada", "756.944"]
