"""The demo's federation: the demo club and a second club nearby, ranked together
(RULES D-25). Giulia plays for both; the demo account is her account in each
club, and she confirmed both players, so the ranking list counts her once.

The second club played two nights this month (really played, by the bots of
``demo/table.py``, a few deals a table), and joined the federation with its
link; the demo club runs the federation.
"""

from __future__ import annotations

from datetime import timedelta

from series.clubs import players as player_services
from series.clubs import services as club_services
from series.demo.nights import _round
from series.domain.nights import draws
from series.federations import persons
from series.federations import services as federations
from series.models import Club, Federation, Player
from series.nights import services as nights

SLUG = "demo-federation"
SECOND_CLUB = "demo-two"
SECOND_PLAYERS = ("Giulia", "Noor", "Pablo", "Chloé", "Jonas", "Elif", "Tomás", "Ines")
PERSON = "Giulia"


def create_demo_federation(club: Club, user, rng) -> Federation:
    """The federation of ``club`` and a second demo club, run by ``user`` (the demo
    club's admin), with ``user``'s Giulia confirmed in both."""
    second = club_services.club_create(
        name="Demo club two", slug=SECOND_CLUB, public=True, admin=user
    )
    players = [player_services.player_add(club=second, name=name).id for name in SECOND_PLAYERS]
    today = nights.club_today(second)
    for days in (14, 3):  # short nights: two deals a table, every table to its end
        day = today - timedelta(days=days)
        opened = nights.night_open(club=second, date=day, options={"deals": 2}, actor_id=user.id)
        nights.night_check_in(night_id=opened.night_id, players=players, actor_id=user.id)
        _round(opened.night_id, user.id, draws.RANDOM, rng, deals=None)
        nights.night_close(night_id=opened.night_id, actor_id=user.id)
    made = federations.federation_create(user=user, name="Demo federation", slug=SLUG)
    federations.club_join(federation=made.federation, club=club, user=user)
    federations.club_join(federation=made.federation, club=second, user=user, token=made.token)
    for one in (club, second):
        giulia = Player.objects.get(club=one, name=PERSON)
        player_services.player_link(club=one, player_id=giulia.id, user_id=user.id)
        persons.link_confirm(user=user, club_slug=one.slug, player_id=giulia.id)
    return made.federation
