"""A club's players: add, rename, mark as guests, link to accounts, merge,
retire and erase. Every change but adding and erasing goes through the roster's
stream (``series.clubs.stream``) and the one writer; names follow the domain's
one rule (``series.domain.names``)."""

from __future__ import annotations

from collections.abc import Callable
from typing import TypedDict, Unpack

from django.db import transaction
from django.utils import timezone

from series.clubs.services import clean_name
from series.clubs.stream import Link, NewGuest, Rename, RosterRequest, RosterStream
from series.domain import names
from series.domain import names as domain_names  # players_add takes a list called names
from series.domain.errors import DomainError, _
from series.domain.events import GuestAdded, PlayerRetired, PlayerReturned, PlayersMerged
from series.domain.roster import RosterState, UnmergePlayer, roster_stream
from series.eventstore import store, writer
from series.eventstore.retry import transient_retry
from series.eventstore.writer import Recording, Written
from series.models import Club, Membership, Player

# Not personal data: what an erased player is called from then on.
ERASED_LABEL = "Player {id} (erased)"


PLAYER_NAME_LENGTH = 60


@transient_retry
def player_add(*, club: Club, name: str) -> Player:
    name = clean_name(name, PLAYER_NAME_LENGTH, _("Give the player a name."))
    refuse_taken_name(club, name)
    return Player.objects.create(club=club, name=name)


def refuse_taken_name(club: Club, name: str, *, player_id: int | None = None) -> None:
    """Two players of one club never share a name: equal after normalisation and
    case folding (``domain.names.key``), as stored names are compared too."""
    wanted = names.key(name)
    others = Player.objects.filter(club=club).exclude(id=player_id).values_list("name", flat=True)
    taken = next((other for other in others if names.key(other) == wanted), None)
    if taken is not None:
        raise DomainError(
            _("The club has a player called “{name}” already: add a surname or an initial."),
            code="name_taken",
            field="name",
            name=taken,
        )


@transient_retry(idempotent=True)
def player_erase(*, club: Club, player_id: int) -> Player:
    """Erase a player's personal data: the name becomes a neutral label and the
    account is unlinked. No event changes (they name the id only), so scores
    and standings keep their numbers under the new label."""
    with transaction.atomic():
        player = Player.objects.select_for_update().filter(club=club, id=player_id).first()
        if player is None:
            raise not_a_player_of_club(player_id)
        player.name = ERASED_LABEL.format(id=player.id)
        player.user = None
        player.erased_at = player.erased_at or timezone.now()
        player.save(update_fields=["name", "user", "erased_at"])
    return player


class RosterWrite(TypedDict, total=False):
    """What every roster write takes besides its own fields (the writer's scheme,
    ``series.eventstore.writer``): who asks, their idempotency key, and the
    roster's version they last saw (changed since: 409)."""

    actor_id: int | None
    idempotency_key: str | None
    expected_version: int | None


def _write(
    club: Club,
    request: RosterRequest,
    *,
    actor_id: int | None = None,
    idempotency_key: str | None = None,
    expected_version: int | None = None,
) -> Written[RosterState]:
    recording = Recording(actor_id, idempotency_key)
    kind = RosterStream(club.id)
    return writer.write(
        kind, kind.stream, request, expected_version=expected_version, recording=recording
    )


def _player_write(
    club: Club, player_id: int, request: Callable[[int], RosterRequest], write: RosterWrite
) -> RosterState:
    """A roster write about one player of the club, named by id: its state after."""
    player = _player_of_club(club, player_id)
    return _write(club, request(player.id), **write).state


@transient_retry
def player_rename(
    *,
    club: Club,
    player_id: int,
    name: str,
    **write: Unpack[RosterWrite],
) -> Player:
    """Give a player a new name; the roster records that they were renamed, not the name."""
    player = _player_of_club(club, player_id)
    name = _clean_name(name)
    refuse_taken_name(club, name, player_id=player.id)
    _write(club, Rename(player.id, name), **write)
    player.refresh_from_db(fields=["name"])
    return player


@transient_retry
def guest_add(
    *,
    club: Club,
    name: str,
    actor_id: int | None = None,
    idempotency_key: str | None = None,
    expected_version: int | None = None,
) -> Player:
    """Add a player who is a guest of the club: their row and the roster's event,
    both or neither. A retry of a recorded request answers with its guest
    before the name, taken by then, is checked again."""
    name = _clean_name(name)
    kind = RosterStream(club.id)
    recording = Recording(actor_id, idempotency_key)
    with transaction.atomic():
        first = writer.replayed(kind, kind.stream, NewGuest(name, player=0), recording)
        if first is None:
            player = player_add(club=club, name=name)
            first = _write(
                club,
                NewGuest(name, player.id),
                actor_id=actor_id,
                idempotency_key=idempotency_key,
                expected_version=expected_version,
            )
    return Player.objects.get(id=first.events[0].player)


@transient_retry
def players_add(*, club: Club, names: list[str]) -> list[Player]:
    """Add several ranked players at once: all of them, or none when one is refused."""
    cleaned = [_clean_name(name) for name in names if name.strip()]
    if not cleaned:
        raise DomainError(_("Give the player a name."), code="name_required", field="name")
    seen: set[str] = set()
    for name in cleaned:
        if domain_names.key(name) in seen:
            raise DomainError(
                _("“{name}” is in the list twice."), code="name_twice", field="name", name=name
            )
        seen.add(domain_names.key(name))
    with transaction.atomic():
        return [player_add(club=club, name=name) for name in cleaned]


@transient_retry
def guest_mark(*, club: Club, player_id: int, **write: Unpack[RosterWrite]) -> RosterState:
    """Count a player already in the club as a guest."""
    return _player_write(club, player_id, GuestAdded, write)


@transient_retry
def player_retire(*, club: Club, player_id: int, **write: Unpack[RosterWrite]) -> RosterState:
    """A player who left: kept in every series and standing, not offered for new series."""
    return _player_write(club, player_id, PlayerRetired, write)


@transient_retry
def player_return(*, club: Club, player_id: int, **write: Unpack[RosterWrite]) -> RosterState:
    """A retired player plays again."""
    return _player_write(club, player_id, PlayerReturned, write)


@transient_retry
def player_link(
    *,
    club: Club,
    player_id: int,
    user_id: int | None,
    **write: Unpack[RosterWrite],
) -> Player:
    """Link a player to a member's account (None: unlink). One player per account
    in a club; the roster records that the link changed, the Player table holds it."""
    player = _player_of_club(club, player_id)
    if user_id is not None:
        if not Membership.objects.filter(club=club, user_id=user_id).exists():
            raise DomainError(
                _("Only a member of the club can be linked to a player."),
                code="not_a_member",
                field="user",
            )
        taken = Player.objects.filter(club=club, user_id=user_id).exclude(id=player.id).first()
        if taken is not None:
            raise DomainError(
                _("That account is linked to {name} already."),
                code="account_linked",
                field="user",
                name=taken.name,
            )
    _write(club, Link(player.id, user_id), **write)
    player.refresh_from_db(fields=["user"])
    return player


@transient_retry
def players_merge(
    *,
    club: Club,
    source_id: int,
    target_id: int,
    **write: Unpack[RosterWrite],
) -> RosterState:
    """Count ``source`` as the same person as ``target`` from now on, in every
    series; refused when they ever sat at one table (``domain.roster``)."""
    source = _player_of_club(club, source_id, field="player")
    target = _player_of_club(club, target_id, field="target")
    merge = PlayersMerged(source.id, target.id)
    return _write(club, merge, **write).state


@transient_retry
def players_unmerge(*, club: Club, source_id: int, **write: Unpack[RosterWrite]) -> RosterState:
    """Undo a merge: ``source`` counts as themselves again."""
    return _player_write(club, source_id, UnmergePlayer, write)


def roster_version(club: Club) -> int:
    """The version of the club's roster, for a client to send back as expected."""
    return store.current_version(roster_stream(club.id))


def not_a_player_of_club(player_id: int, field: str = "player") -> DomainError:
    """The one refusal of a player id that names no player of the club (422
    ``player_not_in_club``), whether the id comes in a path or a form."""
    return DomainError(
        _("Player {player} is not a player of this club."),
        code="player_not_in_club",
        field=field,
        player=player_id,
    )


def _player_of_club(club: Club, player_id: int, field: str = "player") -> Player:
    player = Player.objects.filter(club=club, id=player_id).first()
    if player is None:
        raise not_a_player_of_club(player_id, field)
    return player


def _clean_name(name: str) -> str:
    return clean_name(name, PLAYER_NAME_LENGTH, _("Give the player a name."))
