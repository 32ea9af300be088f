"""Invitation links: made by admins, opened signed out or in, joined once."""

from __future__ import annotations

import re
from datetime import timedelta

import pytest
from django.test import Client
from django.utils import timezone

from series.models import Invitation, Membership
from tests.support.browser import PASSWORD
from tests.support.pages import make_user

pytestmark = pytest.mark.django_db


def invite(client, table, **form) -> str:
    response = client.post(
        f"/clubs/{table.club.slug}/members/",
        {"action": "invite", "role": "scorer", "days": "7", **form},
        follow=True,
    )
    assert response.redirect_chain[-1][0] == f"/clubs/{table.club.slug}/invitations/made/"
    page = response.content.decode()
    assert "<svg" in page  # the QR code
    return re.search(r'id="invitation-link">http://testserver(/join/[^<]+/)<', page).group(1)


def test_an_admin_makes_a_link_that_expires_in_seven_days(as_role, table):
    invite(as_role("admin"), table)
    invitation = Invitation.objects.get()
    assert invitation.role == "scorer"
    assert invitation.max_uses == 1
    left = invitation.expires_at - timezone.now()
    assert timedelta(days=6, hours=23) < left <= timedelta(days=7)


def test_reloading_the_new_link_makes_no_second_one_and_shows_it_only_once(as_role, table):
    admin = as_role("admin")
    invite(admin, table)
    again = admin.get(f"/clubs/{table.club.slug}/invitations/made/", follow=True)
    assert again.redirect_chain[-1][0] == f"/clubs/{table.club.slug}/members/"
    assert "An invitation link is shown once." in again.content.decode()
    assert 'id="invitation-link"' not in again.content.decode()
    assert Invitation.objects.count() == 1


def test_opening_the_link_leaves_the_token_out_of_the_url(as_role, table):
    link = invite(as_role("admin"), table)
    visitor = Client()
    response = visitor.get(link)
    assert response["Location"] == "/join/"
    page = visitor.get("/join/").content.decode()
    assert "Join Circolo Tressette as scorer?" in page
    assert link.split("/")[2] not in page


def test_a_new_person_signs_up_through_the_link_and_joins(as_role, table):
    link = invite(as_role("admin"), table)
    visitor = Client()
    visitor.get(link)
    response = visitor.post(
        "/signup/",
        {"username": "newscorer", "password1": PASSWORD, "password2": PASSWORD, "next": "/join/"},
    )
    assert response["Location"] == "/join/"
    visitor.post("/join/")
    assert Membership.objects.get(user__username="newscorer").role == "scorer"


@pytest.mark.parametrize("state", ["revoked", "expired", "used"])
def test_a_withdrawn_expired_or_used_link_says_so(as_role, table, state):
    link = invite(as_role("admin"), table)
    invitation = Invitation.objects.get()
    if state == "revoked":
        as_role("admin").post(
            f"/clubs/{table.club.slug}/members/", {"action": "revoke", "invitation": invitation.id}
        )
    elif state == "expired":
        Invitation.objects.update(expires_at=timezone.now() - timedelta(seconds=1))
    else:
        first = Client()
        first.force_login(make_user("first"))
        first.get(link)
        first.post("/join/")
    late = Client()
    late.force_login(make_user("late"))
    late.get(link)
    response = late.post("/join/")
    words = {"revoked": "withdrawn", "expired": "expired", "used": "used already"}[state]
    assert words in response.content.decode()
    assert response.status_code == 410
    assert not Membership.objects.filter(user__username="late").exists()


def test_an_unknown_token_says_the_link_is_not_valid(client):
    client.get("/join/made-up-token/")
    response = client.get("/join/")
    assert response.status_code == 404
    assert "not valid" in response.content.decode()


def test_only_admins_make_invitations(as_role, table):
    as_role("scorer").post(
        f"/clubs/{table.club.slug}/members/", {"action": "invite", "role": "admin", "days": "7"}
    )
    assert not Invitation.objects.exists()


def test_another_clubs_admin_cannot_revoke_this_clubs_invitation(as_role, table):
    invite(as_role("admin"), table)
    outsider = as_role(None)
    other_admin = make_user("other-admin")
    Membership.objects.create(club=table.other_club, user=other_admin, role="admin")
    outsider.force_login(other_admin)
    outsider.post(
        f"/clubs/{table.other_club.slug}/members/",
        {"action": "revoke", "invitation": Invitation.objects.get().id},
    )
    assert Invitation.objects.get().revoked_at is None
