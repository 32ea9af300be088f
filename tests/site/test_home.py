"""The home page lists the user's clubs and their series in progress."""

from __future__ import annotations

import pytest

from series.clubs import players as player_services
from series.clubs import services as club_services
from series.sheets import services
from tests.support.factories import entry
from tests.support.pages import play_to_the_end

pytestmark = pytest.mark.django_db


def test_it_invites_an_anonymous_visitor_to_sign_in_or_check_a_claim(as_role):
    response = as_role(None).get("/")

    assert response.status_code == 200
    assert b'href="/login/"' in response.content
    assert b'href="/check/"' in response.content


def test_it_lists_the_members_clubs_and_their_series_in_progress(as_role, table, four):
    # Anna, Bruno, Carla and Dario sit at ``four``: another table (RULES D-19)
    players = [*table.players[4:], player_services.player_add(club=table.club, name="Gina")]
    finished = services.series_start(
        club=table.club, players=[p.id for p in players], first_dealer=players[0].id
    ).series_id
    play_to_the_end(finished, players)
    outsiders = [player_services.player_add(club=table.other_club, name=n) for n in ("X", "Y", "Z")]
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
        players = [
            player_services.player_add(club=table.club, name=f"Player {table_number}.{seat}")
            for seat in range(4)
        ]
        services.series_start(
            club=table.club, players=[p.id for p in players], first_dealer=players[0].id
        )
    # session, user, memberships with clubs, open series with their next dealers,
    # their seats with the players, the deals waiting for the user's confirmation,
    # the user's players (where they sit tonight), the nights planned ahead, the
    # federations of the user's clubs
    with django_assert_num_queries(9):
        client.get("/")
    services.deal_record(
        series_id=services.series_start(
            club=table.club,
            players=[p.id for p in table.players[:3]],
            first_dealer=table.players[0].id,
        ).series_id,
        entry=entry(table.players[1], {table.players[0]: 30, table.players[2]: 40}),
    )
    with django_assert_num_queries(9):
        client.get("/")


def test_an_anonymous_visitor_is_shown_the_public_leagues_only(as_role):
    club_services.club_create(name="Open club", public=True)
    club_services.club_create(name="Closed club")
    page = as_role(None).get("/").content.decode()
    assert "Open club" in page and "/clubs/open-club/league/" in page
    assert "Closed club" not in page


def test_a_member_reaches_the_league_of_each_club(as_role, table):
    page = as_role("member").get("/").content.decode()
    assert f"/clubs/{table.club.slug}/league/" in page


def waiting_deal(table, four, *, linked: bool):
    """Deal 1 of ``four``, recorded by the scorer while the club asks for a
    second member's confirmation; Anna is the member's own player when ``linked``."""
    club_services.club_update(club=table.club, deals_need_confirmation=True)
    if linked:
        player_services.player_link(
            club=table.club, player_id=table.players[0].id, user_id=table.users["member"].id
        )
    anna, bruno, carla, dario = table.players[:4]
    services.deal_record(
        series_id=four,
        entry=entry(anna, {bruno: 20, carla: 30, dario: 40}),
        actor_id=table.users["scorer"].id,
    )
    return f'href="/series/{four}/deals/1/confirm/"'


WAITS = "Deal 1 of Anna, Bruno, Carla, Dario, started "


def test_a_seated_member_is_told_on_the_home_page_that_a_deal_waits_for_them(as_role, table, four):
    link = waiting_deal(table, four, linked=True)

    page = as_role("member").get("/").content.decode()
    assert link in page and WAITS in page and "waits for your confirmation" in page
    # Anna is the member: the others are not asked, nor is the scorer who recorded it.
    for role in ("admin", "scorer"):
        assert link not in as_role(role).get("/").content.decode()


def test_when_no_seated_player_is_a_member_any_member_but_the_recorder_is_asked(
    as_role, table, four
):
    link = waiting_deal(table, four, linked=False)

    for role in ("member", "admin"):
        assert link in as_role(role).get("/").content.decode()
    assert link not in as_role("scorer").get("/").content.decode()


def test_a_confirmed_deal_no_longer_waits_on_the_home_page(as_role, table, four):
    link = waiting_deal(table, four, linked=True)
    services.deal_confirm(
        series_id=four, number=1, user_id=table.users["member"].id, player_id=table.players[0].id
    )

    assert link not in as_role("member").get("/").content.decode()


def test_the_deals_waiting_are_one_query_however_many_series_wait(
    as_role, table, four, django_assert_num_queries
):
    waiting_deal(table, four, linked=False)
    for table_number in range(2):
        players = [
            player_services.player_add(club=table.club, name=f"Player {table_number}.{seat}")
            for seat in range(3)
        ]
        series = services.series_start(
            club=table.club, players=[p.id for p in players], first_dealer=players[0].id
        ).series_id
        services.deal_record(
            series_id=series,
            entry=entry(players[0], {players[1]: 20, players[2]: 30}),
            actor_id=table.users["scorer"].id,
        )
    client = as_role("member")
    # session, user, memberships with clubs, open series, their seats, the deals waiting,
    # the user's players (where they sit tonight), the nights planned ahead, the
    # federations of the user's clubs
    with django_assert_num_queries(9):
        page = client.get("/").content.decode()
    assert page.count("waits for your confirmation") == 3


def test_when_the_recorder_is_the_only_seated_member_the_other_members_are_asked(
    as_role, table, four
):
    player_services.player_link(
        club=table.club, player_id=table.players[1].id, user_id=table.users["scorer"].id
    )
    link = waiting_deal(table, four, linked=False)

    assert link in as_role("member").get("/").content.decode()
    assert link not in as_role("scorer").get("/").content.decode()
