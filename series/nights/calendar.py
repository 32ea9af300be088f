"""A club's calendar of nights (RFC 5545, written by ``icalendar``): every night
planned ahead and every night played, one event each with a stable UID (the
night's id), all day when no start time is set, its SEQUENCE raised by each
move, a withdrawn night CANCELLED (and its SEQUENCE raised once more).

A public club's feed is public. A private club's opens with a member's secret
link (``?key=…``): like the big screen's link it is signed with the secret key
and names the club, the member and the link's generation, so nothing is stored
per link; the member renews it (``calendar_link_renew``) and every link shown
before stops working, as it does once they leave the club.
"""

from __future__ import annotations

import zoneinfo
from datetime import datetime, timedelta

from django.core import signing
from django.db import IntegrityError, transaction
from django.db.models import F
from django.utils import timezone
from django.utils.translation import gettext, ngettext
from icalendar import Calendar, Event, vText

from series.eventstore.retry import transient_retry
from series.models import CalendarLink, Club, Membership, Night

SALT = "series.night-calendar"
PRODID = "-//Scorekeeper//Club nights//EN"


def _generation(club_id: int, user_id: int) -> int:
    found = CalendarLink.objects.filter(club_id=club_id, user_id=user_id)
    return found.values_list("generation", flat=True).first() or 0


def calendar_key(club: Club, user) -> str:
    """The member's secret key to the club's feed, as it stands."""
    value = f"{club.id}.{user.id}.{_generation(club.id, user.id)}"
    return signing.Signer(salt=SALT).sign(value)


def calendar_key_opens(key: str, club: Club) -> bool:
    """Whether ``key`` is a member's current key to ``club``'s feed: genuine, not
    renewed since, and its member still in the club (two queries)."""
    try:
        club_id, user_id, generation = map(int, signing.Signer(salt=SALT).unsign(key).split("."))
    except (signing.BadSignature, ValueError):
        return False
    if club_id != club.id:
        return False
    member = Membership.objects.filter(club_id=club.id, user_id=user_id).exists()
    return member and _generation(club.id, user_id) == generation


@transient_retry(idempotent=True)
def calendar_link_renew(*, club: Club, user) -> int:
    """Make the member's link anew: the links shown before stop working."""
    with transaction.atomic():
        links = CalendarLink.objects.filter(club=club, user=user)
        if not links.update(generation=F("generation") + 1):
            try:
                with transaction.atomic():
                    CalendarLink.objects.create(club=club, user=user, generation=1)
            except IntegrityError:  # renewed at the same moment from another tab
                links.update(generation=F("generation") + 1)
        return links.values_list("generation", flat=True).get()


def _zone(club: Club):
    return zoneinfo.ZoneInfo(club.time_zone) if club.time_zone else timezone.get_current_timezone()


def calendar_of(club: Club, night_url) -> bytes:
    """The club's nights as an iCalendar file; ``night_url(night_id)``: a night's
    page, absolute. One query."""
    calendar = Calendar()
    calendar.add("prodid", PRODID)
    calendar.add("version", "2.0")
    calendar.add("calscale", "GREGORIAN")
    # TEXT, escaped as such: icalendar writes an X- property's str as it is.
    calendar.add("x-wr-calname", vText(gettext("Club nights of %(club)s") % {"club": club.name}))
    zone = _zone(club)
    nights = Night.objects.filter(club=club).order_by("date", "opened_at", "id")
    for night in nights.only(
        "id",
        "date",
        "time",
        "venue",
        "sequence",
        "planned",
        "withdrawn",
        "closed",
        "coming",
        "opened_at",
        "updated_at",
    ):
        calendar.add_component(_event(club, night, zone, night_url(night.id)))
    if club.time_zone:
        calendar.add_missing_timezones()
    return calendar.to_ical()


def _event(club: Club, night: Night, zone, url: str) -> Event:
    event = Event()
    event.add("uid", f"night-{night.id}")
    event.add("dtstamp", night.updated_at)
    event.add("last-modified", night.updated_at)
    event.add("created", night.opened_at)
    # RFC 5546 2.1.4: each move and the change of STATUS a withdrawal makes.
    event.add("sequence", night.sequence + (1 if night.withdrawn else 0))
    event.add("summary", gettext("Club night: %(club)s") % {"club": club.name})
    if night.time is None:
        event.add("dtstart", night.date)
        event.add("dtend", night.date + timedelta(days=1))
    else:
        start = datetime.combine(night.date, night.time, tzinfo=zone)
        event.add(
            "dtstart", start if club.time_zone else start.astimezone(zoneinfo.ZoneInfo("UTC"))
        )
    if night.venue:
        event.add("location", night.venue)
    event.add("status", "CANCELLED" if night.withdrawn else "CONFIRMED")
    event.add("transp", "TRANSPARENT" if night.withdrawn else "OPAQUE")
    if night.planned and not night.withdrawn:
        count = len(night.coming)
        event.add(
            "description",
            ngettext("%(count)s coming", "%(count)s coming", count) % {"count": count},
        )
    event.add("url", url)
    return event
