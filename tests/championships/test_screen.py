"""The championship's big screen (RULES D-24): the standings, then the final's
ranking as carry-over plus tonight's points; a private club's screen opens with
its final night's screen link, until a director makes that link anew."""

from __future__ import annotations

import pytest

from series.championships import selectors
from series.clubs import membership
from series.clubs import services as club_services
from series.models import Championship
from series.nights import screen_links
from tests.support.api import make_user
from tests.support.championships import a_championship_played

pytestmark = pytest.mark.django_db


def test_a_public_clubs_screen_shows_the_final_ranking_to_anyone(client):
    club, _players, champ = a_championship_played()
    club_services.club_update(club=club, public=True)
    shown = client.get(f"/clubs/{club.slug}/championships/{champ}/screen/")
    assert shown.status_code == 200
    body = shown.content.decode()
    assert "The championship's final ranking" in body and "Carla" in body
    assert 'data-screen="/clubs/' in body
    fragment = client.get(f"/clubs/{club.slug}/championships/{champ}/screen/ranking/")
    assert fragment.status_code == 200 and 'id="screen-body"' in fragment.content.decode()


def test_a_private_clubs_screen_opens_with_the_finals_link_until_it_is_revoked(client):
    club, _players, champ = a_championship_played()
    url = f"/clubs/{club.slug}/championships/{champ}/screen/"
    assert client.get(url).status_code in (302, 404)  # a stranger, signed out
    final = Championship.objects.get().final_night
    key = screen_links.screen_link_token(final)
    assert client.get(f"{url}?key={key}").status_code == 200
    director = make_user("director")
    membership.member_set(club=club, user=director, role="scorer")
    screen_links.screen_link_revoke(night_id=final, user=director)
    assert client.get(f"{url}?key={key}").status_code in (302, 404)
    client.force_login(director)
    page = client.get(f"/clubs/{club.slug}/championships/{champ}/").content.decode()
    assert f"{url}?key=" in page  # the director's page shows the screen's link
    assert selectors.championship_page(champ).final.recorded
