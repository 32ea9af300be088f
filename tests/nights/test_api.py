"""The night's API: the issue's paths and field names, its errors, conflicts and
idempotency exactly as for series (RULES D-15 to D-19)."""

from __future__ import annotations

import pytest

from series.clubs import players as player_services
from series.clubs import services as club_services
from series.models import Event, SeriesSheet
from series.nights import services as nights
from tests.support.api import client_for, director, make_user
from tests.support.nights import directed_club, play_out

pytestmark = pytest.mark.django_db


@pytest.fixture
def club():
    return directed_club()


def opened(client, club) -> dict:
    body = {
        "rules": "continental",
        "options": {"deals": 1},
        "scoring": "placement",
        "date": "2026-03-14",
    }
    response = client.post(f"/api/v1/clubs/{club.slug}/nights", body, format="json")
    assert response.status_code == 201, response.json()
    return response.json()


def checked_in(client, club, night) -> dict:
    ids = list(club.players.values_list("id", flat=True))
    body = {"expected_version": night["version"], "players": ids}
    response = client.post(f"/api/v1/nights/{night['id']}/check-ins", body, format="json")
    assert response.status_code == 200, response.json()
    return response.json()


def test_the_issues_night_from_open_to_close(club):
    # RULES D-15, D-16: the paths and field names of the issue
    client = director(club)
    night = opened(client, club)
    assert {"id", "version"} <= set(night)
    night = checked_in(client, club, night)
    assert len(night["present"]) == 9
    drawn = client.post(
        f"/api/v1/nights/{night['id']}/rounds",
        {"expected_version": night["version"], "min_table": 4, "max_table": 5, "method": "random"},
        format="json",
    )
    assert drawn.status_code == 201, drawn.json()
    body = drawn.json()
    assert {"number", "seed", "tables"} <= set(body)
    assert [len(t["players"]) for t in body["tables"]] == [5, 4]
    assert all({"number", "series", "players", "first_dealer"} <= set(t) for t in body["tables"])
    started = client.post(
        f"/api/v1/nights/{night['id']}/tables/start",
        {"expected_version": body["version"]},
        format="json",
    )
    assert started.status_code == 200, started.json()
    play_out(night["id"])
    read = client_for(None).get(f"/api/v1/nights/{night['id']}")
    assert read.status_code == 404  # a private club's night is for its members
    read = client_for(club.memberships.get(role="member").user).get(f"/api/v1/nights/{night['id']}")
    assert {"id", "version", "state", "present", "rounds", "ranking", "method"} <= set(read.json())
    ranking = read.json()["ranking"]
    assert all({"player", "points", "place"} <= set(line) for line in ranking)
    assert [line["points"] for line in ranking][:2] == [10, 10]
    closed = client.post(
        f"/api/v1/nights/{night['id']}/close",
        {"expected_version": read.json()["version"]},
        format="json",
    )
    assert closed.status_code == 200, closed.json()
    assert closed.json()["state"] == "closed"


def test_a_second_draw_on_the_same_version_is_a_conflict_that_names_the_night(club):
    client = director(club)
    night = checked_in(client, club, opened(client, club))
    body = {"expected_version": night["version"], "min_table": 4, "max_table": 5}
    assert (
        client.post(f"/api/v1/nights/{night['id']}/rounds", body, format="json").status_code == 201
    )
    again = client.post(f"/api/v1/nights/{night['id']}/rounds", body, format="json")
    assert again.status_code == 409
    assert again.json()["current_version"] == night["version"] + 1
    assert "night" in again.json()["message"]


def test_a_draw_retried_with_its_key_returns_the_first_draw_and_records_nothing(club):
    client = director(club)
    night = checked_in(client, club, opened(client, club))
    body = {"expected_version": night["version"], "min_table": 4, "max_table": 5}
    path = f"/api/v1/nights/{night['id']}/rounds"
    first = client.post(path, body, format="json", HTTP_IDEMPOTENCY_KEY="draw-1")
    again = client.post(path, body, format="json", HTTP_IDEMPOTENCY_KEY="draw-1")
    assert again.status_code == 201
    assert again.headers["Idempotent-Replayed"] == "true"
    assert again.json()["seed"] == first.json()["seed"]
    assert Event.objects.filter(stream=night["id"], type="RoundDrawn").count() == 1


def test_too_few_players_is_refused_in_the_requests_language(club):
    client = director(club)
    night = opened(client, club)
    one = list(club.players.values_list("id", flat=True))[:2]
    client.post(f"/api/v1/nights/{night['id']}/check-ins", {"players": one}, format="json")
    refused = client.post(
        f"/api/v1/nights/{night['id']}/rounds",
        {"min_table": 3, "max_table": 5},
        format="json",
        HTTP_ACCEPT_LANGUAGE="it",
    )
    assert refused.status_code == 422
    assert refused.json()["code"] == "too_few_players"
    assert refused.json()["params"]["missing"] == 1
    assert refused.json()["message"] == (
        "Un tavolo richiede almeno 3 giocatori: ne mancano ancora 1."
    )


def test_a_member_cannot_direct_a_night(club):
    night = opened(director(club), club)
    member = client_for(club.memberships.get(role="member").user)
    response = member.post(
        f"/api/v1/nights/{night['id']}/check-ins",
        {"players": [club.players.first().id]},
        format="json",
    )
    assert response.status_code == 403


def test_starting_the_tables_twice_starts_no_second_series(club):
    client = director(club)
    night = checked_in(client, club, opened(client, club))
    client.post(
        f"/api/v1/nights/{night['id']}/rounds", {"min_table": 4, "max_table": 5}, format="json"
    )
    path = f"/api/v1/nights/{night['id']}/tables/start"
    assert client.post(path, {}, format="json").status_code == 200
    again = client.post(path, {}, format="json")
    assert again.status_code == 200
    assert SeriesSheet.objects.filter(club=club).count() == 2
    assert nights.night_load(night["id"]).current_round.tables[0].started


def test_a_table_size_the_game_refuses_names_the_sizes_it_plays(club):
    client = director(club)
    night = checked_in(client, club, opened(client, club))
    refused = client.post(
        f"/api/v1/nights/{night['id']}/rounds", {"min_table": 2, "max_table": 9}, format="json"
    )
    assert refused.status_code == 422
    assert refused.json()["code"] == "invalid_table_size"
    assert refused.json()["field"] == "min_table"
    assert "choose a size in between" in refused.json()["message"]
    assert not Event.objects.filter(stream=night["id"], type="RoundDrawn").exists()


def test_sizes_that_cannot_seat_the_players_say_how_many_are_missing(club):
    client = director(club)
    night = checked_in(client, club, opened(client, club))
    refused = client.post(
        f"/api/v1/nights/{night['id']}/rounds", {"min_table": 5, "max_table": 5}, format="json"
    )
    assert refused.json()["code"] == "sizes_do_not_fit"
    assert refused.json()["params"]["missing"] == 1


def test_a_public_clubs_nights_are_listed_and_read_by_anyone(club):
    club_services.club_update(club=club, public=True)
    night = opened(director(club), club)
    anyone = client_for(None)
    listed = anyone.get(f"/api/v1/clubs/{club.slug}/nights")
    assert [line["id"] for line in listed.json()] == [night["id"]]
    assert anyone.get(f"/api/v1/nights/{night['id']}").json()["state"] == "open"
    refused = anyone.post(f"/api/v1/clubs/{club.slug}/nights", {}, format="json")
    assert refused.status_code == 401


@pytest.mark.parametrize(
    "body",
    [
        {"scoring": "points_table", "points_table": {"abc": [1]}},
        {"scoring": "points_table", "points_table": {"4": [7, 4, 2, 0]}},
        {"scoring": "points_table"},
    ],
)
def test_a_points_table_the_night_could_not_rank_is_refused_at_the_opening(club, body):
    # RULES D-16: every table size a draw or a move may make has its row.
    response = director(club).post(f"/api/v1/clubs/{club.slug}/nights", body, format="json")
    assert response.status_code == 422, response.content
    assert response.json()["field"] == "points_table"


@pytest.mark.parametrize(
    "body",
    [
        {"points_table": {"\u0000": [1]}},
        {"scoring": "per_deal", "points_table": {"4": [7, 4, 2, 0]}},
        {"scoring": "placement", "points_table": {"__proto__": [1], "": [2]}},
    ],
)
def test_a_points_table_sent_with_another_scoring_is_refused_and_never_logged(club, body):
    # RULES D-16: a table goes with the points-table method only; the log is immutable,
    # so what no ranking reads is refused before it becomes an event.
    response = director(club).post(f"/api/v1/clubs/{club.slug}/nights", body, format="json")
    assert response.status_code == 422, response.content
    assert response.json()["code"] == "points_table_unused"
    assert response.json()["field"] == "points_table"
    assert not Event.objects.filter(type="NightOpened").exists()


def test_a_number_json_cannot_hold_is_refused_in_words_not_a_500(club):
    response = director(club).post(
        f"/api/v1/clubs/{club.slug}/nights",
        '{"options": {"deals": 1e400}}',
        content_type="application/json",
    )
    assert response.status_code in (400, 422), response.content
    assert response.json()["message"]


def linked_member(club):
    """The reader, linked to the club's first player: the night's QR code checks them in."""
    reader = club.memberships.get(role="member").user
    player = club.players.order_by("id").first()
    player_services.player_link(club=club, player_id=player.id, user_id=reader.id)
    return client_for(reader), player


def test_a_linked_member_checks_themselves_in_and_a_retry_is_answered_as_done(club):
    night = opened(director(club), club)
    member, player = linked_member(club)
    path = f"/api/v1/nights/{night['id']}/check-ins/me"
    first = member.post(path, format="json", HTTP_IDEMPOTENCY_KEY="scan-1")
    assert first.status_code == 200, first.json()
    assert first.json()["present"] == [player.id]
    assert first.json()["version"] == night["version"] + 1
    assert "Idempotent-Replayed" not in first.headers
    again = member.post(path, format="json", HTTP_IDEMPOTENCY_KEY="scan-1")
    assert again.status_code == 200
    assert again.headers["Idempotent-Replayed"] == "true"
    assert again.json() == first.json()
    rescanned = member.post(path, format="json")  # the QR code scanned again, no key
    assert rescanned.headers["Idempotent-Replayed"] == "true"
    assert Event.objects.filter(stream=night["id"], type="PlayersCheckedIn").count() == 1


def test_a_member_linked_to_no_player_is_told_to_ask_the_director(club):
    night = opened(director(club), club)
    member = client_for(club.memberships.get(role="member").user)
    refused = member.post(f"/api/v1/nights/{night['id']}/check-ins/me", format="json")
    assert refused.status_code == 422
    assert refused.json()["code"] == "night_not_a_player"
    assert "ask the night's director to check you in" in refused.json()["message"]
    assert not Event.objects.filter(stream=night["id"], type="PlayersCheckedIn").exists()


def test_an_outsider_of_a_private_club_finds_no_night_to_check_into(club):
    night = opened(director(club), club)
    outsider = client_for(make_user("outsider"))
    path = f"/api/v1/nights/{night['id']}/check-ins/me"
    refused = outsider.post(path, format="json")
    missing = outsider.post("/api/v1/nights/00000000-0000-0000-0000-000000000000/check-ins/me")
    assert refused.status_code == missing.status_code == 404
    assert refused.json() == missing.json()
    assert client_for(None).post(path, format="json").status_code == 401


def test_a_tables_series_names_its_night_and_table_where_the_api_shows_a_series(club):
    # RULES D-15: each table of a night's round plays an ordinary series
    client = director(club)
    night = checked_in(client, club, opened(client, club))
    path = f"/api/v1/nights/{night['id']}"
    client.post(f"{path}/rounds", {"min_table": 4, "max_table": 5}, format="json")
    tables = client.post(f"{path}/tables/start", {}, format="json").json()["rounds"][0]["tables"]
    second = tables[1]
    read = client.get(f"/api/v1/series/{second['series']}").json()
    assert read["night"] == {"id": night["id"], "table": 2}

    seats = second["players"]
    deal = {
        "expected_version": read["version"],
        "went_out": seats[0],
        "hands": [{"player": p, "points": 30} for p in seats[1:]],
    }
    written = client.post(f"/api/v1/series/{second['series']}/deals", deal, format="json")
    assert written.status_code == 201, written.json()
    assert written.json()["night"] == {"id": night["id"], "table": 2}

    listed = client.get(f"/api/v1/clubs/{club.slug}/series").json()["results"]
    assert {s["id"]: s["night"] for s in listed} == {
        table["series"]: {"id": night["id"], "table": table["number"]} for table in tables
    }


def test_a_series_outside_a_night_says_it_has_none(club):
    client = director(club)
    anna, bruno, carla = club.players.order_by("id")[:3]
    body = {"club": club.slug, "players": [anna.id, bruno.id, carla.id], "first_dealer": anna.id}
    started = client.post("/api/v1/series", body, format="json")
    assert started.status_code == 201, started.json()
    assert started.json()["night"] is None
    assert client.get(f"/api/v1/series/{started.json()['id']}").json()["night"] is None
    listed = client.get(f"/api/v1/clubs/{club.slug}/series").json()["results"]
    assert [s["night"] for s in listed] == [None]
