"""A person across clubs: one entry however many clubs they play for (RULES D-25).

A club's admin links a player of their club to a member's account (as ever,
``series.clubs.players.player_link``); the person confirms each such link from
their account page (a fact of the club's log: ``stream.PersonLinkStream``),
and only a confirmed link that still holds (the player is still linked to that
account) joins the player to the person in lists across clubs. An unconfirmed
player, or one with no account, is a person of one club. When the club's admin
links the player to another account, or to none, the confirmation of the
account it left ends (``relinked``). A person may choose to be listed under
initials only.

A person's key: ``"u<account id>"`` for an account's confirmed players,
``"p<player id>"`` for any other player.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass

from django.db import transaction
from django.db.models import F

from series.domain.errors import DomainError, _
from series.domain.events import PlayerLinked
from series.domain.federations.person_links import PersonLinkConfirmed, PersonLinkWithdrawn
from series.eventstore import writer
from series.eventstore.retry import transient_retry
from series.eventstore.writer import Recording
from series.federations.stream import PersonLinkStream
from series.models import PersonBehind, PersonChoice, PersonLink, Player


def user_key(user_id: int) -> str:
    return f"u{user_id}"


def player_key(player_id: int) -> str:
    return f"p{player_id}"


def confirmed_links():
    """The confirmations that still hold: the player is still linked to that account."""
    return PersonLink.objects.filter(player__user_id=F("user_id"), player__erased_at__isnull=True)


def keys_of(players: Iterable[int]) -> dict[int, str]:
    """Each player's person key: one query."""
    players = set(players)
    confirmed = dict(
        confirmed_links().filter(player_id__in=players).values_list("player_id", "user_id")
    )
    return {
        player: user_key(confirmed[player]) if player in confirmed else player_key(player)
        for player in players
    }


def is_key(key: str) -> bool:
    """A person key as the lists write it: ``u`` or ``p`` and a plain number."""
    return re.fullmatch(r"[up][1-9][0-9]{0,17}", key) is not None


def players_of(keys: Iterable[str]) -> dict[str, list[int]]:
    """The players each person key stands for (none for a malformed key): one query at most."""
    keys = set(keys)
    found: dict[str, list[int]] = {key: [] for key in keys}
    keys = {key for key in keys if is_key(key)}
    users = {int(key[1:]) for key in keys if key.startswith("u")}
    singles = {int(key[1:]) for key in keys if key.startswith("p")}
    if users:
        confirmed = confirmed_links().filter(user_id__in=users)
        for player, user in confirmed.values_list("player_id", "user_id"):
            found[user_key(user)].append(player)
    if singles:
        joined = confirmed_links().filter(player_id__in=singles)
        for player in singles - set(joined.values_list("player_id", flat=True)):
            found[player_key(player)].append(player)
    for players in found.values():
        players.sort()
    return found


@dataclass(frozen=True, slots=True)
class LinkedPlayer:
    player: Player
    confirmed: bool


def linked_players(user) -> list[LinkedPlayer]:
    """The players linked to ``user``'s account in every club, confirmed or not: one query."""
    players = (
        Player.objects.filter(user=user, erased_at__isnull=True)
        .select_related("club", "person_link")
        .order_by("club__name", "name", "id")
    )
    return [LinkedPlayer(player, _holds(player, user.id)) for player in players]


def _holds(player: Player, user_id: int) -> bool:
    try:
        return player.person_link.user_id == user_id
    except PersonLink.DoesNotExist:
        return False


def mark_behind(user_id: int) -> None:
    """The follower counts this person (and their players alone) again."""
    PersonBehind.objects.get_or_create(person=user_key(user_id))


def _write_link(user_id: int, club_id: int, command, actor_id: int | None) -> None:
    kind = PersonLinkStream(user_id, club_id)
    writer.write(kind, kind.stream, command, recording=Recording(actor_id))


def _confirmed(user_id: int, club_id: int) -> int | None:
    """The player account ``user_id`` confirmed in club ``club_id``, as its stream says."""
    kind = PersonLinkStream(user_id, club_id)
    return kind.load(kind.stream).state.player


def _still_linked(player_id: int, user_id: int) -> bool:
    return Player.objects.filter(id=player_id, user_id=user_id, erased_at__isnull=True).exists()


def relinked(players: Iterable[int]) -> None:
    """Players a club's admin linked to another account, or to none: the account
    each one left no longer confirms it (``PersonLinkWithdrawn``, recorded in the
    relink's transaction), so that person may confirm their new player of the
    club at once, and a player linked back later counts only once confirmed again."""
    left = PersonLink.objects.filter(player_id__in=set(players)).values_list(
        "player_id", "user_id", "club_id", "player__user_id"
    )
    for player, user_id, club_id, linked_to in left:
        if linked_to != user_id and _confirmed(user_id, club_id) == player:
            _write_link(user_id, club_id, PersonLinkWithdrawn(user_id, club_id, player), None)
            mark_behind(user_id)


class RelinksEndConfirmations:
    """The inline projector (``series.eventstore.projectors``) that hands a roster's
    relinks to ``relinked``, inside the roster's write; it keeps no table."""

    def concerns(self, change) -> bool:
        return False

    def series_changed(self, change) -> list:
        return []

    def roster_changed(self, change) -> None:
        linked = [event.player for event in change.events if isinstance(event, PlayerLinked)]
        if linked:
            relinked(linked)

    def club_changed(self, club_id: int) -> None:
        return None

    def rebuild(self) -> None:
        return None


RELINKS = RelinksEndConfirmations()


@transient_retry
@transaction.atomic
def link_confirm(*, user, club_slug: str, player_id: int) -> Player:
    """``user`` confirms that player ``player_id`` of club ``club_slug`` is them: a
    fact of their stream in the club (``PersonLinkStream``)."""
    player = Player.objects.select_related("club").filter(id=player_id).first()
    if player is None or player.user_id != user.id or player.erased_at is not None:
        raise DomainError(
            _("Player {player} is not linked to your account: a club admin links it first."),
            code="not_your_player",
            field="player",
            player=player_id,
        )
    if player.club.slug != club_slug:
        raise DomainError(
            _("Player {player} plays for another club, not for {club}."),
            code="player_of_another_club",
            field="player",
            player=player_id,
            club=club_slug,
        )
    confirmed = _confirmed(user.id, player.club_id)
    if confirmed == player.id:
        return player  # confirmed already: nothing changes
    if confirmed is not None and not _still_linked(confirmed, user.id):
        # Its player left the account (erased, or relinked before relinks ended
        # confirmations): it counts nowhere, and the page no longer shows it.
        withdrawn = PersonLinkWithdrawn(user.id, player.club_id, confirmed)
        _write_link(user.id, player.club_id, withdrawn, user.id)
    elif confirmed is not None:
        raise DomainError(
            _(
                "You confirmed {other} of {club} already: a person is one player of a "
                "club. Withdraw that confirmation first."
            ),
            code="club_confirmed_already",
            field="player",
            other=Player.objects.get(id=confirmed).name,
            club=player.club.name,
        )
    confirmation = PersonLinkConfirmed(user.id, player.club_id, player.id)
    _write_link(user.id, player.club_id, confirmation, user.id)
    mark_behind(user.id)
    return player


@transient_retry
@transaction.atomic
def link_withdraw(*, user, player_id: int) -> None:
    """``user`` takes back their confirmation of player ``player_id``."""
    club_id = Player.objects.filter(id=player_id).values_list("club_id", flat=True).first()
    if club_id is None:
        raise DomainError(
            _("You have not confirmed player {player}."),
            code="not_confirmed",
            field="player",
            player=player_id,
        )
    _write_link(user.id, club_id, PersonLinkWithdrawn(user.id, club_id, player_id), user.id)
    mark_behind(user.id)


def initials_choose(*, user, initials_only: bool) -> None:
    PersonChoice.objects.update_or_create(user=user, defaults={"initials_only": initials_only})


def initials_only(user) -> bool:
    return PersonChoice.objects.filter(user=user, initials_only=True).exists()
