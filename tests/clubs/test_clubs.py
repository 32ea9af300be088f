"""Creating a club, its settings, its players and members, from the pages."""

from __future__ import annotations

import re
from datetime import UTC, datetime

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from series.clubs import membership
from series.clubs import players as player_services
from series.clubs import services as club_services
from series.models import Club, Membership, Player
from tests.support.factories import start
from tests.support.pages import make_user

pytestmark = pytest.mark.django_db


def club_form(**changes):
    return {
        "name": "Friday Club",
        "slug": "",
        "time_zone": "Europe/Rome",
        "preset": "continental-13",
        "buys": "on",
        **changes,
    }


def test_a_signed_in_user_creates_a_club_and_becomes_its_admin(client):
    user = make_user("secretary")
    client.force_login(user)
    response = client.post("/clubs/new/", club_form())
    club = Club.objects.get(memberships__user=user)  # the module's shared clubs are there too
    assert response["Location"] == f"/clubs/{club.slug}/league/roster/"
    assert club.slug == "friday-club"
    assert club.default_rules == {"preset": "continental-13", "options": {"buys": True}}
    assert club.time_zone == "Europe/Rome"
    assert Membership.objects.get(club=club).role == "admin"


def test_a_taken_slug_is_refused_and_the_form_offers_a_free_one(client, table):
    client.force_login(table.users["admin"])
    response = client.post("/clubs/new/", club_form(slug=table.club.slug))
    assert response.status_code == 422
    page = response.content.decode()
    free = re.search(r"“([a-z0-9-]+)” is free", page).group(1)
    assert f'name="slug" value="{free}"' in page
    assert Club.objects.count() == 2
    assert client.post("/clubs/new/", club_form(slug=free)).status_code == 302


def test_the_create_page_answers_a_private_clubs_slug_as_a_reserved_word(client, table):
    client.force_login(table.users["stranger"])  # outside the private club

    def answer(slug: str) -> str:
        page = client.post("/clubs/new/", club_form(slug=slug)).content.decode()
        free = re.search(r"“([a-z0-9-]+)” is free", page).group(1)
        main = re.search(r"<main.*</main>", page, re.S).group(0)
        main = re.sub(r'name="csrfmiddlewaretoken" value="[^"]*"', "", main)
        return main.replace(free, "FREE").replace(slug, "SLUG")

    assert answer(table.club.slug) == answer("new")
    assert "taken" not in answer(table.club.slug)


def test_an_over_long_club_name_is_refused(client, table):
    client.force_login(table.users["admin"])
    response = client.post("/clubs/new/", club_form(name="x" * 101))
    assert response.status_code == 422
    assert Club.objects.count() == 2


def test_only_admins_reach_the_club_settings(as_role, table):
    url = f"/clubs/{table.club.slug}/settings/"
    assert as_role("admin").get(url).status_code == 200
    assert as_role("scorer").get(url).status_code == 403
    assert as_role("stranger").get(url).status_code == 404


def test_the_new_series_page_starts_from_the_clubs_default_rules(as_role, table):
    as_role("admin").post(
        f"/clubs/{table.club.slug}/settings/",
        {"name": "Circolo Tressette", "time_zone": "", "preset": "continental-12", "deals": "4"},
    )
    page = as_role("scorer").get(f"/clubs/{table.club.slug}/series/new/").content.decode()
    assert 'value="continental-12" id="id_preset_2" required checked' in page
    assert 'name="deals" value="4"' in page


def test_several_players_are_added_one_a_line(as_role, table):
    response = as_role("admin").post(
        f"/clubs/{table.club.slug}/league/roster/", {"action": "add", "names": "Gina\nUgo\n\n"}
    )
    assert response.status_code == 302
    assert Player.objects.filter(club=table.club, name__in=["Gina", "Ugo"]).count() == 2


def test_a_player_name_used_twice_gets_a_clear_error(as_role, table):
    response = as_role("admin").post(
        f"/clubs/{table.club.slug}/league/roster/", {"action": "add", "names": "Gina\nanna"}
    )
    assert response.status_code == 422
    # The player is named as the club knows her, whatever the case typed.
    assert "has a player called “Anna” already" in response.content.decode()
    assert not Player.objects.filter(name="Gina").exists()


def test_a_retired_player_is_not_offered_for_a_new_series(as_role, table):
    fabio = table.players[-1]
    as_role("admin").post(
        f"/clubs/{table.club.slug}/league/roster/", {"action": "retire", "player": fabio.id}
    )
    page = as_role("scorer").get(f"/clubs/{table.club.slug}/series/new/").content.decode()
    assert "Fabio" not in page
    roster = as_role("admin").get(f"/clubs/{table.club.slug}/league/roster/").content.decode()
    assert "Fabio" in roster and "retired" in roster


def test_a_player_is_linked_to_a_member_account(as_role, table):
    anna = table.players[0]
    as_role("admin").post(
        f"/clubs/{table.club.slug}/league/roster/",
        {"action": "link", "player": anna.id, "user": table.users["member"].id},
    )
    anna.refresh_from_db()
    assert anna.user == table.users["member"]


def test_an_admin_changes_a_role_and_removes_a_member(as_role, table):
    url = f"/clubs/{table.club.slug}/members/"
    admin = as_role("admin")
    admin.post(url, {"action": "role", "user": table.users["member"].id, "role": "scorer"})
    assert Membership.objects.get(user=table.users["member"]).role == "scorer"
    scorer = table.users["scorer"]
    remove = f"/clubs/{table.club.slug}/members/{scorer.id}/remove/"
    asked = admin.get(remove).content.decode()
    assert "Remove scorer from the club" in asked and "Yes, remove scorer" in asked
    assert Membership.objects.filter(user=scorer).exists()  # asking removes nobody
    told = admin.post(remove, follow=True).content.decode()
    assert not Membership.objects.filter(user=scorer).exists()
    assert "scorer is no longer a member of the club." in told


def test_a_removal_sent_twice_is_answered_as_the_first_was(as_role, table):
    scorer = table.users["scorer"]
    remove = f"/clubs/{table.club.slug}/members/{scorer.id}/remove/"
    admin = as_role("admin")
    first = admin.post(remove, follow=True).content.decode()
    again = admin.post(remove, follow=True).content.decode()  # a double tap, a lost answer
    assert "scorer is no longer a member of the club." in first
    assert "That person is no longer a member of the club." in again  # not an error
    assert "not a member" not in again


def test_a_tap_on_the_members_page_removes_nobody(as_role, table):
    scorer = table.users["scorer"]
    url = f"/clubs/{table.club.slug}/members/"
    as_role("admin").post(url, {"action": "remove", "user": scorer.id})
    assert Membership.objects.filter(user=scorer).exists()


def test_the_last_admin_is_not_removed_and_is_told_why(as_role, table):
    admin = table.users["admin"]
    remove = f"/clubs/{table.club.slug}/members/{admin.id}/remove/"
    told = as_role("admin").post(remove, follow=True).content.decode()
    assert "A club needs an admin" in told
    assert Membership.objects.filter(user=admin).exists()


def test_only_admins_remove_members(as_role, table):
    member = table.users["member"]
    remove = f"/clubs/{table.club.slug}/members/{member.id}/remove/"
    as_role("scorer").post(remove)
    assert Membership.objects.filter(user=member).exists()


def test_the_last_admin_cannot_step_down(as_role, table):
    url = f"/clubs/{table.club.slug}/members/"
    response = as_role("admin").post(
        url, {"action": "role", "user": table.users["admin"].id, "role": "member"}, follow=True
    )
    assert "A club needs an admin" in response.content.decode()
    assert Membership.objects.get(user=table.users["admin"]).role == "admin"


def test_a_non_admin_cannot_change_roles(as_role, table):
    url = f"/clubs/{table.club.slug}/members/"
    response = as_role("scorer").post(
        url, {"action": "role", "user": table.users["scorer"].id, "role": "admin"}, follow=True
    )
    assert "Only the club&#x27;s admins" in response.content.decode()
    assert Membership.objects.get(user=table.users["scorer"]).role == "scorer"


def test_members_see_the_member_list_without_admin_controls(as_role, table):
    page = as_role("member").get(f"/clubs/{table.club.slug}/members/").content.decode()
    assert "scorer" in page
    assert "Make the invitation link" not in page


def test_the_home_page_shows_roles_series_players_and_what_to_do_first(as_role, table, four):
    page = as_role("scorer").get("/").content.decode()
    assert "My clubs" in page and "scorer" in page
    assert "Anna, Bruno, Carla, Dario" in page
    newcomer = as_role(None)
    newcomer.force_login(make_user("newcomer"))
    assert "Create your club" in newcomer.get("/").content.decode()


def test_an_admin_makes_deals_need_a_second_members_confirmation_in_the_settings(as_role, table):
    url = f"/clubs/{table.club.slug}/settings/"
    assert "Deals need confirmation" in as_role("admin").get(url).content.decode()
    settings = {"name": "Circolo Tressette", "time_zone": "", "preset": "continental"}
    as_role("admin").post(url, settings | {"deals_need_confirmation": "on"})
    assert Club.objects.get(id=table.club.id).deals_need_confirmation is True
    as_role("admin").post(url, settings)
    assert Club.objects.get(id=table.club.id).deals_need_confirmation is False
    assert "Deals need confirmation" not in as_role("admin").get("/clubs/new/").content.decode()


def test_a_club_slug_is_shown_on_its_settings(as_role, table):
    page = as_role("admin").get(f"/clubs/{table.club.slug}/settings/").content.decode()
    assert f"<code>{table.club.slug}</code>" in page
    club_services.club_update(club=table.club, name="Renamed")
    assert Club.objects.get(id=table.club.id).slug == table.club.slug


def test_a_clubs_pages_show_times_in_its_time_zone(as_role, table):
    series = start(
        table.club, table.players[:3], recorded_at=datetime(2025, 1, 10, 21, 30, tzinfo=UTC)
    ).series_id
    audit = f"/series/{series}/audit/"
    assert "21:30" in as_role("member").get(audit).content.decode()
    club_services.club_update(club=table.club, time_zone="Europe/Rome")
    assert "22:30" in as_role("member").get(audit).content.decode()


def queries_of(client, url: str) -> int:
    with CaptureQueriesContext(connection) as captured:
        assert client.get(url).status_code == 200
    return len(captured)


def test_the_member_and_player_pages_do_not_grow_queries_with_the_club(as_role, table):
    admin = as_role("admin")
    club = f"/clubs/{table.club.slug}"
    members, roster = f"{club}/members/", f"{club}/league/roster/"
    membership.invitation_create(club=table.club, role="member")
    before = queries_of(admin, members), queries_of(admin, roster)
    for n in range(5):
        membership.member_set(club=table.club, user=make_user(f"extra{n}"), role="member")
        membership.invitation_create(club=table.club, role="scorer")
    player_services.players_add(club=table.club, names=[f"Extra {n}" for n in range(5)])
    player_services.player_retire(club=table.club, player_id=table.players[0].id)
    assert (queries_of(admin, members), queries_of(admin, roster)) == before
