"""A waiting row made into the message it stands for, in the member's language.

Read when it is sent, not when it was written: the member's address, whether
they still want it (results on, the address confirmed, the club's e-mails on),
the names of the players it mentions and the language they chose. A row no
longer wanted is made into nothing (the sender marks it skipped).

Every message names itself by the row's ``Message-ID`` and carries a one-click
unsubscribe (RFC 8058): ``List-Unsubscribe`` with the HTTPS link of its signed
token and ``List-Unsubscribe-Post: List-Unsubscribe=One-Click``.
"""

from __future__ import annotations

import logging
from dataclasses import dataclass
from datetime import date as Date
from decimal import Decimal
from fractions import Fraction
from typing import Any

from django.conf import settings
from django.contrib.auth import get_user_model
from django.core.mail import EmailMessage
from django.template.loader import render_to_string
from django.urls import reverse
from django.utils import formats, translation

from series.accounts.subscriptions import is_confirmed
from series.domain.nights import scoring as scorings
from series.mail import tokens
from series.models import Club, OutgoingMail, Player, Profile
from series.nights.selectors import ordinal

Kind = OutgoingMail.Kind
logger = logging.getLogger(__name__)


def site_url(path: str) -> str:
    return f"{settings.SITE_URL}{path}"


@dataclass(frozen=True, slots=True)
class Reader:
    user_id: int
    name: str
    email: str
    language: str
    wants_results: bool
    confirmed: bool


def messages_for(rows: list[OutgoingMail]) -> dict[int, EmailMessage | Exception | None]:
    """Each row's message (None: no longer wanted; the error, when one could not be
    made: the sender counts it as refused), in three queries for any rows."""
    readers = _readers({row.user_id for row in rows})
    clubs = Club.objects.in_bulk({row.club_id for row in rows if row.club_id})
    players = {
        player
        for row in rows
        for player in [row.facts.get("player"), *(t["player"] for t in row.facts.get("top", ()))]
        if player is not None
    }
    names = dict(Player.objects.filter(id__in=players).values_list("id", "name"))
    return {row.id: _made(row, readers.get(row.user_id), clubs, names) for row in rows}


def _made(row, reader, clubs, names) -> EmailMessage | Exception | None:
    try:
        return _message(row, reader, clubs, names)
    except Exception as error:  # a row no message can be made of: tried, then given up
        logger.exception("send_mail: no message made of %s", row.message_id)
        return error


def _readers(user_ids: set[int]) -> dict[int, Reader]:
    users = get_user_model().objects.filter(id__in=user_ids, is_active=True)
    profiles = Profile.objects.in_bulk(user_ids, field_name="user_id") if user_ids else {}
    readers = {}
    for user in users:
        profile = profiles.get(user.id) or Profile(user=user)
        readers[user.id] = Reader(
            user.id,
            f"{user.first_name} {user.last_name}".strip() or user.get_username(),
            user.email,
            profile.language or settings.LANGUAGE_CODE,
            profile.results_by_email,
            is_confirmed(profile, user.email),
        )
    return readers


def _message(
    row: OutgoingMail, reader: Reader | None, clubs: dict[int, Club], names: dict[int, str]
) -> EmailMessage | None:
    if reader is None or not reader.email:
        return None
    if row.kind == Kind.CONFIRM:
        if reader.confirmed or reader.email.lower() != row.facts.get("email", "").lower():
            return None
        context = {"reader": reader, "link": site_url(_confirm_path(reader))}
        template = "mail/confirm_address"
    else:
        club = clubs.get(row.club_id)
        if club is None or not club.results_by_email:
            return None
        if not (reader.wants_results and reader.confirmed):
            return None
        template = "mail/night_result" if row.kind == Kind.RESULT else "mail/night_correction"
        context = {"reader": reader, "club": club}
    unsubscribe = site_url(reverse("unsubscribe", args=[tokens.unsubscribe_token(reader.user_id)]))
    with translation.override(reader.language):
        if row.kind != Kind.CONFIRM:
            context.update(_night(row, context["club"], names))
        context["unsubscribe"] = unsubscribe
        subject = " ".join(render_to_string(f"{template}_subject.txt", context).split())
        body = render_to_string(f"{template}.txt", context)
    return EmailMessage(
        subject,
        body,
        settings.DEFAULT_FROM_EMAIL,
        [reader.email],
        headers={
            "Message-ID": row.message_id,
            "List-Unsubscribe": f"<{unsubscribe}>",
            "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
            "Auto-Submitted": "auto-generated",
            "Content-Language": reader.language,
        },
    )


def _confirm_path(reader: Reader) -> str:
    return reverse("email_confirm", args=[tokens.confirm_token(reader.user_id, reader.email)])


@dataclass(frozen=True, slots=True)
class Placed:
    """A player's result as a message says it, in the reader's language."""

    name: str
    place: str
    points: str


def _night(row: OutgoingMail, club: Club, names: dict[int, str]) -> dict[str, Any]:
    """What a night's message says, in the active language."""
    facts = row.facts
    report = reverse("nights:report", kwargs={"slug": club.slug, "night_id": row.night_id})

    def placed(line: dict[str, Any]) -> Placed:
        return Placed(
            names.get(line["player"], "?"), ordinal(line["place"]), _points(line["points"])
        )

    old = facts.get("old")
    return {
        "date": formats.date_format(Date.fromisoformat(facts["date"]), "DATE_FORMAT"),
        "per_deal": scorings.named(facts.get("method")).averages,
        "mine": placed(facts),
        "rounds": facts["rounds"],
        "of": facts["of"],
        "top": [placed(line) for line in facts.get("top", ())],
        "old": placed(old) if old else None,
        "report": site_url(report),
    }


def _points(text: str | None) -> str:
    """Points as the pages show them: up to two decimals, in the active language."""
    if text is None:
        return "–"
    value = f"{float(Fraction(text)):.2f}".rstrip("0").rstrip(".")
    return formats.number_format(Decimal(value))
