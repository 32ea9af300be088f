"""The home page lists the user's clubs and their series in progress."""

from __future__ import annotations

import pytest

from series import services
from tests.factories import entry
from tests.pages.helpers import play_to_the_end

pytestmark = pytest.mark.django_db


def test_it_invites_an_anonymous_visitor_to_sign_in_or_check_a_claim(as_role):
    response = as_role(None).get("/")

    assert response.status_code == 200
    assert b'href="/login/"' in response.content
    assert b'href="/check/"' in response.content


def test_it_lists_the_members_clubs_and_their_series_in_progress(as_role, table, four):
    # Anna, Bruno, Carla and Dario sit at ``four``: another table (RULES D-19)
    players = [*table.players[4:], services.player_add(club=table.club, name="Gina")]
    finished = services.series_start(
        club=table.club, players=[p.id for p in players], first_dealer=players[0].id
    ).series_id
    play_to_the_end(finished, players)
    outsiders = [services.player_add(club=table.other_club, name=n) for n in ("X", "Y", "Z")]
    elsewhere = services.series_start(
        club=table.other_club, players=[p.id for p in outsiders], first_dealer=outsiders[0].id
    ).series_id

    page = as_role("member").get("/").content.decode()

    assert "Circolo Tressette" in page
    assert "Other club" not in page
    assert f"/series/{four}/" in page
    assert f"/series/{finished}/" not in page
    assert f"/series/{elsewhere}/" not in page
    assert "Anna deals next" in page


def test_only_scorers_and_admins_are_offered_a_new_series(as_role, table):
    new_series = f"/clubs/{table.club.slug}/series/new/"

    assert new_series in as_role("scorer").get("/").content.decode()
    assert new_series in as_role("admin").get("/").content.decode()
    assert new_series not in as_role("member").get("/").content.decode()


def test_its_queries_do_not_grow_with_the_number_of_series(
    as_role, table, django_assert_num_queries
):
    client = as_role("scorer")
    for table_number in range(3):  # three tables at once: nobody sits at two (RULES D-19)
        players = [services.player_add(club=table.club, name=f"Player {table_number}.{seat}")
                   for seat in range(4)]  # fmt: skip
        services.series_start(
            club=table.club, players=[p.id for p in players], first_dealer=players[0].id
        )
    # session, user, memberships with clubs, open series with their next dealers,
    # their seats with the players
    with django_assert_num_queries(5):
        client.get("/")
    services.deal_record(
        series_id=services.series_start(
            club=table.club, players=[p.id for p in table.players[:3]],
            first_dealer=table.players[0].id,
        ).series_id,
        entry=entry(table.players[1], {table.players[0]: 30, table.players[2]: 40}),
    )  # fmt: skip
    with django_assert_num_queries(5):
        client.get("/")


def test_an_anonymous_visitor_is_shown_the_public_leagues_only(as_role):
    services.club_create(name="Open club", public=True)
    services.club_create(name="Closed club")
    page = as_role(None).get("/").content.decode()
    assert "Open club" in page and "/clubs/open-club/league/" in page
    assert "Closed club" not in page


def test_a_member_reaches_the_league_of_each_club(as_role, table):
    page = as_role("member").get("/").content.decode()
    assert f"/clubs/{table.club.slug}/league/" in page
