"""The API's answer to the access policy's decision (``series.clubs.access``, which
alone decides who may do what): 404, 401 or 403 as DRF errors."""

from __future__ import annotations

from django.utils.translation import gettext_lazy as _
from rest_framework.exceptions import NotAuthenticated, NotFound, PermissionDenied

from series.clubs.access import ASK, Access, Decision, Table, decide
from series.models import Club


def require(
    user,
    club: Club | None,
    access: Access,
    role: str | object | None = ASK,
    table: Table | None = None,
) -> Club:
    """The club when ``user`` may do ``access`` in it (at a night's ``table``,
    when it is the scorer's own); otherwise the API error to answer."""
    verdict = decide(user, club, access, role, table)
    if verdict.own_table is not None:
        raise PermissionDenied(
            _("You play at Table %(number)s tonight: record the deals of your own table only.")
            % {"number": verdict.own_table.number},
            code="not_your_table",
        )
    match verdict.decision:
        case Decision.ALLOWED:
            return club
        case Decision.NOT_FOUND:
            raise NotFound()
        case Decision.SIGN_IN:
            raise NotAuthenticated()
        case Decision.FORBIDDEN:
            raise PermissionDenied(_("Your role in this club does not allow this."))
