"""The federations' pages: made by a signed-in user, joined by a club's admin with
the link, read by anyone, a person's players confirmed from their account."""

from __future__ import annotations

import re

import pytest
from django.test import Client

from series.federations import services
from series.models import FederationMember, PersonLink
from tests.federations.conftest import club_of, followed, linked, placed_night
from tests.support.api import make_user
from tests.support.pages import signed_in

pytestmark = pytest.mark.django_db


def test_a_signed_in_user_makes_a_federation_and_a_club_admin_joins_with_its_link():
    runner, club_admin = make_user("runner"), make_user("clubadmin")
    club, _players = club_of("Uno", ["Ada", "Bruno", "Carla"], admin=club_admin)
    made = signed_in(runner).post("/federations/new/", {"name": "Lega Nord", "public": "on"})
    assert made.status_code == 201
    shown = made.content.decode()
    link = re.search(r'href="(http[^"]+/join/[^"]+/)"', shown).group(1)
    assert f'data-copy-url="{link}"' in shown  # a button copies it: no selecting by hand
    path = link.split("testserver", 1)[1]
    page = signed_in(club_admin).get(path)
    assert "Uno" in page.content.decode()
    joined = signed_in(club_admin).post(path, {"club": "uno"})
    assert joined.status_code == 302
    assert FederationMember.objects.get(club=club).status == "active"
    again = signed_in(club_admin).post(path, {"club": "uno"})
    assert again.status_code == 422  # the link was used: said beside the form


def test_anyone_reads_the_list_and_a_persons_results():
    admin = make_user("admin")
    club, players = club_of("Uno", ["Ada", "Bruno", "Carla"], admin=admin)
    federation = services.federation_create(user=admin, name="Lega").federation
    services.club_join(federation=federation, club=club, user=admin)
    for _night in range(2):
        placed_night(club, [[p] for p in players])
    followed()
    page = Client().get("/federations/lega/").content.decode()
    assert "Ada" in page and "table-scroll" in page and "scroll-hint" in page
    person = Client().get(f"/federations/lega/persons/p{players[0].id}/?game=continental")
    text = person.content.decode()
    assert person.status_code == 200 and "1000" in text and "A, B" in text
    # to check a score by hand one must know an older result weighs less (RULES D-25)
    assert "each weighs weight × age factor" in text and "counts as 0 at weight 1" in text


def test_a_member_confirms_their_player_from_their_account_page():
    admin, member = make_user("admin"), make_user("member")
    club, players = club_of("Uno", ["Ada", "Bruno"], admin=admin)
    linked(club, players[0], member)
    client = signed_in(member)
    assert "Confirm: Ada is me" in client.get("/account/players/").content.decode()
    client.post("/account/players/", {"action": "confirm", "player": players[0].id})
    assert PersonLink.objects.filter(player=players[0], user=member).exists()
    refused = client.post(
        "/account/players/", {"action": "confirm", "player": players[1].id}, follow=True
    )
    assert "not linked to your account" in refused.content.decode()
    client.post("/account/players/", {"action": "initials", "initials_only": "on"})
    box = re.search(
        r"<input[^>]*initials_only[^>]*>", client.get("/account/players/").content.decode()
    )
    assert "checked" in box.group(0)


def test_the_home_page_leads_to_the_ranking_lists_and_to_making_a_federation():
    admin, stranger = make_user("admin"), make_user("stranger")
    club, _players = club_of("Uno", ["Ada", "Bruno", "Carla"], admin=admin)
    federation = services.federation_create(user=admin, name="Lega Nord").federation
    services.club_join(federation=federation, club=club, user=admin)
    hidden = services.federation_create(user=admin, name="Lega Chiusa", public=False).federation
    visitor = Client().get("/").content.decode()
    assert 'href="/federations/lega-nord/"' in visitor
    assert hidden.slug not in visitor  # a private list is not shown to a visitor
    member = signed_in(admin).get("/").content.decode()
    assert 'href="/federations/lega-nord/"' in member
    assert 'href="/federations/new/"' in member
    other = signed_in(stranger).get("/").content.decode()
    assert 'href="/federations/new/"' in other and "lega-nord" not in other


def test_a_member_who_runs_no_club_is_told_to_pass_the_link_on():
    runner = make_user("runner")
    made = services.federation_create(user=runner, name="Lega")
    page = signed_in(make_user("player")).get(f"/federations/lega/join/{made.token}/")
    assert "you run no club: send this link to your club" in page.content.decode()


def test_a_federation_admin_is_told_at_the_top_that_a_club_asks_to_join():
    runner, asker = make_user("runner"), make_user("asker")
    club, _players = club_of("Uno", ["Ada", "Bruno"], admin=asker)
    federation = services.federation_create(user=runner, name="Lega").federation
    services.club_join(federation=federation, club=club, user=asker)
    page = signed_in(runner).get("/federations/lega/").content.decode()
    assert "1 club asks to join: accept it under Clubs." in page
    assert "asks to join: accept" not in Client().get("/federations/lega/").content.decode()


@pytest.mark.parametrize(
    ("language", "badge", "explained"),
    [
        ("en", "confirmed", "instead of your name"),
        ("it", "confermato", "al posto del tuo nome"),
        ("es", "confirmado", "en lugar de tu nombre"),
        ("fr", "confirmé", "au lieu de votre nom"),
        ("nl", "bevestigd", "in plaats van je naam"),
    ],
)
def test_a_confirmed_player_and_the_initials_choice_read_right_in_every_language(
    language, badge, explained
):
    """The badge names a player, not a deal ("confermata" was the deal's word), and
    the initials checkbox says what it changes."""
    admin, member = make_user("admin"), make_user("member")
    club, players = club_of("Uno", ["Ada"], admin=admin)
    linked(club, players[0], member)
    client = signed_in(member)
    client.post("/account/players/", {"action": "confirm", "player": players[0].id})
    page = client.get("/account/players/", HTTP_ACCEPT_LANGUAGE=language).content.decode()
    assert f'<span class="badge">{badge}</span>' in page
    assert explained in page


def test_a_removal_of_a_club_is_asked_once_more_on_a_page_of_its_own():
    runner, uno_admin = make_user("runner"), make_user("unoadmin")
    uno, _players = club_of("Uno", ["Ada"], admin=uno_admin)
    made = services.federation_create(user=runner, name="Lega")
    services.club_join(federation=made.federation, club=uno, user=uno_admin, token=made.token)
    page = signed_in(runner).get("/federations/lega/").content.decode()
    assert 'href="/federations/lega/members/uno/end/"' in page  # a link, not a button that ends
    asked = signed_in(runner).get("/federations/lega/members/uno/end/")
    assert asked.status_code == 200 and "Yes, remove Uno" in asked.content.decode()
    assert FederationMember.objects.get(club=uno).status == "active"
    assert signed_in(runner).get("/federations/lega/members/uno/accept/").status_code == 405
    club_side = signed_in(uno_admin).get("/federations/lega/members/uno/end/").content.decode()
    assert "Yes, leave the federation" in club_side
    outsider = signed_in(make_user("outsider"))
    assert outsider.get("/federations/lega/members/uno/end/").status_code == 404
    ended = signed_in(uno_admin).post("/federations/lega/members/uno/end/", follow=True)
    assert "Uno is no longer a member of Lega." in ended.content.decode()
    assert FederationMember.objects.get(club=uno).status == "ended"


def test_a_club_admin_asks_to_join_without_the_link_where_they_read_the_federation():
    runner, uno_admin = make_user("runner"), make_user("unoadmin")
    uno, _players = club_of("Uno", ["Ada"], admin=uno_admin)
    services.federation_create(user=runner, name="Lega")
    services.federation_create(user=runner, name="Chiusa", public=False)
    client = signed_in(uno_admin)
    assert 'href="/federations/lega/ask/"' in client.get("/federations/lega/").content.decode()
    assert client.get("/federations/chiusa/ask/").status_code == 404  # a private one: its link
    assert client.post("/federations/lega/ask/", {"club": "uno"}).status_code == 302
    assert FederationMember.objects.get(club=uno).status == "pending"
    assert "/ask/" not in client.get("/federations/lega/").content.decode()  # asked already
    # the federation's admin who runs a club too joins it at once
    due, _due_players = club_of("Due", ["Dino"], admin=runner)
    signed_in(runner).post("/federations/lega/ask/", {"club": "due"})
    assert FederationMember.objects.get(club=due).status == "active"


def test_a_pending_club_of_a_private_federation_sees_its_request_and_withdraws_it():
    runner, uno_admin = make_user("runner"), make_user("unoadmin")
    uno, _players = club_of("Uno", ["Ada"], admin=uno_admin)
    federation = services.federation_create(user=runner, name="Chiusa", public=False).federation
    services.club_join(federation=federation, club=uno, user=uno_admin)
    client = signed_in(uno_admin)
    shown = client.get("/federations/chiusa/").content.decode()
    assert "Withdraw the request" in shown and 'id="ranking"' not in shown  # not its list
    assert signed_in(make_user("outsider")).get("/federations/chiusa/").status_code == 404
    assert client.get("/federations/chiusa/members/uno/end/").status_code == 200
    withdrawn = client.post("/federations/chiusa/members/uno/end/")
    assert withdrawn.status_code == 302 and withdrawn.url == "/"
    assert FederationMember.objects.get(club=uno).status == "ended"
    assert client.get("/federations/chiusa/").status_code == 404  # no longer asking
