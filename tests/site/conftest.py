"""What the site's browser tests share."""

import pytest

from series.sheets import services


@pytest.fixture
def series_id(club):
    """A series of the club's first four players; the first deals."""
    club, players = club
    return services.series_start(
        club=club, players=[p.id for p in players[:4]], first_dealer=players[0].id
    ).series_id
