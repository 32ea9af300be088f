"""What a night's close writes for the members' mail, in the close's own
transaction (a follower of the night's stream: ``series.nights.stream.FOLLOWERS``).

The messages come from the log, never from a request's own say: a close that
commits has its rows, one that rolls back has none, and a rebuild, a restore or
a second reading of the log closes nothing again, so writes none (and each row
is unique per night, close and member besides). Who gets one is decided here,
as the close stands: a member whose linked player played the night, who turned
results on and confirmed the address, of a club whose e-mails are on. A night
closed again after a reopening (RULES D-22) writes a short correction only for
the players whose place or points changed.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any
from uuid import UUID

from django.utils import timezone

from series.domain.nights.events import NightClosed, NightPoints
from series.domain.nights.night import NightState
from series.eventstore.writer import Change
from series.models import Club, OutgoingMail, Player, Profile
from series.models.mail import message_id

TOP = 3  # the places every result names


@dataclass(frozen=True, slots=True)
class News:
    """What one player is told of a close: ``facts`` as the message says them."""

    player: int
    kind: str  # OutgoingMail.Kind
    facts: dict[str, Any]


def news_of(before: NightState, closed: NightClosed, date: str) -> list[News]:
    """Who is told what of ``closed``: at a first close, every player who played
    (their place, points and rounds and the top three); at a later one, only a
    player whose place or points changed since the last close, with the old and
    the new. Pure: it reads the two closes only."""
    played = [line for line in closed.points if line.rounds > 0]
    common = {"date": date, "method": closed.method, "of": len(played)}
    if before.closes == 0:
        top = [_line(line) for line in sorted(played, key=lambda x: x.place) if line.place <= TOP]
        return [
            News(line.player, OutgoingMail.Kind.RESULT, {**common, **_line(line), "top": top})
            for line in played
        ]
    old = {line.player: line for line in before.points}
    return [
        News(
            line.player,
            OutgoingMail.Kind.CORRECTION,
            {**common, **_line(line), "old": _line(old.get(line.player))},
        )
        for line in played
        if line.player not in old or _changed(old[line.player], line)
    ]


def _line(line: NightPoints | None) -> dict[str, Any] | None:
    if line is None:
        return None
    return {
        "player": line.player,
        "place": line.place,
        "points": line.points,
        "rounds": line.rounds,
    }


def _changed(old: NightPoints, new: NightPoints) -> bool:
    return (old.place, old.points) != (new.place, new.points)


def night_changed(night_id: UUID, change: Change[NightState]) -> None:
    """Write the mail of a close among ``change``'s events, for the members who
    asked for it (three small reads; none for another command)."""
    closed = next((e for e in change.events if isinstance(e, NightClosed)), None)
    if closed is None:
        return
    club = change.after.club
    if not Club.objects.filter(id=club, results_by_email=True).exists():
        return
    news = news_of(change.before, closed, change.after.date)
    readers = _readers(club, [one.player for one in news])
    now = timezone.now()
    rows, told = [], set()
    for one in news:
        user = readers.get(one.player)
        if user is None or user in told:
            continue
        told.add(user)
        rows.append(
            OutgoingMail(
                kind=one.kind,
                user_id=user,
                club_id=club,
                night_id=night_id,
                close=change.after.closes,
                facts=one.facts,
                message_id=message_id(one.kind),
                due_at=now,
            )
        )
    OutgoingMail.objects.bulk_create(rows, ignore_conflicts=True)


def _readers(club: int, players: list[int]) -> dict[int, int]:
    """The account of each of ``players`` that asked for results and confirmed
    its address (player → user)."""
    if not players:
        return {}
    linked = dict(
        Player.objects.filter(
            club_id=club, id__in=players, user__isnull=False, erased_at__isnull=True
        ).values_list("id", "user_id")
    )
    wanting = {
        user
        for user, confirmed, email in Profile.objects.filter(
            user_id__in=set(linked.values()), results_by_email=True, user__is_active=True
        ).values_list("user_id", "confirmed_email", "user__email")
        if confirmed and confirmed.lower() == email.lower()
    }
    return {player: user for player, user in linked.items() if user in wanting}
