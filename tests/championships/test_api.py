"""A championship through the API (RULES D-23, D-24): open it, its nights joining
as they open or later, the cut, the final night drawn by the championship, the
close; stale writes and retries; every bad input a clear 422 that changes nothing."""

from __future__ import annotations

import pytest

from series.clubs import membership
from series.eventstore import store
from series.models import Championship, Event, Night
from series.nights import services as nights
from tests.support.api import client_for, make_user
from tests.support.championships import a_championship, a_club, one_deal

pytestmark = pytest.mark.django_db


@pytest.fixture
def director():
    club, players = a_club()
    user = make_user("director")
    membership.member_set(club=club, user=user, role="scorer")
    return club, players, client_for(user)


def opened(client, slug, **body):
    body = {"name": "Winter", "qualifying_nights": 2, "options": {"deals": 1}, **body}
    return client.post(f"/api/v1/clubs/{slug}/championships", body, format="json")


def night(client, slug, **body):
    return client.post(f"/api/v1/clubs/{slug}/nights", body, format="json")


def test_a_director_runs_a_championship_through_the_api(director):
    club, (anna, bruno, carla, dario, elena), client = director
    answer = opened(client, club.slug, best=1, final_size=3)
    assert answer.status_code == 201, answer.json()
    champ = answer.json()["id"]
    assert answer["Location"] == f"/api/v1/championships/{champ}"
    assert answer.json()["state"] == "qualifying" and answer.json()["carry_over"] == "half"
    first = night(client, club.slug, championship=champ, date="2026-02-06")
    assert first.status_code == 201, first.json()
    second = nights.night_open(club=club, options={"deals": 1}, date="2026-02-13").night_id
    added = client.post(
        f"/api/v1/championships/{champ}/nights",
        {"night": str(second), "expected_version": 2},
        format="json",
    )
    assert added.status_code == 200, added.json()
    five = {bruno: 20, carla: 30, dario: 40, elena: 50}
    for night_id in (first.json()["id"], second):
        one_deal(night_id, anna, five)
        nights.night_close(night_id=night_id)
    cut = client.post(f"/api/v1/championships/{champ}/cut", {}, format="json")
    assert cut.status_code == 200, cut.json()
    body = cut.json()
    assert body["state"] == "cut" and body["finalists"] == [anna.id, bruno.id, carla.id]
    line = body["standings"][0]
    assert line["player"] == anna.id and line["points"] == 10 and line["place"] == 1
    assert line["nights_counted"] == [first.json()["id"]]  # best 1: the earlier of two
    assert line["nights_dropped"] == [str(second)]
    final = night(client, club.slug, championship=champ, final=True, date="2026-02-20")
    assert final.status_code == 201, final.json()
    final_id = final.json()["id"]
    nights.night_check_in(night_id=final_id, players=[carla.id, bruno.id, anna.id])
    drawn = client.post(
        f"/api/v1/nights/{final_id}/rounds",
        {"min_table": 3, "max_table": 3, "method": "championship"},
        format="json",
    )
    assert drawn.status_code == 201, drawn.json()
    one_deal(final_id, carla, {anna: 20, bruno: 30}, draw=False)
    live = client.get(f"/api/v1/championships/{champ}").json()["final"]
    assert [line["player"] for line in live["ranking"][:3]] == [carla.id, anna.id, bruno.id]
    refused = client.post(f"/api/v1/championships/{champ}/close", {}, format="json")
    assert refused.status_code == 422 and refused.json()["code"] == "championship_final_open"
    nights.night_close(night_id=final_id)
    closed = client.post(f"/api/v1/championships/{champ}/close", {}, format="json")
    assert closed.status_code == 200, closed.json()
    assert closed.json()["state"] == "closed"
    ranking = closed.json()["final"]["ranking"]
    # Best 1 of 2: Anna 10, Bruno 7.5, Carla 5; half carried: 5, 3.75, 2.5.
    # Tonight Carla 10, Anna 5, Bruno 0: Carla 12.5, Anna 10, Bruno 3.75.
    assert [r["player"] for r in ranking] == [carla.id, anna.id, bruno.id, dario.id, elena.id]
    assert [r["total"] for r in ranking[:3]] == [12.5, 10, 3.75]


@pytest.mark.parametrize(
    ("body", "code"),
    [
        ({"best": 3}, "championship_best_above_nights"),
        ({"final_size": 2}, "championship_final_too_small"),
        ({"carry_over": "third"}, "invalid"),
        ({"rules": "no-such-game"}, "unknown_rules"),
    ],
)
def test_a_bad_championship_is_refused_and_nothing_is_recorded(director, body, code):
    club, _players, client = director
    answer = opened(client, club.slug, **body)
    assert answer.status_code in (400, 422), answer.json()
    assert code in str(answer.json())
    assert not Championship.objects.exists() and not Event.objects.exists()


def test_a_night_of_another_game_method_or_club_is_refused_and_changes_nothing(director):
    club, _players, client = director
    champ = a_championship(club, nights_=1)
    other_club, _others = a_club(("Zoe", "Yann", "Xavi"), name="Other")
    for night_id, code in (
        (nights.night_open(club=club, rules="rummy").night_id, "championship_night_other_game"),
        (
            nights.night_open(club=club, scoring="per_deal").night_id,
            "championship_night_other_method",
        ),
        (nights.night_open(club=other_club).night_id, "championship_night_other_club"),
    ):
        answer = client.post(
            f"/api/v1/championships/{champ}/nights", {"night": str(night_id)}, format="json"
        )
        assert answer.status_code == 422 and answer.json()["code"] == code, answer.json()
    assert store.current_version(champ) == 1


def test_a_night_opened_for_the_championship_with_another_method_opens_no_night(director):
    club, _players, client = director
    champ = a_championship(club, nights_=1)
    answer = night(client, club.slug, championship=str(champ), scoring="per_deal")
    assert answer.status_code == 422
    assert answer.json()["code"] == "championship_night_other_method"
    assert not Night.objects.exists()


def test_more_nights_than_qualify_and_a_final_before_the_cut_are_refused(director):
    club, _players, client = director
    champ = str(a_championship(club, nights_=1))
    assert night(client, club.slug, championship=champ).status_code == 201
    more = night(client, club.slug, championship=champ)
    assert more.status_code == 422 and more.json()["code"] == "championship_nights_full"
    final = night(client, club.slug, championship=champ, final=True)
    assert final.status_code == 422 and final.json()["code"] == "championship_no_cut"
    cut = client.post(f"/api/v1/championships/{champ}/cut", {}, format="json")
    assert cut.status_code == 422 and cut.json()["code"] == "championship_night_open"
    assert Night.objects.count() == 1 and store.current_version(champ) == 2
    lone = night(client, club.slug, final=True)
    assert lone.status_code == 422 and lone.json()["code"] == "night_final_without_championship"


def test_a_cut_to_more_players_than_played_and_a_second_final_are_refused(director):
    club, (anna, bruno, carla, dario, _elena), client = director
    champ = str(a_championship(club, nights_=1, final_size=5))
    night_id = night(client, club.slug, championship=champ).json()["id"]
    one_deal(night_id, anna, {bruno: 20, carla: 30, dario: 40})
    nights.night_close(night_id=night_id)
    cut = client.post(f"/api/v1/championships/{champ}/cut", {}, format="json")
    assert cut.status_code == 422 and cut.json()["code"] == "championship_final_too_large"
    cut = client.post(f"/api/v1/championships/{champ}/cut", {"final_size": 4}, format="json")
    assert cut.status_code == 200 and len(cut.json()["finalists"]) == 4
    assert night(client, club.slug, championship=champ, final=True).status_code == 201
    again = night(client, club.slug, championship=champ, final=True)
    assert again.status_code == 422 and again.json()["code"] == "championship_final_exists"
    assert Night.objects.count() == 2
    # RULES D-22: no night of the championship reopens after its cut.
    reopen = client.post(
        f"/api/v1/nights/{night_id}/reopen", {"reason": "A wrong deal"}, format="json"
    )
    assert reopen.status_code == 422 and reopen.json()["code"] == "night_championship_cut"
    assert Night.objects.get(id=night_id).closed


def test_a_stale_write_is_a_conflict_and_a_retry_is_answered_as_the_first(director):
    club, _players, client = director
    champ = str(a_championship(club, nights_=2))
    night_id = nights.night_open(club=club, options={"deals": 1}).night_id
    body = {"night": str(night_id), "expected_version": 1}
    headers = {"HTTP_IDEMPOTENCY_KEY": "add-night-1"}
    first = client.post(f"/api/v1/championships/{champ}/nights", body, format="json", **headers)
    again = client.post(f"/api/v1/championships/{champ}/nights", body, format="json", **headers)
    assert first.status_code == again.status_code == 200
    assert again["Idempotent-Replayed"] == "true" and again.json()["version"] == 2
    stale = client.post(
        f"/api/v1/championships/{champ}/nights/{night_id}/withdraw",
        {"reason": "Wrong night", "expected_version": 1},
        format="json",
    )
    assert stale.status_code == 409
    withdrawn = client.post(
        f"/api/v1/championships/{champ}/nights/{night_id}/withdraw",
        {"reason": "Wrong night", "expected_version": 2},
        format="json",
    )
    assert withdrawn.status_code == 200 and withdrawn.json()["nights"] == []


def test_a_member_reads_and_an_outsider_may_not_write(director):
    club, _players, _client = director
    champ = str(a_championship(club))
    member = make_user("member")
    membership.member_set(club=club, user=member, role="member")
    assert client_for(member).get(f"/api/v1/championships/{champ}").status_code == 200
    cut = client_for(member).post(f"/api/v1/championships/{champ}/cut", {}, format="json")
    assert cut.status_code == 403
    assert (
        client_for(make_user("stranger")).get(f"/api/v1/championships/{champ}").status_code == 404
    )
    listed = client_for(member).get(f"/api/v1/clubs/{club.slug}/championships").json()
    assert [c["id"] for c in listed] == [champ]
