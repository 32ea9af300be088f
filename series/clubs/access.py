"""Who may do what in a club: the one access policy of the pages and the API
(DESIGN "Access"). It decides; the pages (``page_access``) and the API
(``clubs/api_view``) only turn its decision into their own answer.

- Anyone reads a public club; members (any role) read their club.
- Scorers start series and record, correct and void deals, and direct club nights;
  at a night, a scorer seated at one of its tables records that table's deals
  only (the director and the club's admins, any table's).
- Admins manage players and members, and do everything a scorer does.
- Nobody reads a private club or writes to a club they are not in; such a
  club looks as if it did not exist (not found, like a missing one), so its
  ids leak nothing.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass
from uuid import UUID

from series.clubs import selectors as club_selectors
from series.models import Club, Membership, NightSeat


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
class OwnTable:
    """The table a scorer plays at tonight, when it is not the series they opened."""

    number: int
    series: UUID | None


@dataclass(frozen=True, slots=True)
class Verdict:
    """The policy's decision, with the user's role in the club (None: not in it)
    and, refused at a night's table, the table that is theirs."""

    decision: Decision
    role: str | None = None
    own_table: OwnTable | None = None


@dataclass(frozen=True, slots=True)
class Table:
    """The series a request is about, and the night it is a table of (None: none)."""

    series: UUID
    night: UUID | None


def allows(role: str | None, club: Club, access: Access) -> bool:
    """Whether a user with ``role`` in ``club`` (None: not a member) may do ``access``."""
    if role is not None and ROLE_ACCESS[role] >= access:
        return True
    return access == Access.READ and club.public


# ``role`` when the caller has not read the user's role in the club yet.
ASK = object()


def decide(
    user,
    club: Club | None,
    access: Access,
    role: str | object | None = ASK,
    table: Table | None = None,
) -> Verdict:
    """May ``user`` do ``access`` in ``club`` (None: the club, or the object of
    the club that was asked for, does not exist)? ``role`` is the user's role in
    the club when the caller read it with the club (one query fewer); ``table``,
    the series asked about, for the own-table rule of a night's tables."""
    if club is None:
        return Verdict(Decision.NOT_FOUND)
    if role is ASK:
        role = club_selectors.club_role(user=user, club=club)
    if allows(role, club, access):
        own = own_table_elsewhere(user, role, table) if access >= Access.SCORE else None
        if own is not None:
            return Verdict(Decision.FORBIDDEN, role, own)
        return Verdict(Decision.ALLOWED, role)
    if role is None and not club.public:
        return Verdict(Decision.NOT_FOUND)
    if not user.is_authenticated:
        return Verdict(Decision.SIGN_IN)
    return Verdict(Decision.FORBIDDEN, role)


def own_table_elsewhere(user, role: str | None, table: Table | None) -> OwnTable | None:
    """Where a scorer plays in the open round of the night ``table`` is a table
    of, when it is another table: a scorer records their own table's deals only
    (the night's director, a club admin, any table's). None for a series outside
    a night, a scorer not seated tonight, or a seat at this very table."""
    if table is None or table.night is None:
        return None
    if role != Membership.Role.SCORER or not user.is_authenticated:
        return None
    seats = NightSeat.objects.filter(night_id=table.night, open=True, player__user_id=user.id)
    found = list(seats.values_list("table", "series"))
    if not found or any(series == table.series for _number, series in found):
        return None
    return OwnTable(*found[0])
