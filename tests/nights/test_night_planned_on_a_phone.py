"""A night planned ahead on a phone at 360 × 740: a member answers "I'm coming"
from the club's home with one tap, and the director plans a night and sees
how many are coming and the tables the draw would make of them."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.contrib.auth import get_user_model

from series.clubs import membership
from series.clubs import players as player_services
from series.nights import planning, selectors
from series.nights import services as nights
from tests.support.browser import PASSWORD, shoot, sign_in

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

WAIT = 5000  # ms, every wait bounded
MORE = ("Fabio", "Gina", "Hugo", "Ida")


def fits_the_phone(tab) -> None:
    assert tab.evaluate("document.documentElement.scrollWidth") <= 360


def test_a_member_says_im_coming_from_the_clubs_home(browsers, live_server, club):
    the_club, players = club
    lucia = get_user_model().objects.create_user("lucia", password=PASSWORD)
    membership.member_set(club=the_club, user=lucia, role="member")
    player_services.player_link(club=the_club, player_id=players[2].id, user_id=lucia.id)
    day = nights.club_today(the_club) + timedelta(days=3)
    night_id = planning.night_plan(club=the_club, date=day, time="20:30", venue="Circolo").night_id
    planning.night_answer(night_id=night_id, player=players[0].id, coming=True)
    phone = browsers("en")
    home = f"/clubs/{the_club.slug}/league/"
    phone.goto(f"{live_server.url}/login/?next={home}")
    phone.fill("#id_username", "lucia")
    phone.fill("#id_password", PASSWORD)
    phone.click("button[type=submit].primary")
    phone.wait_for_url(lambda url: "/login/" not in url)
    line = phone.locator(".planned-night").first
    line.wait_for(timeout=WAIT)
    assert "20:30 at Circolo: 1 coming" in line.inner_text()
    fits_the_phone(phone)
    line.get_by_role("button", name="I'm coming").click()  # one tap
    phone.wait_for_load_state()
    line = phone.locator(".planned-night").first
    line.locator(".badge").wait_for(timeout=WAIT)
    assert phone.url.endswith(home)
    assert "at Circolo: 2 coming" in line.inner_text()
    assert "You're coming" in line.inner_text()
    pressed = line.get_by_role("button", name="I'm coming")
    assert pressed.get_attribute("aria-pressed") == "true"
    fits_the_phone(phone)
    shoot(phone, "night-planned-answer", full_page=False)
    coming = selectors.night_page(night_id).plan.coming
    assert [line.id for line in coming] == [players[0].id, players[2].id]


def test_the_director_plans_a_night_and_sees_the_count_and_the_tables(browsers, live_server, club):
    the_club, players = club
    players += [player_services.player_add(club=the_club, name=name) for name in MORE]
    day = nights.club_today(the_club) + timedelta(days=5)
    phone = browsers("en")
    sign_in(phone, live_server, f"/clubs/{the_club.slug}/nights/")
    phone.fill("#id_date", day.isoformat())
    phone.fill("#id_time", "20:30")
    phone.fill("#id_venue", "Circolo")
    phone.get_by_role("button", name="Open or plan the night").click()
    phone.locator("#coming-title").wait_for(timeout=WAIT)
    assert phone.locator("#coming-title").inner_text() == "0 coming"
    assert "Too few are coming" in phone.locator("#tables-made").inner_text()
    night_id = phone.url.rstrip("/").split("/")[-1]
    for player in players:
        planning.night_answer(night_id=night_id, player=player.id, coming=True)
    phone.reload()
    phone.locator("#coming-title").wait_for(timeout=WAIT)
    assert phone.locator("#coming-title").inner_text() == "9 coming"
    made = phone.locator("#tables-made").inner_text()
    assert "2 tables: 5 and 4 players" in made
    fits_the_phone(phone)
    shoot(phone, "night-planned", full_page=False)
    phone.get_by_label("Largest table").fill("3")
    phone.get_by_label("Smallest table").fill("3")
    phone.get_by_role("button", name="Show the tables").click()
    phone.wait_for_url(lambda url: "high=3" in url)
    assert "3 tables: 3, 3 and 3 players" in phone.locator("#tables-made").inner_text()
    nights_list = phone.goto(f"{live_server.url}/clubs/{the_club.slug}/nights/")
    assert nights_list.ok
    assert "at Circolo: 9 coming" in phone.locator("#planned").inner_text()
    fits_the_phone(phone)
