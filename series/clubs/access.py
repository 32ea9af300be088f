"""Who may do what in a club: the one access policy of the pages and the API
(DESIGN "Access"). It decides; the pages (``page_access``) and the API
(``api/permissions``) only turn its decision into their own answer.

- Anyone reads a public club; members (any role) read their club.
- Scorers start series and record, correct and void deals, and direct club nights.
- Admins manage players and members, and do everything a scorer does.
- Nobody reads a private club or writes to a club they are not in; such a
  club looks as if it did not exist (not found, like a missing one), so its
  ids leak nothing.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass

from series.models import Club, Membership
from series.sheets import selectors


class Access(enum.IntEnum):
    """What a request wants to do in a club, from least to most."""

    READ = 1  # the club's players, series and score sheets
    MEMBER = 2  # what only members see (the member list)
    SCORE = 3  # start series; record, correct and void deals; abandon
    DIRECT = 3  # direct a club night: check-in, draws, moves, its tables, its close
    ADMINISTER = 4  # players, members and club settings


ROLE_ACCESS = {
    Membership.Role.MEMBER: Access.MEMBER,
    Membership.Role.SCORER: Access.SCORE,
    Membership.Role.ADMIN: Access.ADMINISTER,
}


class Decision(enum.Enum):
    ALLOWED = "allowed"
    NOT_FOUND = "not_found"  # no such club, or a private club the user is not in
    SIGN_IN = "sign_in"  # an anonymous user asks a public club for more than reading
    FORBIDDEN = "forbidden"  # the user's role does not allow it


@dataclass(frozen=True, slots=True)
class Verdict:
    """The policy's decision, with the user's role in the club (None: not in it)."""

    decision: Decision
    role: str | None = None


def allows(role: str | None, club: Club, access: Access) -> bool:
    """Whether a user with ``role`` in ``club`` (None: not a member) may do ``access``."""
    if role is not None and ROLE_ACCESS[role] >= access:
        return True
    return access == Access.READ and club.public


# ``role`` when the caller has not read the user's role in the club yet.
ASK = object()


def decide(user, club: Club | None, access: Access, role: str | object | None = ASK) -> Verdict:
    """May ``user`` do ``access`` in ``club`` (None: the club, or the object of
    the club that was asked for, does not exist)? ``role`` is the user's role in
    the club when the caller read it with the club (one query fewer)."""
    if club is None:
        return Verdict(Decision.NOT_FOUND)
    if role is ASK:
        role = selectors.club_role(user=user, club=club)
    if allows(role, club, access):
        return Verdict(Decision.ALLOWED, role)
    if role is None and not club.public:
        return Verdict(Decision.NOT_FOUND)
    if not user.is_authenticated:
        return Verdict(Decision.SIGN_IN)
    return Verdict(Decision.FORBIDDEN, role)
