"""Small helpers the page templates share."""

from __future__ import annotations

import uuid
import zoneinfo

from django import template
from django.utils.formats import date_format
from django.utils.timezone import localtime
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

from series.domain import series
from series.domain.series import confirmation

register = template.Library()

STATUS_LABELS = {
    series.IN_PROGRESS: _("in progress"),
    series.TIEBREAK: _("tiebreak due"),
    series.FINISHED: _("finished"),
    series.ABANDONED: _("abandoned"),
}

EVENT_LABELS = {
    "SeriesStarted": _("Series started"),
    "DealRecorded": _("Deal recorded"),
    "DealCorrected": _("Deal corrected"),
    "DealVoided": _("Deal voided"),
    "SeriesAbandoned": _("Series abandoned"),
    "PlayerSeated": _("Player seated"),
    "DealConfirmed": _("Deal confirmed"),
    "DealDisputed": _("Deal disputed"),
}

CONFIRMATION_LABELS = {
    confirmation.TO_CONFIRM: _("to confirm"),
    confirmation.NOT_ASKED: _("no confirmation asked"),
    confirmation.CONFIRMED: _("confirmed"),
    confirmation.DISPUTED: _("disputed"),
}


@register.filter
def confirmation_label(state: str) -> str:
    return CONFIRMATION_LABELS.get(state, state)


@register.filter
def status_label(status: str) -> str:
    return STATUS_LABELS.get(status, status)


@register.filter
def event_label(type_name: str) -> str:
    return EVENT_LABELS.get(type_name, type_name)


@register.filter
def names_and(names) -> str:
    """ "Anneke and Femke", "Anneke, Femke and Sara": names as a sentence says them."""
    names = [str(name) for name in names]
    if len(names) < 2:
        return "".join(names)
    return gettext("%(names)s and %(last)s") % {"names": ", ".join(names[:-1]), "last": names[-1]}


@register.filter
def lookup(mapping, key):
    """``{{ names|lookup:player_id }}``: a value of a dict by a key held in a variable."""
    try:
        return mapping.get(key, key)
    except AttributeError:
        return key


@register.simple_tag
def new_key() -> str:
    """A fresh idempotency key for a form written in a template."""
    return uuid.uuid4().hex


@register.simple_tag
def series_label(sheet) -> str:
    """What tells one open series from another at a glance: its players in
    seat order and when it started, in the club's time zone."""
    players = ", ".join(seat.player.name for seat in sheet.seats.all())
    zone = sheet.club.time_zone  # the club's time, on the home page too
    started = localtime(sheet.started_at, zoneinfo.ZoneInfo(zone) if zone else None)
    started = date_format(started, "SHORT_DATETIME_FORMAT")
    label = gettext("%(players)s, started %(time)s") % {"players": players, "time": started}
    table = getattr(sheet, "table_number", None)
    if table is None:
        return label
    return gettext("Table %(number)s: %(label)s") % {"number": table, "label": label}
