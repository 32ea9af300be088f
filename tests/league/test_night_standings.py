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
from series.sheets import projections
from tests.support.api import make_user
from tests.support.factories import club_with_players
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
    projections.rebuild()
    assert standings(club) == live

    player_services.players_unmerge(club=club, source_id=twin.id)
    caught_up()
    assert standings(club) == before
    projections.rebuild()
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
