"""A director runs a championship from its pages (RULES D-23, D-24): opens it,
opens a qualifying night and counts another, makes the cut, opens the final night
(drawn by the championship's standings), and closes it; members read the
standings, and the final night's page shows the championship's ranking."""

from __future__ import annotations

import pytest

from series.clubs import membership
from series.clubs import services as club_services
from series.models import Championship, Night
from series.nights import services as nights
from tests.support.api import make_user
from tests.support.championships import a_championship_played, a_club, one_deal

pytestmark = pytest.mark.django_db


def post(client, url, **data):
    return client.post(url, {"idempotency_key": "", **data})


def test_a_director_runs_a_championship_from_its_pages(client):
    club, (anna, bruno, carla, dario, elena) = a_club()
    club_services.club_update(
        club=club, default_rules={"preset": "continental", "options": {"deals": 1}}
    )
    director = make_user("director")
    membership.member_set(club=club, user=director, role="scorer")
    client.force_login(director)
    listed = f"/clubs/{club.slug}/championships/"
    assert client.get(f"/clubs/{club.slug}/nights/").content.decode().count(listed) == 1
    opened = post(
        client,
        listed,
        name="Spring",
        scoring="placement",
        qualifying_nights=2,
        final_size=3,
        carry_over="half",
    )
    assert opened.status_code == 302, opened.content.decode()
    champ = Championship.objects.get()
    page = f"/clubs/{club.slug}/championships/{champ.id}/"
    first = post(client, page, action="open_night", expected_version=1)
    assert first.status_code == 302 and "/nights/" in first["Location"]
    other = nights.night_open(club=club).night_id  # the club's rules: one deal a table
    added = post(client, page, action="add_night", night=str(other), expected_version=2)
    assert added.status_code == 302
    five = {bruno: 20, carla: 30, dario: 40, elena: 50}
    for night in Night.objects.all():
        one_deal(night.id, anna, five)
        nights.night_close(night_id=night.id)
    shown = client.get(page).content.decode()
    assert "Anna" in shown and "scroll-hint" in shown and "Make the cut" in shown
    cut = post(client, page, action="cut", final_size=3, expected_version=3)
    assert cut.status_code == 302
    assert "in: in the top places" in client.get(page).content.decode()
    final = post(client, page, action="open_final", expected_version=4)
    assert final.status_code == 302
    final_page = client.get(final["Location"]).content.decode()
    assert 'value="championship"' in final_page and "The final of Spring" in final_page
    final_id = Championship.objects.get().final_night
    nights.night_check_in(night_id=final_id, players=[anna.id, bruno.id, carla.id])
    drawn = client.post(
        final["Location"],
        {"action": "draw", "min_table": 3, "max_table": 3, "method": "championship"},
    )
    assert drawn.status_code == 302
    one_deal(final_id, bruno, {anna: 20, carla: 30}, draw=False)
    live = client.get(final["Location"]).content.decode()
    assert "The championship&#x27;s ranking" in live or "The championship's ranking" in live
    nights.night_close(night_id=final_id)
    closed = post(client, page, action="close", expected_version=5)
    assert closed.status_code == 302
    assert Championship.objects.get().state == "closed"


def test_a_stale_page_is_told_and_nothing_changes(client):
    club, _players, champ = a_championship_played(close=False)
    director = make_user("director")
    membership.member_set(club=club, user=director, role="scorer")
    client.force_login(director)
    page = f"/clubs/{club.slug}/championships/{champ}/"
    answer = post(client, page, action="close", expected_version=1)
    assert answer.status_code == 422
    assert "changed the championship" in answer.content.decode()
    assert Championship.objects.get().state == "final"


def test_a_member_reads_the_standings_and_sees_no_director_form(client):
    club, _players, champ = a_championship_played()
    member = make_user("member")
    membership.member_set(club=club, user=member, role="member")
    client.force_login(member)
    shown = client.get(f"/clubs/{club.slug}/championships/{champ}/").content.decode()
    assert "Carla" in shown and "tied" not in shown and 'name="action"' not in shown
    assert "shares the last place of the final" in shown
    refused = post(client, f"/clubs/{club.slug}/championships/{champ}/", action="close")
    assert refused.status_code == 403


def test_a_member_finds_the_championships_from_the_home_page_and_the_league(client):
    club, _players, _champ = a_championship_played()
    member = make_user("member")
    membership.member_set(club=club, user=member, role="member")
    client.force_login(member)
    listed = f'href="/clubs/{club.slug}/championships/"'
    assert listed in client.get("/").content.decode()
    assert listed in client.get(f"/clubs/{club.slug}/league/").content.decode()


def test_a_night_ranked_another_way_is_refused_with_what_to_do(client):
    club, _players = a_club()
    director = make_user("director")
    membership.member_set(club=club, user=director, role="scorer")
    client.force_login(director)
    post(
        client,
        f"/clubs/{club.slug}/championships/",
        name="Spring",
        scoring="placement",
        qualifying_nights=2,
        final_size=3,
        carry_over="half",
    )
    page = f"/clubs/{club.slug}/championships/{Championship.objects.get().id}/"
    per_deal = nights.night_open(club=club, scoring="per_deal").night_id
    refused = post(client, page, action="add_night", night=str(per_deal), expected_version=1)
    shown = refused.content.decode()
    assert "another method than the championship" in shown and "placement)" not in shown
    assert "Open a qualifying night\u201d on the championship" in shown
    assert refused.status_code == 422 and Championship.objects.get().nights == []


def test_a_closed_championship_reads_closed_in_italian_in_its_own_gender(client):
    club, _players, champ = a_championship_played()
    member = make_user("member")
    membership.member_set(club=club, user=member, role="member")
    client.force_login(member)
    page = f"/clubs/{club.slug}/championships/{champ}/"
    shown = client.get(page, HTTP_ACCEPT_LANGUAGE="it").content.decode()
    assert "Campionati</a> · chiuso" in shown  # a campionato, not a serata: not "chiusa"
