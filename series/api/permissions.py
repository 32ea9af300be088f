"""Who may do what in a club: the one place that knows the roles (DESIGN "Access").

- Anyone reads a public club; members (any role) read their club.
- Scorers start series and record, correct and void deals.
- Admins manage players and members, and do everything a scorer does.
- Nobody reads a private club or writes to a club they are not in; such a
  club looks as if it did not exist, so its ids leak nothing.

``refusal`` is plain Python, so the HTML pages can ask it too and answer
with their own 404, 403 or login redirect.
"""

from __future__ import annotations

import enum

from django.utils.translation import gettext_lazy as _
from rest_framework.exceptions import NotAuthenticated, NotFound, PermissionDenied

from .. import selectors
from ..models import Club, Membership


class Access(enum.IntEnum):
    """What a request wants to do in a club, from least to most."""

    READ = 1  # the club's players, series and score sheets
    MEMBER = 2  # what only members see (the member list)
    SCORE = 3  # start series; record, correct and void deals; abandon
    ADMINISTER = 4  # players, members and club settings


ROLE_ACCESS = {
    Membership.Role.MEMBER: Access.MEMBER,
    Membership.Role.SCORER: Access.SCORE,
    Membership.Role.ADMIN: Access.ADMINISTER,
}


class Refusal(enum.Enum):
    NOT_FOUND = "not_found"  # the club is private and the user is not in it
    LOG_IN = "log_in"  # an anonymous user asks for more than public reading
    FORBIDDEN = "forbidden"  # the user's role does not allow it


def allows(role: str | None, club: Club, access: Access) -> bool:
    if role is not None and ROLE_ACCESS[role] >= access:
        return True
    return access == Access.READ and club.public


# ``role`` when the caller has not read the user's role in the club yet.
ASK = object()


def refusal(user, club: Club, access: Access, role: str | object | None = ASK) -> Refusal | None:
    """Why ``user`` (whose ``role`` in the club may be known) may not do
    ``access`` in ``club``, or None when they may."""
    if role is ASK:
        role = selectors.club_role(user=user, club=club)
    if allows(role, club, access):
        return None
    if role is None and not club.public:
        return Refusal.NOT_FOUND
    if not user.is_authenticated:
        return Refusal.LOG_IN
    return Refusal.FORBIDDEN


def require(user, club: Club | None, access: Access, role: str | object | None = ASK) -> Club:
    """The club when ``user`` may do ``access`` in it; otherwise the API error to answer."""
    if club is None:
        raise NotFound()
    match refusal(user, club, access, role):
        case None:
            return club
        case Refusal.NOT_FOUND:
            raise NotFound()
        case Refusal.LOG_IN:
            raise NotAuthenticated()
        case Refusal.FORBIDDEN:
            raise PermissionDenied(_("Your role in this club does not allow this."))
