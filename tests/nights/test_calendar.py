"""The club's calendar of nights (RFC 5545): every planned and past night with a
stable UID, all day without a start time, a moved night's SEQUENCE raised, a
withdrawn one CANCELLED; public for a public club, a member's secret link for a
private one, which the member renews."""

from __future__ import annotations

from datetime import date
from urllib.parse import parse_qs, urlparse

import pytest
from django.test import Client
from icalendar import Calendar

from series.clubs import membership
from series.clubs import services as club_services
from series.nights import calendar, planning
from series.nights import services as nights
from tests.support.api import make_user
from tests.support.nights import ahead

pytestmark = pytest.mark.django_db


def a_club(public: bool):
    club = club_services.club_create(
        name="Circolo", public=public, admin=make_user("director"), time_zone="Europe/Rome"
    )
    return club


def events_of(response) -> dict[str, object]:
    assert response.status_code == 200, response.content[:300]
    assert response["Content-Type"].startswith("text/calendar")
    parsed = Calendar.from_ical(response.content)
    return {str(event["UID"]): event for event in parsed.walk("VEVENT")}


def test_a_public_clubs_feed_holds_every_planned_and_past_night():
    club = a_club(public=True)
    played = nights.night_open(club=club, date="2026-03-14").night_id
    timed = planning.night_plan(club=club, date=ahead(club), time="20:30", venue="Circolo")
    all_day = planning.night_plan(club=club, date=ahead(club, 14)).night_id
    found = events_of(Client().get(f"/clubs/{club.slug}/nights.ics"))
    assert set(found) == {f"night-{n}" for n in (played, timed.night_id, all_day)}
    event = found[f"night-{timed.night_id}"]
    start = event.decoded("DTSTART")
    assert (start.hour, start.minute, str(start.tzinfo)) == (20, 30, "Europe/Rome")
    assert str(event["LOCATION"]) == "Circolo" and str(event["STATUS"]) == "CONFIRMED"
    whole_day = found[f"night-{all_day}"]
    assert whole_day.decoded("DTSTART") == ahead(club, 14)  # a date: all day
    assert whole_day.decoded("DTEND") == ahead(club, 15)
    assert found[f"night-{played}"].decoded("DTSTART") == date(2026, 3, 14)


def test_a_moved_night_keeps_its_uid_and_raises_its_sequence_and_a_withdrawn_one_is_cancelled():
    club = a_club(public=True)
    night_id = planning.night_plan(club=club, date=ahead(club)).night_id
    url = f"/clubs/{club.slug}/nights.ics"
    before = events_of(Client().get(url))[f"night-{night_id}"]
    planning.night_move(night_id=night_id, date=ahead(club, 8), time="21:00")
    moved = events_of(Client().get(url))[f"night-{night_id}"]
    assert int(moved["SEQUENCE"]) == int(before["SEQUENCE"]) + 1
    assert moved.decoded("DTSTART").date() == ahead(club, 8)
    planning.night_withdraw(night_id=night_id, reason="no room")
    withdrawn = events_of(Client().get(url))[f"night-{night_id}"]
    assert str(withdrawn["STATUS"]) == "CANCELLED"


def test_a_private_clubs_feed_opens_with_a_members_key_only():
    club = a_club(public=False)
    reader = make_user("reader")
    membership.member_set(club=club, user=reader, role="member")
    planning.night_plan(club=club, date=ahead(club))
    url = f"/clubs/{club.slug}/nights.ics"
    assert Client().get(url).status_code == 302  # to the sign-in, as a missing club
    assert Client().get(url, {"key": "forged"}).status_code == 302
    key = calendar.calendar_key(club, reader)
    assert len(events_of(Client().get(url, {"key": key}))) == 1


def test_a_renewed_link_replaces_the_old_and_a_member_who_left_loses_it():
    club = a_club(public=False)
    reader = make_user("reader")
    membership.member_set(club=club, user=reader, role="member")
    old = calendar.calendar_key(club, reader)
    browser = Client()
    browser.force_login(reader)
    page = browser.get(f"/clubs/{club.slug}/nights/").content.decode()
    assert f"key={old}" in page.replace("%3A", ":")
    browser.post(f"/clubs/{club.slug}/nights/calendar/renew/")
    new = calendar.calendar_key(club, reader)
    assert new != old
    url = f"/clubs/{club.slug}/nights.ics"
    assert Client().get(url, {"key": old}).status_code == 302
    assert Client().get(url, {"key": new}).status_code == 200
    membership.member_remove(club=club, user=reader)
    assert Client().get(url, {"key": new}).status_code == 302


def test_the_nights_list_links_the_calendar():
    club = a_club(public=True)
    page = Client().get(f"/clubs/{club.slug}/nights/").content.decode()
    link = next(part for part in page.split('"') if "nights.ics" in part)
    assert urlparse(link).path == f"/clubs/{club.slug}/nights.ics"
    assert not parse_qs(urlparse(link).query)
    # the button subscribes a calendar app (a tap on https imports the nights once
    # and follows no move); the address to paste into a calendar site is https
    assert f'href="webcal://testserver/clubs/{club.slug}/nights.ics"' in page
    assert f"<code>http://testserver/clubs/{club.slug}/nights.ics</code>" in page


def test_the_api_gives_a_members_link_and_renews_it():
    from tests.support.api import client_for

    club = a_club(public=False)
    reader = make_user("reader")
    membership.member_set(club=club, user=reader, role="member")
    api = client_for(reader)
    first = api.get(f"/api/v1/clubs/{club.slug}/calendar").json()["url"]
    assert Client().get(first).status_code == 200
    renewed = api.post(f"/api/v1/clubs/{club.slug}/calendar/renew").json()["url"]
    assert renewed != first
    assert Client().get(first).status_code == 302 and Client().get(renewed).status_code == 200


def test_the_calendars_name_is_text_escaped_as_rfc_5545_writes_text():
    # RFC 5545 3.3.11: a comma, a semicolon and a backslash in TEXT are escaped;
    # an X- property's value is TEXT unless it says otherwise (3.8.8.2).
    club = a_club(public=True)
    club_services.club_update(club=club, name="Circolo, Roma; Via\\Po")
    body = Client().get(f"/clubs/{club.slug}/nights.ics").content
    assert b"X-WR-CALNAME:Club nights of Circolo\\, Roma\\; Via\\\\Po\r\n" in body


def test_a_withdrawn_night_raises_its_sequence_as_its_status_changes():
    # RFC 5546 2.1.4: a change of STATUS raises SEQUENCE, or a calendar that has
    # the night keeps it as it was.
    club = a_club(public=True)
    night_id = planning.night_plan(club=club, date=ahead(club)).night_id
    planning.night_move(night_id=night_id, date=ahead(club, 8))
    url = f"/clubs/{club.slug}/nights.ics"
    moved = events_of(Client().get(url))[f"night-{night_id}"]
    planning.night_withdraw(night_id=night_id, reason="no room")
    withdrawn = events_of(Client().get(url))[f"night-{night_id}"]
    assert str(withdrawn["STATUS"]) == "CANCELLED"
    assert int(withdrawn["SEQUENCE"]) == int(moved["SEQUENCE"]) + 1 == 2


def test_the_account_page_leads_to_each_clubs_calendar():
    club = a_club(public=False)
    reader = make_user("reader")
    membership.member_set(club=club, user=reader, role="member")
    browser = Client()
    browser.force_login(reader)
    page = browser.get("/account/").content.decode()
    assert f'href="/clubs/{club.slug}/nights/#calendar"' in page
    assert f"The calendar of {club.name}'s nights" in page
