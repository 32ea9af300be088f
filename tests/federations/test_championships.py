"""A closed championship is one more result of each of its players, weighing 1
more (RULES D-25), beside its nights, which count as nights."""

from __future__ import annotations

from functools import partial

import pytest

from series.championships import services as championships
from series.federations import services
from series.models import Championship
from tests.federations.conftest import club_of, followed, placed_night
from tests.support.api import client_for, make_user

pytestmark = pytest.mark.django_db


def test_a_closed_championship_counts_once_more_at_weight_two():
    admin = make_user("admin")
    club, players = club_of("Uno", ["Ada", "Bruno", "Carla", "Dino"], admin=admin)
    federation = services.federation_create(user=admin, name="Lega").federation
    services.club_join(federation=federation, club=club, user=admin)
    champ = championships.championship_open(
        club=club, name="Winter", qualifying_nights=1, final_size=4
    ).championship_id
    qualifying = partial(championships.night_open_for_championship, championship_id=champ)
    placed_night(club, [[p] for p in players], days=20, opened=qualifying)
    championships.championship_cut(championship_id=champ)
    final = partial(championships.night_open_for_championship, championship_id=champ, final=True)
    placed_night(
        club, [[p] for p in reversed(players)], days=19, opened=final, method="championship"
    )
    championships.championship_close(championship_id=champ)
    followed()
    ranking = Championship.objects.get(id=champ).ranking
    place = {line["player"]: line["place"] for line in ranking}
    for player in players:
        body = (
            client_for(None)
            .get(f"/api/v1/federations/lega/persons/p{player.id}?game=continental")
            .json()
        )
        assert body["count"] == 3  # the qualifying night, the final, the championship
        (counted,) = [r for r in body["results"] if r["championship"]]
        # N = 4 players ranked: r = 1000 × (4 − p) / 3; weight 1 + 1 for a championship.
        assert counted["night"] == str(champ)
        assert counted["r"] == pytest.approx(1000 * (4 - place[player.id]) / 3)
        assert counted["weight"] == 2
