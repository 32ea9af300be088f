"""One access policy decides for the pages and the API alike (DESIGN "Access"):
each caller gets the page, a not-found, a request to sign in or a refusal, and
the pages and the API only say it their own way."""

from __future__ import annotations

import pytest
from django.contrib.auth.models import AnonymousUser

from series.clubs import membership
from series.clubs import services as club_services
from series.clubs.access import Access, Decision, decide
from tests.api.conftest import make_user

pytestmark = pytest.mark.django_db

ANONYMOUS = AnonymousUser()


@pytest.fixture
def people():
    admin, member, stranger = (make_user(name) for name in ("admin", "member", "stranger"))
    private = club_services.club_create(name="Private", admin=admin)
    public = club_services.club_create(name="Public", admin=admin, public=True)
    for club in (private, public):
        membership.member_set(club=club, user=member, role="member")
    return {
        "admin": admin,
        "member": member,
        "stranger": stranger,
        "anonymous": ANONYMOUS,
        "private": private,
        "public": public,
    }


@pytest.mark.parametrize(
    ("who", "club", "access", "decision"),
    [
        ("anonymous", "private", Access.READ, Decision.NOT_FOUND),  # as if it did not exist
        ("stranger", "private", Access.READ, Decision.NOT_FOUND),
        ("member", "private", Access.READ, Decision.ALLOWED),
        ("member", "private", Access.SCORE, Decision.FORBIDDEN),
        ("admin", "private", Access.ADMINISTER, Decision.ALLOWED),
        ("anonymous", "public", Access.READ, Decision.ALLOWED),
        ("anonymous", "public", Access.MEMBER, Decision.SIGN_IN),
        ("stranger", "public", Access.SCORE, Decision.FORBIDDEN),
        ("anonymous", None, Access.READ, Decision.NOT_FOUND),  # a missing club
        ("member", None, Access.READ, Decision.NOT_FOUND),
    ],
)
def test_the_policy_decides_for_each_caller(people, who, club, access, decision):
    verdict = decide(people[who], people[club] if club else None, access)
    assert verdict.decision is decision


def test_a_private_club_answers_the_pages_and_the_api_from_the_same_decision(people, client):
    # Not found: the API says 404; the pages ask an anonymous visitor to sign
    # in, exactly as for a club that does not exist.
    slug = people["private"].slug
    assert client.get(f"/api/v1/clubs/{slug}").status_code == 404
    assert client.get(f"/api/v1/clubs/{slug}x").status_code == 404
    page, missing = client.get(f"/clubs/{slug}/league/"), client.get(f"/clubs/{slug}x/league/")
    assert (page.status_code, missing.status_code) == (302, 302)
    assert page.url.startswith("/login/") and missing.url.startswith("/login/")
