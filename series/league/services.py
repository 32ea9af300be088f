"""The league's writers: the roster (load → decide → project → append, in one
transaction, like ``series.services``) and the club's league settings.

Every function takes keyword arguments and raises a DomainError, without
changing anything, when the rules refuse the request.
"""

from __future__ import annotations

from datetime import date

from django.db import transaction

from .. import services, store
from ..domain.errors import DomainError, _
from ..domain.roster import (
    AddGuest,
    LinkPlayer,
    MergePlayers,
    RenamePlayer,
    RetirePlayer,
    ReturnPlayer,
    RosterCommand,
    RosterState,
    UnmergePlayer,
    decide,
    fold,
    roster_stream,
)
from ..models import Club, LadderRules, Membership, Player, Season, SeriesSeat
from ..retry import transient_retry
from . import projection, standings, summaries
from .seasons import SeasonSpan, check_ladder, check_new_season

NAME_LENGTH = services.PLAYER_NAME_LENGTH


# -- the roster -----------------------------------------------------------------


@transient_retry
def player_rename(*, club: Club, player_id: int, name: str, actor_id: int | None = None) -> Player:
    """Give a player a new name; the roster records that they were renamed, not the name."""
    player = _player_of_club(club, player_id)
    name = _clean_name(name)
    services.refuse_taken_name(club, name, player_id=player.id)
    with transaction.atomic():
        _execute(club, RenamePlayer(player.id), actor_id)
        Player.objects.filter(id=player.id).update(name=name)
    player.name = name
    return player


@transient_retry
def guest_add(*, club: Club, name: str, actor_id: int | None = None) -> Player:
    """Add a player who is a guest of the club."""
    with transaction.atomic():
        player = services.player_add(club=club, name=name)
        _execute(club, AddGuest(player.id), actor_id)
    return player


@transient_retry
def players_add(*, club: Club, names: list[str]) -> list[Player]:
    """Add several ranked players at once: all of them, or none when one is refused."""
    cleaned = [name.strip() for name in names if name.strip()]
    if not cleaned:
        raise DomainError(_("Give the player a name."), code="name_required", field="name")
    seen: set[str] = set()
    for name in cleaned:
        if name.casefold() in seen:
            raise DomainError(_("“{name}” is in the list twice."), code="name_twice",
                              field="name", name=name)  # fmt: skip
        seen.add(name.casefold())
    with transaction.atomic():
        return [services.player_add(club=club, name=name) for name in cleaned]


@transient_retry
def guest_mark(*, club: Club, player_id: int, actor_id: int | None = None) -> RosterState:
    """Count a player already in the club as a guest."""
    player = _player_of_club(club, player_id)
    with transaction.atomic():
        return _execute(club, AddGuest(player.id), actor_id)


@transient_retry
def player_retire(*, club: Club, player_id: int, actor_id: int | None = None) -> RosterState:
    """A player who left: kept in every series and standing, not offered for new series."""
    player = _player_of_club(club, player_id)
    with transaction.atomic():
        return _execute(club, RetirePlayer(player.id), actor_id)


@transient_retry
def player_return(*, club: Club, player_id: int, actor_id: int | None = None) -> RosterState:
    """A retired player plays again."""
    player = _player_of_club(club, player_id)
    with transaction.atomic():
        return _execute(club, ReturnPlayer(player.id), actor_id)


@transient_retry
def player_link(
    *, club: Club, player_id: int, user_id: int | None, actor_id: int | None = None
) -> Player:
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
    with transaction.atomic():
        _execute(club, LinkPlayer(player.id), actor_id)
        Player.objects.filter(id=player.id).update(user_id=user_id)
    player.user_id = user_id
    return player


@transient_retry
def players_merge(
    *, club: Club, source_id: int, target_id: int, actor_id: int | None = None
) -> RosterState:
    """Count ``source`` as the same person as ``target`` from now on, in every series."""
    source = _player_of_club(club, source_id, field="player")
    target = _player_of_club(club, target_id, field="target")
    with transaction.atomic():
        state = _load(club)
        _refuse_if_sat_together(state, source, target)
        return _execute(club, MergePlayers(source.id, target.id), actor_id, state)


@transient_retry
def players_unmerge(*, club: Club, source_id: int, actor_id: int | None = None) -> RosterState:
    """Undo a merge: ``source`` counts as themselves again."""
    source = _player_of_club(club, source_id, field="player")
    with transaction.atomic():
        return _execute(club, UnmergePlayer(source.id), actor_id)


def _load(club: Club) -> RosterState:
    return fold(stored.event for stored in store.load_stream(roster_stream(club.id)))


def _execute(
    club: Club, command: RosterCommand, actor_id: int | None, state: RosterState | None = None
) -> RosterState:
    """Decide, project and append one roster command; call inside a transaction."""
    state = _load(club) if state is None else state
    events = decide(state, command)
    after = fold(events, state)
    projection.follow_roster(club.id, before=state, after=after)
    store.append(
        roster_stream(club.id),
        club_id=club.id,
        expected_version=state.version,
        events=events,
        recorded_by_id=actor_id,
    )
    return after


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


def _refuse_if_sat_together(state: RosterState, source: Player, target: Player) -> None:
    """Two people at one table are not one person."""
    sources = state.merged_into(state.person(source.id))
    targets = state.merged_into(state.person(target.id))
    together = SeriesSeat.objects.filter(
        player__in=targets,
        series__in=SeriesSeat.objects.filter(player__in=sources).values("series"),
    )
    if together.exists():
        raise DomainError(
            _("{source} and {target} sat at the same table, so they are not one person."),
            code="players_sat_together",
            field="target",
            source=source.name,
            target=target.name,
        )


# -- league settings --------------------------------------------------------------


@transient_retry(idempotent=True)
def ladder_set(*, club: Club, min_series: int, best_n: int | None = None) -> LadderRules:
    """Set how the club ranks its players (admins); the standings follow."""
    check_ladder(min_series, best_n)
    with transaction.atomic():
        projection.lock_league(club.id)
        rules, _created = LadderRules.objects.update_or_create(
            club=club, defaults={"min_series": min_series, "best_n": best_n}
        )
        standings.refresh_club(club.id)
    return rules


@transient_retry
def season_add(*, club: Club, name: str, first_day: date, last_day: date) -> Season:
    """Name a range of days as a season; its series leave their calendar year."""
    with transaction.atomic():
        projection.lock_league(club.id)
        existing = [_span(season) for season in Season.objects.filter(club=club)]
        span = check_new_season(name, first_day, last_day, existing)
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
    with transaction.atomic():
        projection.lock_league(club.id)
        deleted, _rows = Season.objects.filter(club=club, key=key).delete()
        if deleted:
            standings.refresh_club(club.id)
            summaries.refresh_club(club.id)  # the summaries by season
    return bool(deleted)


def _span(season: Season) -> SeasonSpan:
    return SeasonSpan(season.key, season.name, season.starts_on, season.ends_on)
