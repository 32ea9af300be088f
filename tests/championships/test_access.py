"""Who may do what with a championship (DESIGN "Access"): every operation of its
API × every kind of caller, for a private club and a public one. Members read;
scorers and admins direct; a private club's championship is not found by
anyone outside it, so its ids reveal nothing."""

from __future__ import annotations

import pytest

from series.clubs import membership
from series.nights import services as nights
from tests.support.api import client_for, make_user
from tests.support.championships import a_championship, a_club

pytestmark = pytest.mark.django_db

ROLES = ("anonymous", "member", "scorer", "admin", "stranger")
ALLOWED = "allowed"  # past the access policy: the command's own answer (2xx, or 422 for its rules)

# operation -> (method, path, body) from the club's slug, the championship and a night of it.
OPERATIONS = {
    "championship_list": lambda slug, c, n: ("get", f"/clubs/{slug}/championships", None),
    "championship_open": lambda slug, c, n: (
        "post",
        f"/clubs/{slug}/championships",
        {"name": "Spring", "qualifying_nights": 2},
    ),
    "championship_read": lambda slug, c, n: ("get", f"/championships/{c}", None),
    "championship_night_add": lambda slug, c, n: (
        "post",
        f"/championships/{c}/nights",
        {"night": str(n)},
    ),
    "championship_night_withdraw": lambda slug, c, n: (
        "post",
        f"/championships/{c}/nights/{n}/withdraw",
        {"reason": "Opened by mistake"},
    ),
    "championship_cut": lambda slug, c, n: ("post", f"/championships/{c}/cut", {}),
    "championship_close": lambda slug, c, n: ("post", f"/championships/{c}/close", {}),
}
READS = {"championship_list", "championship_read"}

#              anonymous member scorer admin stranger
READ_PRIVATE = (404, ALLOWED, ALLOWED, ALLOWED, 404)
READ_PUBLIC = (ALLOWED,) * 5
DIRECT_PRIVATE = (401, 403, ALLOWED, ALLOWED, 404)
DIRECT_PUBLIC = (401, 403, ALLOWED, ALLOWED, 403)


def cases():
    for public in (False, True):
        for operation in OPERATIONS:
            if operation in READS:
                expected = READ_PUBLIC if public else READ_PRIVATE
            else:
                expected = DIRECT_PUBLIC if public else DIRECT_PRIVATE
            for role, answer in zip(ROLES, expected, strict=True):
                kind = "public" if public else "private"
                yield pytest.param(public, operation, role, answer, id=f"{kind}-{operation}-{role}")


@pytest.mark.parametrize(("public", "operation", "role", "expected"), list(cases()))
def test_every_championship_operation_answers_each_caller_by_the_policy(
    public, operation, role, expected
):
    club, _players = a_club()
    club.public = public
    club.save()
    users = {name: make_user(name) for name in ROLES[1:]}
    for name in ("member", "scorer", "admin"):
        membership.member_set(club=club, user=users[name], role=name)
    championship = a_championship(club, nights_=2)
    night = nights.night_open(club=club, options={"deals": 1}, date="2026-02-06").night_id
    method, path, body = OPERATIONS[operation](club.slug, championship, night)

    client = client_for(users.get(role))
    answer = getattr(client, method)(f"/api/v1{path}", body, format="json")

    if expected == ALLOWED:
        assert answer.status_code not in (401, 403, 404), answer.content
    else:
        assert answer.status_code == expected, answer.content
        assert answer.json()["code"]
