"""What every API view about one club shares, the clubs' API and the league's
alike: the slug in the path, and the club once the access policy allows it."""

from __future__ import annotations

from drf_spectacular.utils import OpenApiParameter
from rest_framework.exceptions import NotFound

from series.api.base import ApiView
from series.api.permissions import require
from series.clubs import selectors as club_selectors
from series.clubs.access import Access
from series.models import Club, Player

SLUG = OpenApiParameter("slug", str, OpenApiParameter.PATH, description="The club's slug.")
PLAYER_ID = OpenApiParameter("player_id", int, OpenApiParameter.PATH, description="A player id.")


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
