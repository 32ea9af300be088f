"""Who may do what with a federation: every operation of its API × every kind
of caller, for a public federation and a private one. Anyone reads a public
federation's list; a private one is read by its admins and its clubs' members
and is not found by anyone else. A club joins by its own admin, is accepted by
a federation admin and leaves by either; a write anyone else asks for is
refused (403), private or not, since a club learns of a federation by its
link. A person's own links are theirs."""

from __future__ import annotations

import pytest
from django.db import transaction

from series.clubs import membership
from series.federations import services
from series.models import Federation
from tests.federations.conftest import club_of, followed, placed_night
from tests.support.api import client_for, make_user

pytestmark = pytest.mark.django_db

ROLES = ("anonymous", "user", "member", "club_admin", "federation_admin")
ALLOWED = "allowed"  # past the access checks: the operation's own answer (2xx, or 422)


def a_federation(public: bool):
    """A federation run by ``federation_admin``: club B in it (``member`` plays
    there, and a night of B counts), club A asking to join (``club_admin``
    runs A)."""
    users = {name: make_user(name) for name in ROLES[1:]}
    federation = services.federation_create(
        user=users["federation_admin"], name="Lega del Nord", public=public
    ).federation
    asking, _players = club_of("Circolo A", ["Anna"], admin=users["club_admin"])
    inside, players = club_of("Circolo B", ["Bruno", "Carla", "Dario"], admin=make_user("b"))
    membership.member_set(club=inside, user=users["member"], role="member")
    services.club_join(federation=federation, club=inside, user=inside_admin(inside))
    services.club_accept(federation=federation, club=inside, user=users["federation_admin"])
    services.club_join(federation=federation, club=asking, user=users["club_admin"])
    placed_night(inside, [[players[0]], [players[1]], [players[2]]])
    followed()
    return federation, asking, inside, players[0], users


def inside_admin(club):
    return club.memberships.get(role="admin").user


# operation -> (method, path, body) from the federation's slug, the asking club,
# the club inside and one of its players.
OPERATIONS = {
    "federation_create": lambda f, a, b, p: ("post", "/federations", {"name": "Lega del Sud"}),
    "federation_read": lambda f, a, b, p: ("get", f"/federations/{f}", None),
    "federation_link_renew": lambda f, a, b, p: ("post", f"/federations/{f}/link", None),
    "federation_member_join": lambda f, a, b, p: (
        "post",
        f"/federations/{f}/members",
        {"club": a.slug},
    ),
    "federation_member_accept": lambda f, a, b, p: (
        "post",
        f"/federations/{f}/members/{a.slug}/accept",
        None,
    ),
    "federation_member_end": lambda f, a, b, p: (
        "post",
        f"/federations/{f}/members/{a.slug}/end",
        None,
    ),
    "federation_ranking": lambda f, a, b, p: (
        "get",
        f"/federations/{f}/ranking?game=continental",
        None,
    ),
    "federation_person": lambda f, a, b, p: ("get", f"/federations/{f}/persons/p{p.id}", None),
    "account_players": lambda f, a, b, p: ("get", "/account/players", None),
    "account_player_confirm": lambda f, a, b, p: (
        "post",
        "/account/players",
        {"club": b.slug, "player": p.id},
    ),
    "account_player_withdraw": lambda f, a, b, p: (
        "post",
        f"/account/players/{p.id}/withdraw",
        None,
    ),
    "account_initials": lambda f, a, b, p: ("post", "/account/initials", {"initials_only": True}),
}

#                    anonymous user member club_admin federation_admin
SIGNED_IN = (401, ALLOWED, ALLOWED, ALLOWED, ALLOWED)
READ_PUBLIC = (ALLOWED,) * 5
READ_PRIVATE = (404, 404, ALLOWED, 404, ALLOWED)
RUN_IT = (401, 403, 403, 403, ALLOWED)
ITS_CLUB = (401, 403, 403, ALLOWED, 403)
EITHER_SIDE = (401, 403, 403, ALLOWED, ALLOWED)
EXPECTED = {
    "federation_create": (SIGNED_IN, SIGNED_IN),
    "federation_read": (READ_PUBLIC, READ_PRIVATE),
    "federation_link_renew": (RUN_IT, RUN_IT),
    "federation_member_join": (ITS_CLUB, ITS_CLUB),
    "federation_member_accept": (RUN_IT, RUN_IT),
    "federation_member_end": (EITHER_SIDE, EITHER_SIDE),
    "federation_ranking": (READ_PUBLIC, READ_PRIVATE),
    "federation_person": (READ_PUBLIC, READ_PRIVATE),
    "account_players": (SIGNED_IN, SIGNED_IN),
    "account_player_confirm": (SIGNED_IN, SIGNED_IN),
    "account_player_withdraw": (SIGNED_IN, SIGNED_IN),
    "account_initials": (SIGNED_IN, SIGNED_IN),
}


def test_the_matrix_names_every_operation_of_the_federations_api(client):
    schema = client.get("/api/v1/schema?format=json").json()
    tagged = {
        op["operationId"]
        for item in schema["paths"].values()
        for op in item.values()
        if "federations" in op.get("tags", [])
    }
    assert tagged == set(OPERATIONS) == set(EXPECTED)


@pytest.mark.parametrize("public", [True, False], ids=["public", "private"])
@pytest.mark.parametrize("operation", list(OPERATIONS))
def test_every_federation_operation_answers_each_caller_as_the_rules_say(public, operation):
    federation, asking, inside, player, users = a_federation(public)
    method, path, body = OPERATIONS[operation](federation.slug, asking, inside, player)
    expected = dict(zip(ROLES, EXPECTED[operation][0 if public else 1], strict=True))

    answers = {}
    for role in ROLES:
        with transaction.atomic():  # each caller asks the same federation
            client = client_for(users.get(role))
            answer = getattr(client, method)(f"/api/v1{path}", body, format="json")
            transaction.set_rollback(True)
        answers[role] = ALLOWED if answer.status_code not in (401, 403, 404) else answer.status_code
    assert answers == expected
    assert Federation.objects.count() == 1
