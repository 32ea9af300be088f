"""A game the app has never heard of plays a whole series once it is registered:
through the services, the API, the new-series page and the score sheet, with
no module outside the tests changed (tests/support/third_game.py)."""

from __future__ import annotations

import re

import pytest
from django.contrib.auth import get_user_model
from django.test import Client
from rest_framework.test import APIClient

from series.clubs import players as player_services
from series.clubs import services as club_services
from series.domain import games, melds
from series.domain.cards import parse_cards
from series.domain.errors import InvalidDeal, InvalidRules
from series.domain.events import DealEntry, Hand
from series.domain.rules import PRESETS
from series.eventstore import projectors
from series.models import Event, SeriesResult
from series.sheets import selectors, services
from tests.support.third_game import DEAL_BONUS, POINTS_RACE, PointsRace

pytestmark = pytest.mark.django_db

# Each deal's points for Anna, Bruno and Carla: after deal 3 Anna and Bruno
# share the top at 35, past the target of 30, so the race goes on; deal 4 ends it.
DEALS = [(10, 20, 5), (15, 5, 10), (10, 10, 0), (5, 0, 0)]


@pytest.fixture
def points_race():
    """The third game, registered for one test and gone afterwards."""
    games.register(PointsRace())
    yield
    games.unregister(POINTS_RACE)


@pytest.fixture
def club():
    scorer = get_user_model().objects.create_user("scorer")
    club = club_services.club_create(name="Race club", admin=scorer)
    players = [player_services.player_add(club=club, name=n) for n in ("Anna", "Bruno", "Carla")]
    return club, players, scorer


def points(players, scored) -> DealEntry:
    hands = tuple(Hand(p.id, points=n) for p, n in zip(players, scored, strict=True))
    return DealEntry(went_out=None, hands=hands)


def test_a_points_race_plays_to_its_target_and_the_highest_total_wins(points_race, club):
    club, players, _ = club
    anna, bruno, carla = (p.id for p in players)
    result = services.series_start(
        club=club,
        players=[anna, bruno, carla],
        first_dealer=anna,
        rules=POINTS_RACE,
        options={"target": 30},
    )
    series_id, dealers = result.series_id, []
    for scored in DEALS:
        dealers.append(result.state.next_dealer)
        result = services.deal_record(series_id=series_id, entry=points(players, scored))
        if scored is DEALS[2]:
            assert (result.state.status, result.state.winner) == ("in_progress", None)

    assert dealers == [anna, bruno, carla, anna]
    assert result.state.totals == {anna: 40, bruno: 35, carla: 15}
    assert (result.state.status, result.state.winner) == ("finished", anna)
    projectors.follow_log()  # the league's follower counts it
    places = SeriesResult.objects.filter(series_id=series_id).values_list("person_id", "place")
    assert dict(places) == {anna: 1, bruno: 2, carla: 3}  # the league ranks the highest first


def test_a_points_race_has_its_league_on_the_pages_and_the_api(points_race, club):
    """Registered after the app started, as a plug-in's game would be."""
    club, players, scorer = club
    anna, bruno, carla = (p.id for p in players)
    started = services.series_start(
        club=club,
        players=[anna, bruno, carla],
        first_dealer=anna,
        rules=POINTS_RACE,
        options={"target": 30},
    )
    series_id = started.series_id
    for scored in DEALS:
        services.deal_record(series_id=series_id, entry=points(players, scored))
    projectors.follow_log()
    page = Client()
    page.force_login(scorer)
    api = APIClient()
    api.force_authenticate(scorer)

    league_url = f"/clubs/{club.slug}/league/?game={POINTS_RACE}"
    standings_url = f"/api/v1/clubs/{club.slug}/standings?game={POINTS_RACE}"

    league, standings = page.get(league_url), api.get(standings_url)
    history = api.get(f"/api/v1/clubs/{club.slug}/series?game={POINTS_RACE}")

    assert league.status_code == 200
    assert "Points race" in league.content.decode()
    assert standings.status_code == 200, standings.json()
    assert [row["name"] for row in standings.json()["rows"]] == ["Anna", "Bruno", "Carla"]
    assert history.json()["count"] == 1
    games.unregister(POINTS_RACE)  # the league follows the registry both ways
    try:
        assert page.get(league_url).status_code == 404
        assert api.get(standings_url).status_code == 400
    finally:
        games.register(PointsRace())


def test_a_points_race_refuses_an_entry_with_a_player_who_went_out(points_race, club):
    club, players, _ = club
    ids = [p.id for p in players]
    result = services.series_start(club=club, players=ids, first_dealer=ids[0], rules=POINTS_RACE)
    went_out = DealEntry(went_out=ids[0], hands=points(players, (0, 5, 5)).hands[1:])

    with pytest.raises(InvalidDeal) as refused:
        services.deal_record(series_id=result.series_id, entry=went_out)

    assert refused.value.code == "nobody_goes_out"
    assert selectors.series_sheet(result.series_id).version == 1


def test_the_api_records_a_points_race_and_answers_its_totals(points_race, club):
    club, players, scorer = club
    anna, bruno, carla = (p.id for p in players)
    api = APIClient()
    api.force_authenticate(scorer)
    started = api.post(
        "/api/v1/series",
        {
            "club": club.slug,
            "players": [anna, bruno, carla],
            "first_dealer": anna,
            "rules": POINTS_RACE,
            "options": {"target": 30},
        },
        format="json",
    )
    assert started.status_code == 201, started.json()
    path = f"/api/v1/series/{started.json()['id']}"
    for version, scored in enumerate(DEALS, start=1):
        hands = [{"player": p.id, "points": n} for p, n in zip(players, scored, strict=True)]
        body = {"expected_version": version, "went_out": None, "no_winner": True, "hands": hands}
        assert api.post(f"{path}/deals", body, format="json").status_code == 201

    sheet = api.get(path).json()

    assert sheet["rules"] == POINTS_RACE
    assert sheet["options"] == {"target": 30}
    assert sheet["totals"] == {str(anna): 40, str(bruno): 35, str(carla): 15}
    assert (sheet["status"], sheet["winner"], sheet["next_dealer"]) == ("finished", anna, None)


def test_the_pages_start_a_points_race_and_its_sheet_shows_totals_and_the_next_dealer(
    points_race, club
):
    club, players, scorer = club
    anna = players[0]
    page = Client()
    page.force_login(scorer)
    new_series = f"/clubs/{club.slug}/series/new/"
    assert "Points race: first to 50 points" in page.get(new_series).content.decode()
    started = page.post(
        new_series,
        {
            "players": [p.id for p in players],
            "first_dealer": anna.id,
            "preset": POINTS_RACE,
            "target": "30",
        },
    )
    assert started.status_code == 302
    series_id = selectors.club_series(club=club).get().id
    for scored in DEALS[:2]:
        services.deal_record(series_id=series_id, entry=points(players, scored))

    sheet = page.get(started["Location"]).content.decode()

    assert "Points race: first to 50 points" in sheet
    assert "First to 30 points; the highest total wins." in sheet
    assert "Deal 3: Carla deals next." in sheet
    assert re.findall(r'class="num total[^"]*">(\d+)<', sheet) == ["25", "25", "15"]
    leading = re.findall(
        r'class="total-chip leader[^"]*">\s*<span class="chip-name" title="(\w+)"', sheet
    )
    assert leading == ["Anna", "Bruno"]  # the highest totals lead


def test_a_points_race_with_its_own_house_rule_scores_by_it_and_its_sheet_says_so(
    points_race, club
):
    """The deal bonus is an option no other game has: the new-series page asks
    it, the deals score it, the sheet and the API name it, the start stores it."""
    club, players, scorer = club
    anna, bruno, carla = (p.id for p in players)
    page = Client()
    page.force_login(scorer)
    form = {"players": [anna, bruno, carla], "first_dealer": anna, "preset": POINTS_RACE}
    started = page.post(
        f"/clubs/{club.slug}/series/new/", {**form, "target": "60", DEAL_BONUS: "10"}
    )
    assert started.status_code == 302
    series_id = selectors.club_series(club=club).get().id
    for scored in DEALS:  # the one top scorer of a deal earns 10 more; a tie earns none
        result = services.deal_record(series_id=series_id, entry=points(players, scored))

    assert result.state.totals == {anna: 60, bruno: 45, carla: 15}
    assert (result.state.status, result.state.winner) == ("finished", anna)
    sheet = page.get(started["Location"]).content.decode()
    assert "A deal&#x27;s one top scorer earns 10 points more." in sheet
    assert re.findall(r'class="num total[^"]*">(\d+)<', sheet) == ["60", "45", "15"]
    api = APIClient()
    api.force_authenticate(scorer)
    assert api.get(f"/api/v1/series/{series_id}").json()["options"] == {
        "target": 60,
        DEAL_BONUS: 10,
    }
    stored = Event.objects.get(stream=series_id, version=1).payload["rules"]
    assert (stored["rummy_bonus"], stored[DEAL_BONUS]) == (2, 10)  # after the first games' form


def test_a_points_race_refuses_a_deal_bonus_past_a_deal_s_points(points_race, club):
    club, players, _ = club
    ids = [p.id for p in players]
    with pytest.raises(InvalidRules) as refused:
        services.series_start(
            club=club,
            players=ids,
            first_dealer=ids[0],
            rules=POINTS_RACE,
            options={DEAL_BONUS: 101},
        )
    assert refused.value.field == f"options.{DEAL_BONUS}"


def test_a_claim_in_a_game_without_melds_is_answered_in_words(points_race):
    rules = PRESETS[POINTS_RACE]
    verdict = melds.check_groups(rules, [parse_cards("7C 7H 7S")])
    assert not verdict.valid
    assert [r.message for r in verdict.reasons] == [
        "Points race is played without melds: there is no claim to check."
    ]
    solved = rules.game_object.solve(rules, parse_cards("7C 7H 7S JK"))
    assert (solved.valid, [r.code for r in solved.reasons]) == (False, ["no_melds"])


def test_unregistering_the_game_leaves_only_the_built_in_presets(points_race):
    assert POINTS_RACE in PRESETS
    games.unregister(POINTS_RACE)
    assert POINTS_RACE not in PRESETS
    games.register(PointsRace())  # for the fixture to unregister


def test_a_points_race_has_a_rules_page_from_the_registry_alone(points_race, client):
    """A game with no templates of its own still has its rules page: its rule sets
    and house rules as the registry describes them, linked from the rules' index."""
    index = client.get("/rules/").content.decode()
    assert 'href="/rules/points-race/"' in index
    page = client.get("/rules/points-race/")
    assert page.status_code == 200
    text = page.content.decode()
    assert "Points race: first to 50 points" in text
    assert "Short race" in text and "First to 20 points, for 2 to 4 players." in text
