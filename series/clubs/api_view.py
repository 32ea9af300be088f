"""What every API view about one club shares, the clubs' API and the league's
alike: the slug in the path, and the club once the access policy allows it.
The policy (``series.clubs.access``) alone decides who may do what; the API
only turns its decision into a DRF error: 404, 401 or 403 (``require``)."""

from __future__ import annotations

from django.utils.translation import gettext_lazy as _
from drf_spectacular.utils import OpenApiParameter
from rest_framework.exceptions import NotAuthenticated, NotFound, PermissionDenied

from series.api.base import ApiView
from series.clubs import selectors as club_selectors
from series.clubs.access import ASK, Access, Decision, Table, decide
from series.models import Club, Player

SLUG = OpenApiParameter("slug", str, OpenApiParameter.PATH, description="The club's slug.")
PLAYER_ID = OpenApiParameter("player_id", int, OpenApiParameter.PATH, description="A player id.")


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


class ClubApiView(ApiView):
    """A view about one club; ``club`` is set once access is granted."""

    club: Club | None = None

    def club_for(self, slug: str, access: Access) -> Club:
        self.club = require(self.request.user, club_selectors.club_by_slug(slug), access)
        return self.club

    def player_for(self, player_id: int, access: Access) -> Player:
        """The player, once the access policy allows ``access`` to their club."""
        player = club_selectors.player_and_club(player_id)
        if player is None:
            raise NotFound()
        self.club = require(self.request.user, player.club, access)
        return player
