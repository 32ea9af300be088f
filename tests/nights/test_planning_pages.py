"""The pages of a night planned ahead: planned from the nights list, shown on the
club's home, the nights list and each member's home, answered with one tap,
moved, withdrawn and opened on its page."""

from __future__ import annotations

import re

import pytest
from django.test import Client
from django.utils import translation
from django.utils.translation import ngettext

from series.clubs import membership
from series.clubs import players as player_services
from series.clubs import services as club_services
from series.models import Night
from series.nights import planning, selectors
from series.nights import services as nights
from tests.support.api import make_user
from tests.support.nights import NAMES, ahead

pytestmark = pytest.mark.django_db


@pytest.fixture
def club():
    club = club_services.club_create(name="Circolo", admin=make_user("director"))
    reader = make_user("reader")
    membership.member_set(club=club, user=reader, role="member")
    players = [player_services.player_add(club=club, name=name) for name in NAMES[:9]]
    player_services.player_link(club=club, player_id=players[0].id, user_id=reader.id)
    return club


def signed_in(club, role: str) -> Client:
    browser = Client()
    browser.force_login(club.memberships.get(role=role).user)
    return browser


def test_a_director_plans_a_night_from_the_nights_list(club):
    day = ahead(club)
    response = signed_in(club, "admin").post(
        f"/clubs/{club.slug}/nights/",
        {"date": day.isoformat(), "time": "20:30", "venue": "Circolo", "scoring": "placement"},
    )
    night = Night.objects.get()
    assert response.status_code == 302 and str(night.id) in response["Location"]
    assert night.planned and night.venue == "Circolo" and night.date == day
    page = signed_in(club, "admin").get(response["Location"]).content.decode()
    assert "0 coming" in page and "Move the night" in page and "Withdraw the night" in page


def test_a_member_answers_from_their_home_with_one_tap(club):
    night_id = planning.night_plan(club=club, date=ahead(club), time="20:30", venue="Bar").night_id
    browser = signed_in(club, "member")
    home = browser.get("/").content.decode()
    assert "at Bar: 0 coming" in home and f"/nights/{night_id}/answer/" in home
    answered = browser.post(
        f"/clubs/{club.slug}/nights/{night_id}/answer/", {"answer": "yes", "next": "/"}
    )
    assert answered.status_code == 302 and answered["Location"] == "/"
    assert "at Bar: 1 coming" in browser.get("/").content.decode()
    assert [line.name for line in selectors.night_page(night_id).plan.coming] == [NAMES[0]]


def test_the_answer_goes_back_only_to_this_site(club):
    night_id = planning.night_plan(club=club, date=ahead(club)).night_id
    answered = signed_in(club, "member").post(
        f"/clubs/{club.slug}/nights/{night_id}/answer/",
        {"answer": "no", "next": "https://elsewhere.example/"},
    )
    assert answered["Location"] == f"/clubs/{club.slug}/nights/{night_id}/"


def test_the_clubs_home_and_the_nights_list_show_the_planned_nights(club):
    planning.night_plan(club=club, date=ahead(club), venue="Bar")
    for url in (f"/clubs/{club.slug}/league/", f"/clubs/{club.slug}/nights/"):
        page = signed_in(club, "member").get(url).content.decode()
        assert "Nights planned" in page and "at Bar: 0 coming" in page, url


def test_the_planned_page_shows_the_count_and_the_tables_it_makes(club):
    night_id = planning.night_plan(club=club, date=ahead(club)).night_id
    for player in club.players.all():
        planning.night_answer(night_id=night_id, player=player.id, coming=True)
    page = signed_in(club, "admin").get(f"/clubs/{club.slug}/nights/{night_id}/")
    text = page.content.decode()
    assert "9 coming" in text and "2 tables: 5 and 4 players" in text
    narrower = signed_in(club, "admin").get(
        f"/clubs/{club.slug}/nights/{night_id}/", {"low": 3, "high": 3}
    )
    assert "3 tables: 3, 3 and 3 players" in narrower.content.decode()


def test_a_director_moves_withdraws_and_answers_for_a_player_on_its_page(club):
    night_id = planning.night_plan(club=club, date=ahead(club)).night_id
    url = f"/clubs/{club.slug}/nights/{night_id}/"
    director = signed_in(club, "admin")
    player = club.players.order_by("id").last()
    answered = director.post(url, {"action": "answer_for", "player": player.id, "answer": "yes"})
    assert answered.status_code == 302
    version = selectors.night_page(night_id).version
    moved = director.post(
        url,
        {
            "action": "move",
            "date": ahead(club, 9).isoformat(),
            "time": "21:00",
            "venue": "Bar",
            "expected_version": version,
        },
    )
    assert moved.status_code == 302
    assert Night.objects.get().sequence == 1
    refused = director.post(url, {"action": "withdraw", "reason": ""})
    assert refused.status_code == 422
    director.post(url, {"action": "withdraw", "reason": "The room is taken"})
    page = director.get(url).content.decode()
    assert "withdrawn" in page and "The room is taken" in page


def test_a_member_cannot_move_a_night(club):
    night_id = planning.night_plan(club=club, date=ahead(club)).night_id
    response = signed_in(club, "member").post(
        f"/clubs/{club.slug}/nights/{night_id}/",
        {"action": "withdraw", "reason": "no"},
    )
    assert response.status_code == 403


def test_on_the_day_the_director_opens_it_and_checks_in_those_coming_first(club):
    night_id = planning.night_plan(club=club, date=ahead(club, 1)).night_id
    planning.night_answer(night_id=night_id, player=club.players.last().id, coming=True)
    planning.night_move(night_id=night_id, date=nights.club_today(club))
    url = f"/clubs/{club.slug}/nights/{night_id}/"
    director = signed_in(club, "admin")
    opened = director.post(
        url, {"action": "open", "scoring": "placement", "min_table": 3, "max_table": 8}
    )
    assert opened.status_code == 302, opened.content.decode()[:2000]
    page = director.get(url).content.decode()
    assert "Said they're coming: 1 to check in" in page
    last = club.players.last()
    checked = director.post(
        url,
        {
            "action": "check_in",
            "players": last.id,
            "expected_version": selectors.night_page(night_id).version,
        },
    )
    assert checked.status_code == 302
    assert [line.id for line in selectors.night_page(night_id).present] == [last.id]


def test_a_night_with_a_start_time_moves_with_its_form_as_the_page_fills_it(club):
    night_id = planning.night_plan(club=club, date=ahead(club), time="21:00", venue="Bar").night_id
    url = f"/clubs/{club.slug}/nights/{night_id}/"
    director = signed_in(club, "admin")
    page = director.get(url)
    form = page.context["forms"]["move"]
    assert 'value="21:00"' in str(form["time"])
    shown = re.search(r'value="([^"]*)"', str(form["time"])).group(1)  # as a browser sends it
    sent = {name: form[name].value() for name in form.fields} | {"time": shown}
    moved = director.post(url, {**sent, "action": "move", "date": ahead(club, 8).isoformat()})
    assert moved.status_code == 302
    assert Night.objects.get().date == ahead(club, 8)


def test_table_sizes_that_seat_none_of_those_coming_say_why_not_too_few(club):
    night_id = planning.night_plan(club=club, date=ahead(club)).night_id
    for player in club.players.all():
        planning.night_answer(night_id=night_id, player=player.id, coming=True)
    url = f"/clubs/{club.slug}/nights/{night_id}/"
    page = signed_in(club, "admin").get(url, {"low": 6, "high": 6})
    text = page.content.decode()
    assert "Too few are coming" not in text
    assert "allow tables of 4" in text
    assert 'value="6"' in text  # the sizes asked stay in their fields
    upside_down = signed_in(club, "admin").get(url, {"low": 7, "high": 3}).content.decode()
    assert "2 tables: 5 and 4 players" not in upside_down and 'value="7"' in upside_down


def test_those_not_coming_are_listed_by_name(club):
    night_id = planning.night_plan(club=club, date=ahead(club)).night_id
    for player in club.players.order_by("-name"):
        planning.night_answer(night_id=night_id, player=player.id, coming=False)
    text = signed_in(club, "member").get(f"/clubs/{club.slug}/nights/{night_id}/").content.decode()
    names = sorted(NAMES[:9], key=str.casefold)
    assert [text.index(f"<li>{name}</li>") for name in names] == sorted(
        text.index(f"<li>{name}</li>") for name in names
    )


def test_the_director_picks_the_player_to_answer_for_from_the_page(club):
    night_id = planning.night_plan(club=club, date=ahead(club)).night_id
    page = signed_in(club, "admin").get(f"/clubs/{club.slug}/nights/{night_id}/")
    player = page.context["forms"]["answer_for"]["player"]
    assert [choice.choice_label for choice in player] == sorted(NAMES[:9], key=str.casefold)


def test_a_retired_members_tap_is_refused_naming_their_player_not_its_number(club):
    night_id = planning.night_plan(club=club, date=ahead(club)).night_id
    player = club.players.get(name=NAMES[0])
    player_services.player_retire(club=club, player_id=player.id)
    answered = signed_in(club, "member").post(
        f"/clubs/{club.slug}/nights/{night_id}/answer/", {"answer": "yes"}, follow=True
    )
    page = answered.content.decode()
    assert f"{NAMES[0]} has retired from the club" in page
    assert f">{player.id} has retired" not in page
    assert selectors.night_page(night_id).plan.coming == []


@pytest.mark.parametrize("language", ["en", "it", "es", "fr", "nl"])
def test_the_count_of_those_coming_heads_its_section_as_a_heading_begins(language):
    # the planned night's page heads a section with it (and a calendar describes the night with it)
    for count in (0, 1, 9):
        with translation.override(language):
            heading = ngettext("%(count)s coming", "%(count)s coming", count) % {"count": count}
        assert heading[0].isupper() or heading[0].isdigit(), heading
