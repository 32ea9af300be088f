"""Who may do what (DESIGN "Access"): every endpoint × every kind of caller.

Anonymous callers read public clubs only; members read their club; scorers
record; admins manage players and members. A private club the caller is not
in answers 404 (not 403), so its ids reveal nothing.
"""

from __future__ import annotations

from uuid import UUID

import pytest

from series.clubs import membership
from series.clubs import players as player_services
from series.clubs import services as club_services
from series.sheets import services
from tests.support.api import HAND, make_user
from tests.support.factories import entry, start
from tests.support.shared import kept_for_the_module

pytestmark = pytest.mark.django_db

ROLES = ("anonymous", "member", "scorer", "admin", "stranger")


def one_deal_in(table) -> UUID:
    """The club's series after one deal (version 2), and a user who is not in the
    club yet but plays at another table of the club's admin."""
    newcomer = make_user("newcomer")
    admins_other_table = club_services.club_create(name="Other table", admin=table.users["admin"])
    membership.member_set(club=admins_other_table, user=newcomer, role="member")
    anna, bruno, carla = table.players
    series = start(table.club, table.players).series_id
    services.deal_record(series_id=series, entry=entry(anna, {bruno: 40, carla: 40}))
    return series


@pytest.fixture(scope="module")
def series_of_the_module(request, table_of_the_module, django_db_blocker):
    def build():
        return one_deal_in(table_of_the_module)

    with kept_for_the_module(request, django_db_blocker, build) as series:
        yield series


@pytest.fixture
def world(table, series_of_the_module):
    """The club and its series, written once for the module (tests/support/shared.py)."""
    return table, series_of_the_module or one_deal_in(table)


def deal(table, version, **extra):
    anna, bruno, carla = table.players
    return {
        "expected_version": version,
        "went_out": bruno.id,
        "hands": [{"player": anna.id, "points": 30}, {"player": carla.id, "points": 30}],
        **extra,
    }


def series_start_body(table):
    # Players of another table: the club's own three sit at its open series (RULES D-19).
    ids = [player_services.player_add(club=table.club, name=f"Guest {n}").id for n in range(3)]
    return {"club": table.club.slug, "players": ids, "first_dealer": ids[0]}


# endpoint -> (method, path, body); ``t`` is the Table, ``s`` the series id.
ENDPOINTS = {
    "club read": lambda t, s: ("get", f"/clubs/{t.club.slug}", None),
    "club update": lambda t, s: ("patch", f"/clubs/{t.club.slug}", {"name": "Renamed"}),
    "player erase": lambda t, s: (
        "post",
        f"/clubs/{t.club.slug}/players/{t.players[2].id}/erase",
        None,
    ),
    "players list": lambda t, s: ("get", f"/clubs/{t.club.slug}/players", None),
    "player add": lambda t, s: ("post", f"/clubs/{t.club.slug}/players", {"name": "Dora"}),
    "members list": lambda t, s: ("get", f"/clubs/{t.club.slug}/members", None),
    "member set": lambda t, s: (
        "post",
        f"/clubs/{t.club.slug}/members",
        {"username": "newcomer", "role": "member"},
    ),
    "club series list": lambda t, s: ("get", f"/clubs/{t.club.slug}/series", None),
    "series start": lambda t, s: ("post", "/series", series_start_body(t)),
    "series read": lambda t, s: ("get", f"/series/{s}", None),
    "series events": lambda t, s: ("get", f"/series/{s}/events", None),
    "live link read": lambda t, s: ("get", f"/series/{s}/live-link", None),
    "live link renew": lambda t, s: ("post", f"/series/{s}/live-link", None),
    "deal record": lambda t, s: ("post", f"/series/{s}/deals", deal(t, 2)),
    "deal correct": lambda t, s: (
        "post",
        f"/series/{s}/deals/1/correction",
        deal(t, 2, reason="wrong winner"),
    ),
    "deal void": lambda t, s: (
        "post",
        f"/series/{s}/deals/1/void",
        {"expected_version": 2, "reason": "misdeal"},
    ),
    "series abandon": lambda t, s: ("post", f"/series/{s}/abandon", {"reason": "late"}),
    "deal confirm": lambda t, s: ("post", f"/series/{s}/deals/1/confirmation", {}),
    "deal dispute": lambda t, s: ("post", f"/series/{s}/deals/1/dispute", {"reason": "40?"}),
    "club create": lambda t, s: ("post", "/clubs", {"name": "New club"}),
    "verify": lambda t, s: ("post", "/verify", {"cards": HAND}),
    "clubs list": lambda t, s: ("get", "/clubs", None),
    "member remove": lambda t, s: ("post", f"/clubs/{t.club.slug}/members/member/remove", None),
    "invitations list": lambda t, s: ("get", f"/clubs/{t.club.slug}/invitations", None),
    "invitation make": lambda t, s: (
        "post",
        f"/clubs/{t.club.slug}/invitations",
        {"role": "member"},
    ),
    "invitation revoke": lambda t, s: (
        "post",
        f"/clubs/{t.club.slug}/invitations/{invitation_of(t.club)}/revoke",
        None,
    ),
    "deals to confirm": lambda t, s: ("get", f"/series/{s}/confirmations", None),
    "devices list": lambda t, s: ("get", "/account/devices", None),
    "pin read": lambda t, s: ("get", "/account/pin", None),
    "account read": lambda t, s: ("get", "/account", None),
    "pin set": lambda t, s: ("put", "/account/pin", {"pin": "2468"}),
}


def invitation_of(club) -> int:
    return membership.invitation_create(club=club, role="member").invitation.id


#                      anonymous member scorer admin stranger
PRIVATE_CLUB = {
    "club read": (404, 200, 200, 200, 404),
    "club update": (401, 403, 403, 200, 404),
    "player erase": (401, 403, 403, 200, 404),
    "players list": (404, 200, 200, 200, 404),
    "player add": (401, 403, 403, 201, 404),
    "members list": (404, 200, 200, 200, 404),
    "member set": (401, 403, 403, 201, 404),
    "club series list": (404, 200, 200, 200, 404),
    "series start": (401, 403, 201, 201, 404),
    "series read": (404, 200, 200, 200, 404),
    "series events": (404, 200, 200, 200, 404),
    "live link read": (404, 200, 200, 200, 404),
    "live link renew": (401, 403, 201, 201, 404),
    "deal record": (401, 403, 201, 201, 404),
    "deal correct": (401, 403, 201, 201, 404),
    "deal void": (401, 403, 201, 201, 404),
    "series abandon": (401, 403, 201, 201, 404),
    "deal confirm": (401, 201, 201, 201, 404),
    "deal dispute": (401, 201, 201, 201, 404),
    "club create": (401, 201, 201, 201, 201),
    "verify": (200, 200, 200, 200, 200),
    "clubs list": (200, 200, 200, 200, 200),
    "member remove": (401, 403, 403, 204, 404),
    "invitations list": (404, 403, 403, 200, 404),
    "invitation make": (401, 403, 403, 201, 404),
    "invitation revoke": (401, 403, 403, 200, 404),
    "deals to confirm": (404, 200, 200, 200, 404),
    "devices list": (401, 200, 200, 200, 200),
    "pin read": (401, 200, 200, 200, 200),
    "account read": (401, 200, 200, 200, 200),
    "pin set": (401, 204, 204, 204, 204),
}

# A public club: anyone reads it; writing still needs a role in it.
PUBLIC_CLUB = {
    **PRIVATE_CLUB,
    "club read": (200, 200, 200, 200, 200),
    "club update": (401, 403, 403, 200, 403),
    "player erase": (401, 403, 403, 200, 403),
    "players list": (200, 200, 200, 200, 200),
    "player add": (401, 403, 403, 201, 403),
    "members list": (401, 200, 200, 200, 403),
    "member set": (401, 403, 403, 201, 403),
    "club series list": (200, 200, 200, 200, 200),
    "series start": (401, 403, 201, 201, 403),
    "series read": (200, 200, 200, 200, 200),
    "series events": (200, 200, 200, 200, 200),
    "live link read": (200, 200, 200, 200, 200),
    "live link renew": (401, 403, 201, 201, 403),
    "deal record": (401, 403, 201, 201, 403),
    "deal correct": (401, 403, 201, 201, 403),
    "deal void": (401, 403, 201, 201, 403),
    "series abandon": (401, 403, 201, 201, 403),
    "deal confirm": (401, 201, 201, 201, 403),
    "deal dispute": (401, 201, 201, 201, 403),
    "member remove": (401, 403, 403, 204, 403),
    "invitations list": (401, 403, 403, 200, 403),
    "invitation make": (401, 403, 403, 201, 403),
    "invitation revoke": (401, 403, 403, 200, 403),
    "deals to confirm": (200, 200, 200, 200, 200),
}


def cases(matrix):
    return [
        pytest.param(endpoint, role, statuses[index], id=f"{endpoint} as {role}")
        for endpoint, statuses in matrix.items()
        for index, role in enumerate(ROLES)
    ]


def call(as_role, role, endpoint, table, series):
    method, path, body = ENDPOINTS[endpoint](table, series)
    client = as_role(None if role == "anonymous" else role)
    return getattr(client, method)(f"/api/v1{path}", body, format="json")


@pytest.mark.parametrize(("endpoint", "role", "expected"), cases(PRIVATE_CLUB))
def test_private_club_access(world, as_role, endpoint, role, expected):
    table, series = world
    response = call(as_role, role, endpoint, table, series)
    assert response.status_code == expected, response.content
    if expected >= 400:
        assert response.json()["code"]


@pytest.mark.parametrize(("endpoint", "role", "expected"), cases(PUBLIC_CLUB))
def test_public_club_access(world, as_role, endpoint, role, expected):
    table, series = world
    table.club.public = True
    table.club.save()
    response = call(as_role, role, endpoint, table, series)
    assert response.status_code == expected, response.json()


def test_every_operation_of_the_schema_is_in_the_matrix(client):
    schema = client.get("/api/v1/schema?format=json").json()
    operations = [
        op["operationId"]
        for item in schema["paths"].values()
        for op in item.values()
        # the league's matrix: tests/league/test_api.py; the nights': tests/nights/test_api.py;
        # the championships': tests/championships/test_access.py; the federations':
        # tests/federations/test_access.py
        if not {"league", "nights", "championships", "federations"} & set(op.get("tags", []))
    ]
    # + the token and the two sign-outs (tested in test_auth and tests/accounts/test_devices.py),
    # a device's sign-out, joining with a link, changing the e-mail and the
    # password (test_page_operations_api),
    # - the club's series list (the league serves it)
    assert len(operations) == len(ENDPOINTS) + 7 - 1


def test_a_series_of_a_private_club_is_not_found_for_a_stranger_even_by_id(world, as_role):
    _table, series = world
    stranger = as_role("stranger").get(f"/api/v1/series/{series}")
    missing = as_role("stranger").get("/api/v1/series/00000000-0000-0000-0000-000000000000")
    assert stranger.status_code == missing.status_code == 404
    assert stranger.json() == missing.json()


def test_a_bad_token_is_refused_even_where_anonymous_callers_may_go(client):
    response = client.post(
        "/api/v1/verify",
        {"cards": []},
        content_type="application/json",
        HTTP_AUTHORIZATION="Token not-a-token",
    )
    assert response.status_code == 401
    assert response.json()["code"] == "authentication_failed"


# Who confirmed or disputed a deal is for the club's members, as who recorded it
# is: anyone else reading a public club's log sees that it was, and why.
NAMES_WHO_ACTED = {
    "anonymous": False,
    "member": True,
    "scorer": True,
    "admin": True,
    "stranger": False,
}


@pytest.mark.parametrize(("role", "named"), NAMES_WHO_ACTED.items())
def test_only_members_read_who_confirmed_or_disputed_a_deal(world, as_role, role, named):
    table, series = world
    club_services.club_update(club=table.club, public=True)
    member, anna = table.users["member"], table.players[0]
    services.deal_confirm(series_id=series, number=1, user_id=member.id, player_id=anna.id)
    services.deal_dispute(series_id=series, number=1, user_id=member.id, reason="40?")

    events = as_role(None if role == "anonymous" else role).get(f"/api/v1/series/{series}/events")
    confirmed, disputed = events.json()[-2:]
    assert confirmed["payload"] == {
        "number": 1,
        "user": member.id if named else None,
        "player": anna.id if named else None,
    }
    assert disputed["payload"]["reason"] == "40?"
    assert disputed["payload"]["user"] == (member.id if named else None)
