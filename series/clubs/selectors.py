"""Read queries of clubs: a club by its address, its members, players,
invitations and roles, the clubs a user belongs to, and a club's today."""

from __future__ import annotations

import zoneinfo
from datetime import date

from django.contrib.auth import get_user_model
from django.utils import timezone

from series.domain.names import sort_key
from series.models import (
    Club,
    Invitation,
    Membership,
    Player,
)


def club_by_slug(slug: str) -> Club | None:
    return Club.objects.filter(slug=slug).first()


def player_and_club(player_id: int) -> Player | None:
    """The player with their club, in one query; None when there is no such player."""
    return Player.objects.select_related("club").filter(id=player_id).first()


def club_role(*, user, club: Club) -> str | None:
    """The user's role in the club (admin, scorer, member), or None."""
    if not user.is_authenticated:
        return None
    memberships = Membership.objects.filter(club=club, user=user)
    return memberships.values_list("role", flat=True).first()


def club_players(*, club: Club) -> list[Player]:
    """The club's players, in the order a reader scans names (Íñigo before Willem)."""
    return _in_name_order(Player.objects.filter(club=club))


def players_with_roster(club: Club) -> list[Player]:
    """The club's players with their roster rows (guests, merges) and accounts:
    one query; in the order a reader scans names."""
    return _in_name_order(Player.objects.filter(club=club).select_related("roster", "user"))


def _in_name_order(players) -> list[Player]:
    return sorted(players, key=lambda player: (sort_key(player.name), player.id))


def club_members(*, club: Club) -> list[Membership]:
    memberships = Membership.objects.filter(club=club).select_related("user")
    return list(memberships.order_by("user__username"))


def club_member_user(*, club: Club, user_id: int):
    """A member's account, or None when ``user_id`` is not a member of the club."""
    membership = Membership.objects.filter(club=club, user_id=user_id).select_related("user")
    found = membership.first()
    return found.user if found else None


def club_member_by_username(*, club: Club, username: str):
    """A member's account by user name, or None when no member of the club has
    it: an admin learns nothing of accounts outside the club."""
    membership = Membership.objects.filter(club=club, user__username=username)
    found = membership.select_related("user").first()
    return found.user if found else None


def club_invitations(*, club: Club) -> list[Invitation]:
    """The club's invitations, newest first (used, expired and withdrawn ones too)."""
    return list(Invitation.objects.filter(club=club).order_by("-created_at", "-id")[:50])


def user_addable_to(club: Club, *, by, username: str):
    """The user ``username`` if the admin ``by`` may add them to ``club``: an
    active user who already shares a club with that admin. Anyone else, whether
    the name exists or not, is None, so adding a member reveals no user names."""
    shared = Membership.objects.filter(club__memberships__user=by).values("user_id")
    return get_user_model().objects.filter(username=username, is_active=True, id__in=shared).first()


def public_clubs() -> list[Club]:
    """Clubs whose league pages anyone may read, by name."""
    return list(Club.objects.filter(public=True).order_by("name"))


def user_memberships(user) -> list[Membership]:
    """The user's clubs, with their roles, by club name."""
    if not user.is_authenticated:
        return []
    memberships = Membership.objects.filter(user=user).select_related("club")
    return list(memberships.order_by("club__name", "club_id"))


def club_today(club: Club) -> date:
    """Today in the club's time zone (the server's when the club has none)."""
    if club.time_zone:
        return timezone.now().astimezone(zoneinfo.ZoneInfo(club.time_zone)).date()
    return timezone.localdate()
