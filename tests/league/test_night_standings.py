"""The season's night standings count a person's nights, whichever of their
merged players played them, as the series' standings do; an unmerge undoes it,
and a rebuild from the log gives the same lines."""

from __future__ import annotations

from fractions import Fraction

import pytest
from django.test import Client

from series.clubs import membership
from series.clubs import players as player_services
from series.league import nights as league_nights
from series.league import selectors
from series.models import Night
from series.nights import services as nights
from series.sheets import projection, services
from tests.support.api import make_user
from tests.support.factories import club_with_players, entry
from tests.support.league import caught_up
from tests.support.nights import play_out

pytestmark = pytest.mark.django_db


def a_night_closed(club, players, day: str):
    """A night of one table of four, played out and closed."""
    night_id = nights.night_open(club=club, options={"deals": 1}, date=day).night_id
    nights.night_check_in(night_id=night_id, players=[p.id for p in players])
    nights.night_round_draw(night_id=night_id, min_table=4, max_table=4, seed=3)
    nights.night_tables_start(night_id=night_id)
    play_out(night_id)
    nights.night_close(night_id=night_id)
    return night_id


def standings(club):
    choice = selectors.season_choice(club, "2026")
    lines = league_nights.night_standings_of(
        club, choice.chosen, choice.named, selectors.ladder_rules(club)
    ).lines
    return [(name, line.score, line.nights, line.place) for line, name, _guest in lines]


def points_of(night_id, player) -> str:
    lines = Night.objects.get(id=night_id).points
    return next(str(line["points"]) for line in lines if line["player"] == player.id)


@pytest.fixture
def twin_nights():
    """Anna plays one night and, typed anew as "Anna B.", the next."""
    club, (anna, bruno, carla, dario, twin) = club_with_players(
        ("Anna", "Bruno", "Carla", "Dario", "Anna B.")
    )
    first = a_night_closed(club, [anna, bruno, carla, dario], "2026-03-14")
    second = a_night_closed(club, [twin, bruno, carla, dario], "2026-03-21")
    caught_up()
    return club, anna, twin, first, second


def test_a_merged_players_nights_count_for_the_person_and_come_back_on_unmerge(twin_nights):
    # RULES D-16: a night's points, summed over the season's nights (total)
    club, anna, twin, first, second = twin_nights
    before = standings(club)
    assert {name: played for name, _score, played, _place in before} == {
        "Anna": 1,
        "Anna B.": 1,
        "Bruno": 2,
        "Carla": 2,
        "Dario": 2,
    }

    player_services.players_merge(club=club, source_id=twin.id, target_id=anna.id)
    caught_up()
    merged = {name: (score, played) for name, score, played, _place in standings(club)}
    assert "Anna B." not in merged
    both = sum((Fraction(points_of(n, p)) for n, p in ((first, anna), (second, twin))))
    assert merged["Anna"] == (both, 2)
    live = standings(club)
    projection.rebuild()
    assert standings(club) == live

    player_services.players_unmerge(club=club, source_id=twin.id)
    caught_up()
    assert standings(club) == before
    projection.rebuild()
    assert standings(club) == before


def test_the_persons_page_lists_the_nights_of_the_player_merged_into_them(twin_nights):
    club, anna, twin, _first, _second = twin_nights
    player_services.players_merge(club=club, source_id=twin.id, target_id=anna.id)
    reader = make_user("reader")
    membership.member_set(club=club, user=reader, role="member")
    client = Client()
    client.force_login(reader)
    html = client.get(f"/clubs/{club.slug}/players/{anna.id}/").content.decode()
    nights_listed = html.split('id="nights-title"')[1].split("</section>")[0]
    assert nights_listed.count("<li>") == 2


# -- RULES D-27, D-17: the season adds points, and breaks a tie as the night does -------


def a_night_of_one_deal(club, players, day, went_out, points, **opened):
    """A night of one table of four playing one deal: ``went_out`` goes out, the
    others score ``points`` (by player), then it closes."""
    night_id = nights.night_open(club=club, options={"deals": 1}, date=day, **opened).night_id
    nights.night_check_in(night_id=night_id, players=[p.id for p in players])
    nights.night_round_draw(night_id=night_id, min_table=4, max_table=4, seed=3)
    table = nights.night_tables_start(night_id=night_id).state.current_round.tables[0]
    hands = {player.id: scored for player, scored in points.items()}
    services.deal_record(series_id=table.series, entry=entry(went_out.id, hands))
    nights.night_close(night_id=night_id)
    return night_id


@pytest.fixture
def two_methods():
    """A per-deal night (Anna out; Bruno 20, Carla 30, Dario 40 a deal), then a
    points-table night (Dario out; Anna 25, Bruno 20, Carla 50)."""
    club, (anna, bruno, carla, dario) = club_with_players(("Anna", "Bruno", "Carla", "Dario"))
    everyone = [anna, bruno, carla, dario]
    a_night_of_one_deal(
        club, everyone, "2026-03-14", anna, {bruno: 20, carla: 30, dario: 40}, scoring="per_deal"
    )
    a_night_of_one_deal(
        club,
        everyone,
        "2026-03-21",
        dario,
        {anna: 25, bruno: 20, carla: 50},
        scoring="points_table",
        points_table={4: [7, 4, 2, 0]},
        min_table=4,
        max_table=4,
    )
    caught_up()
    return club, anna


def test_a_per_deal_night_adds_its_places_not_its_averages_to_the_season(two_methods):
    """RULES D-27: Anna, best of the per-deal night (0 a deal), adds 10, not 0;
    Dario, its worst (40), adds 0, not 40; the points-table night adds its points
    (Dario 7, Bruno 4, Anna 2, Carla 0)."""
    club, _anna = two_methods
    assert standings(club) == [
        ("Anna", 12, 2, 1),
        ("Bruno", Fraction(20, 3) + 4, 2, 2),
        ("Dario", 7, 2, 3),
        ("Carla", Fraction(10, 3), 2, 4),
    ]


def test_the_league_page_explains_the_methods_of_the_nights_it_adds(two_methods):
    club, anna = two_methods
    reader = make_user("reader")
    membership.member_set(club=club, user=reader, role="member")
    client = Client()
    client.force_login(reader)
    html = client.get(f"/clubs/{club.slug}/league/?season=2026").content.decode()
    section = html.split('id="night-standings-title"')[1].split("</section>")[0]
    assert "A per-deal night adds points by its ranking, never its averages" in section
    assert "A points-table night adds its points" in section
    assert "A placement night" not in section
    player = client.get(f"/clubs/{club.slug}/players/{anna.id}/").content.decode()
    listed = player.split('id="nights-title"')[1].split("</section>")[0]
    assert "per deal: place 1 of 4 (0 a deal), 10 points in the season" in listed
    assert "points table: place 3, 2 points" in listed


def test_the_api_gives_the_season_night_standings_the_league_page_shows(two_methods):
    club, anna = two_methods
    reader = make_user("reader")
    membership.member_set(club=club, user=reader, role="member")
    client = Client()
    client.force_login(reader)
    body = client.get(f"/api/v1/clubs/{club.slug}/night-standings?season=2026&game=continental")
    assert body.status_code == 200
    lines = body.json()
    assert lines[0] == {
        "player": anna.id,
        "name": "Anna",
        "points": 12.0,
        "nights": 2,
        "place": 1,
        "per_deal": 12.5,  # 0 + 25 over 2 deals
    }
    assert [(line["name"], line["place"]) for line in lines] == [
        (name, place) for name, _score, _nights, place in standings(club)
    ]
    rummy = client.get(f"/api/v1/clubs/{club.slug}/night-standings?season=2026&game=rummy")
    assert rummy.json() == []


def test_players_the_night_told_apart_on_level_points_are_not_level_in_the_season():
    """RULES D-17: level on points, the lower average per deal is ahead in the night
    and in the season's night standings alike (they shared the place before)."""
    names = ("Anna", "Bruno", "Carla", "Dario", "Elsa", "Fabio")
    club, players = club_with_players(names)
    night_id = nights.night_open(club=club, options={"deals": 1}, date="2026-03-14").night_id
    nights.night_check_in(night_id=night_id, players=[p.id for p in players])
    nights.night_round_draw(night_id=night_id, min_table=3, max_table=3, seed=3)
    tables = nights.night_tables_start(night_id=night_id).state.current_round.tables
    for table, second in zip(tables, (20, 30), strict=True):
        out, runner_up, last = table.seats
        hands = {runner_up: second, last: 40}
        services.deal_record(series_id=table.series, entry=entry(out, hands))
    nights.night_close(night_id=night_id)
    caught_up()
    night = {line["player"]: line["place"] for line in Night.objects.get(id=night_id).points}
    assert sorted(night.values()) == [1, 1, 3, 4, 5, 5]  # the runners-up told apart
    season = {name: place for name, _score, _nights, place in standings(club)}
    name_of = {p.id: p.name for p in players}
    assert {name_of[player]: place for player, place in night.items()} == season
