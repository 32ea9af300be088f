"""The league's API: figures, history and the admins' writes, with the same
access rules as the rest of the API, and query counts that do not grow."""

from __future__ import annotations

from datetime import date

import pytest

from series.clubs import players as player_services
from series.league import services as league
from series.sheets import services
from tests.support.api import client_for
from tests.support.factories import start
from tests.support.league import at, play_more

pytestmark = pytest.mark.django_db


def test_the_standings_rows_carry_the_figures_worked_out_by_hand(history):
    league.ladder_set(club=history.club, min_series=2)
    body = (
        client_for(history.users["member"])
        .get(f"/api/v1/clubs/{history.club.slug}/standings?season=2025&game=continental")
        .json()
    )
    assert (body["season"]["key"], body["game"], body["min_series"]) == ("2025", "continental", 2)
    anna = next(row for row in body["rows"] if row["name"] == "Anna")
    assert {
        k: anna[k]
        for k in (
            "series_played",
            "series_won",
            "deals_played",
            "went_out",
            "penalty_total",
            "tiebreaks_played",
        )
    } == {
        "series_played": 2,
        "series_won": 0,
        "deals_played": 7,
        "went_out": 2,
        "penalty_total": 125,
        "tiebreaks_played": 1,
    }
    assert anna["penalty_per_deal"] == round(125 / 7, 4)
    assert [row["rank"] for row in body["rows"]] == [1, 2, 3]


def test_a_player_has_all_time_and_season_figures_history_and_head_to_head(history):
    body = client_for(history.users["member"]).get(f"/api/v1/players/{history.anna.id}").json()
    assert body["name"] == "Anna" and body["merged_into"] is None
    assert body["all_time"][0]["series_played"] == body["seasons"][0]["series_played"] == 2
    assert body["history_count"] == 2
    # Newest first; 2nd in the first series too, as the tiebreak's loser (RULES D-21).
    assert [line["place"] for line in body["history"]] == [2, 2]
    assert {h["name"]: (h["ahead"], h["behind"]) for h in body["head_to_head"]} == {
        "Bruno": (1, 1),
        "Carla": (1, 1),
    }


def test_the_series_list_filters_by_season_and_player_and_follows_merges(history):
    twin = player_services.guest_add(club=history.club, name="Dario bis")
    guest = player_services.guest_add(club=history.club, name="Elena")
    # Anna and Bruno sit at the open series: another table (RULES D-19)
    later = start(history.club, [twin, history.carla, guest], recorded_at=at(12, 1))
    # Dario sits at the open series: his twin's table ends before they are one person.
    services.series_abandon(series_id=later.series_id)
    player_services.players_merge(club=history.club, source_id=twin.id, target_id=history.dario.id)
    client = client_for(history.users["member"])
    url = f"/api/v1/clubs/{history.club.slug}/series"
    everything = client.get(url).json()
    assert everything["count"] == 5
    dario = client.get(f"{url}?player={history.dario.id}").json()
    # The abandoned series, the open one, and the one he played as "Dario bis" (abandoned).
    assert {line["id"] for line in dario["results"]} == {
        str(history.abandoned),
        str(history.open),
        str(later.series_id),
    }
    assert client.get(f"{url}?season=2024").json()["count"] == 0
    second = next(line for line in everything["results"] if line["id"] == str(history.second))
    a, b, c = history.anna.id, history.bruno.id, history.carla.id
    assert second["totals"] == {str(a): 50, str(b): 25, str(c): 135}
    assert (second["game"], second["winner"]) == ("continental", b)


@pytest.mark.parametrize(
    ("role", "public", "expected"),
    [
        (None, False, 404),
        ("stranger", False, 404),
        ("member", False, 200),
        (None, True, 200),
        ("stranger", True, 200),
    ],
)
def test_reading_the_league_follows_the_clubs_access_rules(history, role, public, expected):
    history.club.public = public
    history.club.save()
    client = client_for(history.users[role] if role else None)
    slug = history.club.slug
    for path in (
        f"clubs/{slug}/standings",
        f"players/{history.anna.id}",
        f"clubs/{slug}/series",
        f"clubs/{slug}/ladder",
        f"clubs/{slug}/seasons",
    ):
        assert client.get(f"/api/v1/{path}").status_code == expected, path


def admin_calls(history) -> dict:
    """Every write of the league's API: (method, path, body)."""
    slug, twin = history.club.slug, player_services.guest_add(club=history.club, name="Anna bis")
    league.season_add(
        club=history.club, name="Old", first_day=date(2020, 1, 1), last_day=date(2020, 1, 31)
    )
    season = {"name": "Summer", "first_day": "2025-06-01", "last_day": "2025-06-30"}
    return {
        "ladder set": ("put", f"clubs/{slug}/ladder", {"min_series": 2, "best_n": None}),
        "season add": ("post", f"clubs/{slug}/seasons", season),
        "season remove": ("delete", f"clubs/{slug}/seasons/old", None),
        "guest add": ("post", f"clubs/{slug}/guests", {"name": "Vera"}),
        "rename": ("post", f"players/{history.dario.id}/rename", {"name": "Dario M."}),
        "merge": ("post", f"players/{twin.id}/merge", {"target": history.anna.id}),
        "unmerge": ("post", f"players/{twin.id}/unmerge", None),
        "retire": ("post", f"players/{history.dario.id}/retire", {"retired": True}),
        "link": ("post", f"players/{history.dario.id}/account", {"username": "member"}),
    }


WRITES = (
    "ladder set",
    "season add",
    "season remove",
    "guest add",
    "rename",
    "merge",
    "unmerge",
    "retire",
    "link",
)


@pytest.mark.parametrize("public", [False, True])
@pytest.mark.parametrize("write", WRITES)
@pytest.mark.parametrize(
    ("role", "private_status", "public_status"),
    [(None, 401, 401), ("member", 403, 403), ("scorer", 403, 403), ("stranger", 404, 403)],
)
def test_only_admins_write_ladder_rules_seasons_and_the_roster(
    history, write, public, role, private_status, public_status
):
    history.club.public = public
    history.club.save()
    method, path, body = admin_calls(history)[write]
    client = client_for(history.users[role] if role else None)
    response = getattr(client, method)(f"/api/v1/{path}", body, format="json")
    assert response.status_code == (public_status if public else private_status)
    assert response.json()["code"]


@pytest.mark.parametrize("write", WRITES)
def test_an_admin_may_make_every_write(history, write):
    calls = admin_calls(history)
    admin = client_for(history.users["admin"])
    if write == "unmerge":
        method, path, body = calls["merge"]
        getattr(admin, method)(f"/api/v1/{path}", body, format="json")
    method, path, body = calls[write]
    response = getattr(admin, method)(f"/api/v1/{path}", body, format="json")
    assert response.status_code in (200, 201, 204), response.content


def test_an_admin_merges_and_unmerges_through_the_api(history):
    client = client_for(history.users["admin"])
    twin = client.post(
        f"/api/v1/clubs/{history.club.slug}/guests", {"name": "Anna bis"}, format="json"
    ).json()
    merged = client.post(
        f"/api/v1/players/{twin['id']}/merge", {"target": history.anna.id}, format="json"
    )
    assert merged.json() == {"player": twin["id"], "person": history.anna.id}
    refused = client.post(
        f"/api/v1/players/{history.anna.id}/merge", {"target": history.bruno.id}, format="json"
    )
    assert (refused.status_code, refused.json()["code"]) == (422, "players_sat_together")
    undone = client.post(f"/api/v1/players/{twin['id']}/unmerge", format="json")
    assert undone.json() == {"player": twin["id"], "person": twin["id"]}


def test_an_admin_adds_and_removes_a_named_season(history):
    client = client_for(history.users["admin"])
    url = f"/api/v1/clubs/{history.club.slug}/seasons"
    added = client.post(
        url,
        {"name": "Summer league", "first_day": "2025-06-01", "last_day": "2025-08-31"},
        format="json",
    )
    assert added.status_code == 201 and added.json()["key"] == "summer-league"
    overlapping = client.post(
        url, {"name": "August", "first_day": "2025-08-01", "last_day": "2025-08-31"}, format="json"
    )
    assert overlapping.json()["code"] == "season_overlaps"
    assert client.delete(f"{url}/summer-league").status_code == 204
    assert client.delete(f"{url}/summer-league").status_code == 404


@pytest.mark.parametrize("more", [0, 4])
def test_the_league_endpoints_cost_the_same_queries_however_many_series(
    history, django_assert_num_queries, more
):
    play_more(history, more)
    client = client_for(history.users["member"])
    slug = history.club.slug
    # token with user, club, role; named seasons; ladder rules with whether the
    # league is updating; the season's lines; their placement points; each
    # person's rated series up to the season's end (ratings as of then, D-26)
    with django_assert_num_queries(8):
        client.get(f"/api/v1/clubs/{slug}/standings?season=2025")
    # token with user, player with club, role; + merged players, summaries, season
    # ratings; the game's latest; best and worst; head to head, the opponents'
    # ratings (one game); page; whether the league is updating
    with django_assert_num_queries(12):
        client.get(f"/api/v1/players/{history.anna.id}")
    # token with user, club, role; + count, page
    with django_assert_num_queries(5):
        response = client.get(f"/api/v1/clubs/{slug}/series")
    assert response.json()["count"] == 4 + more


def test_a_retired_player_comes_back_and_a_link_is_undone_through_the_api(history):
    admin = client_for(history.users["admin"])
    url = f"/api/v1/players/{history.dario.id}"
    assert admin.post(f"{url}/retire", {"retired": True}, format="json").json()["retired"]
    assert not admin.post(f"{url}/retire", {"retired": False}, format="json").json()["retired"]
    admin.post(f"{url}/account", {"username": "member"}, format="json")
    history.dario.refresh_from_db()
    assert history.dario.user == history.users["member"]
    admin.post(f"{url}/account", {"username": None}, format="json")
    history.dario.refresh_from_db()
    assert history.dario.user is None
    stranger = admin.post(f"{url}/account", {"username": "stranger"}, format="json")
    assert stranger.status_code == 404  # not a member: answered as a name nobody has


def test_a_retired_player_is_not_seated_in_a_new_series_through_the_api(history):
    # README: a retired player is "no longer offered for a new series"; the API agrees.
    admin = client_for(history.users["admin"])
    elena, fabio = (
        player_services.player_add(club=history.club, name=n) for n in ("Elena", "Fabio")
    )
    url = f"/api/v1/players/{elena.id}/retire"
    admin.post(url, {"retired": True}, format="json")
    seats = [history.carla.id, elena.id, fabio.id]  # Carla sits at no open series
    body = {"club": history.club.slug, "players": seats, "first_dealer": seats[0]}
    refused = admin.post("/api/v1/series", body, format="json", HTTP_ACCEPT_LANGUAGE="it")
    assert refused.status_code == 422, refused.json()
    assert (refused.json()["code"], refused.json()["field"]) == ("player_retired", "players")
    assert refused.json()["message"] == (
        "Elena ha lasciato il circolo e non può giocare una nuova partita."
    )
    admin.post(url, {"retired": False}, format="json")
    started = admin.post("/api/v1/series", body, format="json")
    assert started.status_code == 201, started.json()


@pytest.mark.parametrize("path", ["standings", "series"])
def test_a_season_the_club_does_not_have_is_not_found(history, path):
    # The schema cannot list a club's seasons: naming another is a missing thing (404),
    # as the operation says, not a malformed request.
    member = client_for(history.users["member"])
    response = member.get(f"/api/v1/clubs/{history.club.slug}/{path}", {"season": "no-such-season"})
    assert response.status_code == 404, response.json()
    assert (response.json()["code"], response.json()["field"]) == ("season_not_found", "season")
