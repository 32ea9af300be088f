"""The league's writers: the roster (through the one writer of every stream,
``series.eventstore.writer``) and the club's league settings.

Every function takes keyword arguments and raises a DomainError, without
changing anything, when the rules refuse the request.
"""

from __future__ import annotations

from datetime import date

from django.db import transaction

from series.clubs.roster import Link, NewGuest, Rename, RosterRequest, RosterStream
from series.domain import names as domain_names
from series.domain.errors import DomainError, _
from series.domain.league.night_standings import check_night_count
from series.domain.league.seasons import check_ladder, check_new_season
from series.domain.roster import (
    AddGuest,
    MergePlayers,
    RetirePlayer,
    ReturnPlayer,
    RosterState,
    UnmergePlayer,
    roster_stream,
)
from series.domain.text import plain
from series.eventstore import store, writer
from series.eventstore.retry import transient_retry
from series.eventstore.writer import Recording, Written
from series.league import projection, standings, summaries
from series.league.aggregates import named_seasons
from series.models import Club, LadderRules, Membership, Player, Season
from series.sheets import services

NAME_LENGTH = services.PLAYER_NAME_LENGTH


# -- the roster -----------------------------------------------------------------
#
# Each roster writer goes through the one writer (``series.eventstore.writer``) with the
# club's roster stream; ``idempotency_key`` and ``expected_version`` (the
# roster's version the client saw) work as for a deal.


def _write(club: Club, request: RosterRequest, actor_id: int | None, idempotency_key: str | None,
           expected_version: int | None) -> Written[RosterState]:  # fmt: skip
    recording = Recording(actor_id, idempotency_key)
    kind = RosterStream(club.id)
    return writer.write(kind, kind.stream, request, expected_version=expected_version,
                        recording=recording)  # fmt: skip


@transient_retry
def player_rename(*, club: Club, player_id: int, name: str, actor_id: int | None = None,
                  idempotency_key: str | None = None,
                  expected_version: int | None = None) -> Player:  # fmt: skip
    """Give a player a new name; the roster records that they were renamed, not the name."""
    player = _player_of_club(club, player_id)
    name = _clean_name(name)
    services.refuse_taken_name(club, name, player_id=player.id)
    _write(club, Rename(player.id, name), actor_id, idempotency_key, expected_version)
    player.refresh_from_db(fields=["name"])
    return player


@transient_retry
def guest_add(*, club: Club, name: str, actor_id: int | None = None,
              idempotency_key: str | None = None,
              expected_version: int | None = None) -> Player:  # fmt: skip
    """Add a player who is a guest of the club."""
    written = _write(club, NewGuest(club, _clean_name(name)), actor_id, idempotency_key,
                     expected_version)  # fmt: skip
    return Player.objects.get(id=written.events[0].player)


@transient_retry
def players_add(*, club: Club, names: list[str]) -> list[Player]:
    """Add several ranked players at once: all of them, or none when one is refused."""
    cleaned = [_clean_name(name) for name in names if name.strip()]
    if not cleaned:
        raise DomainError(_("Give the player a name."), code="name_required", field="name")
    seen: set[str] = set()
    for name in cleaned:
        if domain_names.key(name) in seen:
            raise DomainError(_("“{name}” is in the list twice."), code="name_twice",
                              field="name", name=name)  # fmt: skip
        seen.add(domain_names.key(name))
    with transaction.atomic():
        return [services.player_add(club=club, name=name) for name in cleaned]


@transient_retry
def guest_mark(*, club: Club, player_id: int, actor_id: int | None = None,
               idempotency_key: str | None = None,
               expected_version: int | None = None) -> RosterState:  # fmt: skip
    """Count a player already in the club as a guest."""
    player = _player_of_club(club, player_id)
    return _write(club, AddGuest(player.id), actor_id, idempotency_key, expected_version).state


@transient_retry
def player_retire(*, club: Club, player_id: int, actor_id: int | None = None,
                  idempotency_key: str | None = None,
                  expected_version: int | None = None) -> RosterState:  # fmt: skip
    """A player who left: kept in every series and standing, not offered for new series."""
    player = _player_of_club(club, player_id)
    return _write(club, RetirePlayer(player.id), actor_id, idempotency_key, expected_version).state


@transient_retry
def player_return(*, club: Club, player_id: int, actor_id: int | None = None,
                  idempotency_key: str | None = None,
                  expected_version: int | None = None) -> RosterState:  # fmt: skip
    """A retired player plays again."""
    player = _player_of_club(club, player_id)
    return _write(club, ReturnPlayer(player.id), actor_id, idempotency_key, expected_version).state


@transient_retry
def player_link(*, club: Club, player_id: int, user_id: int | None, actor_id: int | None = None,
                idempotency_key: str | None = None,
                expected_version: int | None = None) -> Player:  # fmt: skip
    """Link a player to a member's account (None: unlink). One player per account
    in a club; the roster records that the link changed, the Player table holds it."""
    player = _player_of_club(club, player_id)
    if user_id is not None:
        if not Membership.objects.filter(club=club, user_id=user_id).exists():
            raise DomainError(_("Only a member of the club can be linked to a player."),
                              code="not_a_member", field="user")  # fmt: skip
        taken = Player.objects.filter(club=club, user_id=user_id).exclude(id=player.id).first()
        if taken is not None:
            raise DomainError(_("That account is linked to {name} already."),
                              code="account_linked", field="user", name=taken.name)  # fmt: skip
    _write(club, Link(player.id, user_id), actor_id, idempotency_key, expected_version)
    player.refresh_from_db(fields=["user"])
    return player


@transient_retry
def players_merge(*, club: Club, source_id: int, target_id: int, actor_id: int | None = None,
                  idempotency_key: str | None = None,
                  expected_version: int | None = None) -> RosterState:  # fmt: skip
    """Count ``source`` as the same person as ``target`` from now on, in every
    series; refused when they ever sat at one table (``domain.roster``)."""
    source = _player_of_club(club, source_id, field="player")
    target = _player_of_club(club, target_id, field="target")
    merge = MergePlayers(source.id, target.id)
    return _write(club, merge, actor_id, idempotency_key, expected_version).state


@transient_retry
def players_unmerge(*, club: Club, source_id: int, actor_id: int | None = None,
                    idempotency_key: str | None = None,
                    expected_version: int | None = None) -> RosterState:  # fmt: skip
    """Undo a merge: ``source`` counts as themselves again."""
    source = _player_of_club(club, source_id, field="player")
    return _write(club, UnmergePlayer(source.id), actor_id, idempotency_key,
                  expected_version).state  # fmt: skip


def roster_version(club: Club) -> int:
    """The version of the club's roster, for a client to send back as expected."""
    return store.current_version(roster_stream(club.id))


def _player_of_club(club: Club, player_id: int, field: str = "player") -> Player:
    player = Player.objects.filter(club=club, id=player_id).first()
    if player is None:
        raise DomainError(
            _("Player {player} is not a player of this club."),
            code="player_not_in_club",
            field=field,
            player=player_id,
        )
    return player


def _clean_name(name: str) -> str:
    return services.clean_name(name, NAME_LENGTH, _("Give the player a name."))


# -- league settings --------------------------------------------------------------


@transient_retry(idempotent=True)
def ladder_set(
    *,
    club: Club,
    min_series: int,
    best_n: int | None = None,
    night_count: str | None = None,
    night_min: int | None = None,
    night_best: int | None = None,
) -> LadderRules:
    """Set how the club ranks its players (admins); the standings follow. The
    night standings' count is kept unless given."""
    check_ladder(min_series, best_n)
    nights = {"night_count": night_count, "night_min": night_min, "night_best": night_best}
    nights = {name: value for name, value in nights.items() if value is not None}
    check_night_count(**nights)
    with transaction.atomic(), projection.club_time(club.time_zone):
        projection.lock_league(club.id)
        rules, _created = LadderRules.objects.update_or_create(
            club=club, defaults={"min_series": min_series, "best_n": best_n, **nights}
        )
        standings.refresh_club(club.id)
    return rules


@transient_retry
def season_add(*, club: Club, name: str, first_day: date, last_day: date) -> Season:
    """Name a range of days as a season; its series leave their calendar year."""
    with transaction.atomic(), projection.club_time(club.time_zone):
        projection.lock_league(club.id)
        existing = named_seasons(club.id)
        # Typed now: nothing reordered or drawn as nothing (a restore keeps earlier names).
        span = check_new_season(plain(name, field="name"), first_day, last_day, existing)
        season = Season.objects.create(
            club=club, key=span.key, name=span.name, starts_on=first_day, ends_on=last_day
        )
        standings.refresh_club(club.id)
        summaries.refresh_club(club.id)  # the summaries by season
    return season


@transient_retry(idempotent=True)
def season_remove(*, club: Club, key: str) -> bool:
    """Remove a named season; its series return to their calendar years. False
    when the club has no such season."""
    with transaction.atomic(), projection.club_time(club.time_zone):
        projection.lock_league(club.id)
        deleted, _rows = Season.objects.filter(club=club, key=key).delete()
        if deleted:
            standings.refresh_club(club.id)
            summaries.refresh_club(club.id)  # the summaries by season
    return bool(deleted)
