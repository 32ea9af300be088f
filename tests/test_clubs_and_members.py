"""Clubs, members and invitations through the services: bad input changes nothing."""

from __future__ import annotations

import json
import re
from datetime import timedelta

import pytest
from django.contrib.auth import get_user_model
from django.utils import timezone
from rest_framework.test import APIClient

from series.clubs import membership
from series.clubs import players as player_services
from series.clubs import services as club_services
from series.domain.errors import DomainError
from series.models import Club, Invitation, LeagueBehind, Membership, Player

pytestmark = pytest.mark.django_db


@pytest.fixture
def users():
    make = get_user_model().objects.create_user
    return {name: make(name) for name in ("ada", "bea", "cy")}


def test_a_club_asked_for_a_taken_slug_is_refused_offering_a_free_one(users):
    club_services.club_create(name="Friday club", admin=users["ada"])
    with pytest.raises(DomainError) as refused:
        club_services.club_create(name="Another", slug="friday-club", admin=users["bea"])
    assert refused.value.code == "slug_unavailable"
    assert Club.objects.count() == 1
    free = refused.value.params["free"]
    assert re.fullmatch(r"friday-club-[a-z0-9]{4}", free)
    assert club_services.club_create(name="Another", slug=free, admin=users["bea"]).slug == free


def test_a_club_without_a_slug_gets_a_free_one_that_counts_no_clubs(users):
    first = club_services.club_create(name="Friday club")
    second = club_services.club_create(name="Friday club")
    assert first.slug == "friday-club"
    assert re.fullmatch(r"friday-club-[a-z0-9]{4}", second.slug)  # not "-2": no count told


def test_no_club_takes_an_address_of_the_pages_own(users):
    assert club_services.club_create(name="New").slug != "new"
    with pytest.raises(DomainError) as refused:
        club_services.club_create(name="Mine", slug="new")
    assert refused.value.code == "slug_unavailable"


def api_refusal(user, slug: str) -> dict:
    api = APIClient()
    api.force_authenticate(user)
    answer = api.post("/api/v1/clubs", {"name": "Mine", "slug": slug}, format="json")
    assert answer.status_code == 422
    body = answer.json()
    free = re.search(r"“([a-z0-9-]+)” is free", body["message"]).group(1)
    assert free.startswith(f"{slug}-")
    return json.loads(json.dumps(body).replace(free, "FREE").replace(slug, "SLUG"))


def test_asking_for_a_private_clubs_slug_tells_nobody_that_it_exists(users):
    private = club_services.club_create(name="Secret circle", admin=users["ada"])
    membership.member_set(club=private, user=users["bea"], role="member")
    club_services.club_create(name="Open table", public=True)

    outsider = api_refusal(users["cy"], private.slug)
    member = api_refusal(users["bea"], private.slug)

    assert (
        outsider
        == member
        == api_refusal(users["cy"], "open-table")
        == api_refusal(users["cy"], "new")
    )
    assert outsider["code"] == "slug_unavailable"
    assert "taken" not in outsider["message"] and "club" not in outsider["message"]


@pytest.mark.parametrize("name", ["", "   ", "x" * 101])
def test_an_empty_or_over_long_club_name_is_refused(name):
    with pytest.raises(DomainError):
        club_services.club_create(name=name)
    assert not Club.objects.exists()


@pytest.mark.parametrize(
    "name", ["\u200b\u200b", "Club\u202e", "Fri\nday", "\u0301" * 3, "\u2800", "\u115f\u1160"]
)
def test_a_club_name_nobody_can_see_is_refused_on_creation_and_rename(name):
    club = club_services.club_create(name="Friday club")
    for write in (
        lambda: club_services.club_create(name=name),
        lambda: club_services.club_update(club=club, name=name),
    ):
        with pytest.raises(DomainError) as refused:
            write()
        assert refused.value.code in {"name_invisible_character", "name_not_visible"}
    assert list(Club.objects.values_list("name", flat=True)) == ["Friday club"]


def test_a_club_name_is_stored_composed_and_trimmed():
    assert club_services.club_create(name="  Cafe\u0301  du  coin ").name == "Café du coin"


def test_a_club_keeps_default_rules_and_a_time_zone():
    club = club_services.club_create(
        name="Club",
        default_rules={"preset": "continental-13", "options": {"buys": True}},
        time_zone="Europe/Rome",
    )
    club.refresh_from_db()
    assert club.default_rules == {"preset": "continental-13", "options": {"buys": True}}
    assert club.time_zone == "Europe/Rome"


@pytest.mark.parametrize(
    ("rules", "zone"),
    [({"preset": "poker"}, ""), ({"options": {"ace_high": True}}, ""), ({}, "Mars/Olympus")],
)
def test_bad_default_rules_or_time_zone_change_nothing(rules, zone):
    club = club_services.club_create(name="Club")
    with pytest.raises(DomainError):
        club_services.club_update(club=club, default_rules=rules, time_zone=zone)
    club.refresh_from_db()
    assert (club.default_rules, club.time_zone) == ({}, "")


def test_two_admins_changing_different_settings_at_once_keep_both():
    club_services.club_create(name="Circolo")
    first, second = Club.objects.get(), Club.objects.get()  # both pages loaded the club
    club_services.club_update(club=first, deals_need_confirmation=True)
    club_services.club_update(club=second, name="Circolo del Giovedì")
    stored = Club.objects.get()
    assert (stored.name, stored.deals_need_confirmation) == ("Circolo del Giovedì", True)
    assert second.deals_need_confirmation  # the caller's object shows what is stored


def test_a_retried_time_zone_setting_still_has_the_league_counted_again():
    """A first attempt that set the object and lost its connection must not make
    the retry believe nothing changed: what counts is the stored row."""
    club = club_services.club_create(name="Circolo")
    club.time_zone = "Europe/Rome"  # set by an attempt that never committed
    club_services.club_update(club=club, time_zone="Europe/Rome")
    assert Club.objects.get().time_zone == "Europe/Rome"
    assert LeagueBehind.objects.filter(club=club).exists()  # the follower counts it again


def test_a_player_name_used_twice_in_a_club_is_refused():
    club = club_services.club_create(name="Club")
    player_services.player_add(club=club, name="Anna")
    with pytest.raises(DomainError) as refused:
        player_services.player_add(club=club, name=" anna ")
    assert refused.value.code == "name_taken"
    other = club_services.club_create(name="Other")
    player_services.player_add(club=other, name="Anna")  # another club may
    assert Player.objects.filter(club=club).count() == 1


def test_the_last_admin_cannot_be_removed(users):
    club = club_services.club_create(name="Club", admin=users["ada"])
    with pytest.raises(DomainError) as refused:
        membership.member_remove(club=club, user=users["ada"])
    assert refused.value.code == "last_admin"
    membership.member_set(club=club, user=users["bea"], role="member")
    membership.member_remove(club=club, user=users["bea"])
    assert list(Membership.objects.values_list("user__username", flat=True)) == ["ada"]


def test_an_invitation_stores_only_a_hash_of_its_token(users):
    club = club_services.club_create(name="Club", admin=users["ada"])
    new = membership.invitation_create(club=club, role="scorer", created_by=users["ada"])
    stored = Invitation.objects.get()
    assert new.token not in stored.token_hash
    assert len(new.token) >= 32
    assert membership.invitation_for(new.token) == stored


def test_a_single_use_invitation_lets_one_person_in(users):
    club = club_services.club_create(name="Club", admin=users["ada"])
    token = membership.invitation_create(club=club, role="scorer").token
    joined = membership.invitation_accept(token=token, user=users["bea"])
    assert joined.role == "scorer"
    with pytest.raises(DomainError) as refused:
        membership.invitation_accept(token=token, user=users["cy"])
    assert refused.value.code == "invitation_used"
    assert not Membership.objects.filter(user=users["cy"]).exists()


def test_a_multi_use_invitation_lets_many_in(users):
    club = club_services.club_create(name="Club", admin=users["ada"])
    token = membership.invitation_create(club=club, role="member", multi_use=True).token
    membership.invitation_accept(token=token, user=users["bea"])
    membership.invitation_accept(token=token, user=users["cy"])
    assert Membership.objects.filter(club=club, role="member").count() == 2


def test_a_revoked_or_expired_invitation_says_so(users):
    club = club_services.club_create(name="Club", admin=users["ada"])
    revoked = membership.invitation_create(club=club, role="member")
    membership.invitation_revoke(club=club, invitation_id=revoked.invitation.id)
    expired = membership.invitation_create(club=club, role="member", days=1)
    Invitation.objects.filter(id=expired.invitation.id).update(
        expires_at=timezone.now() - timedelta(minutes=1)
    )
    for new, code in ((revoked, "invitation_revoked"), (expired, "invitation_expired")):
        with pytest.raises(DomainError) as refused:
            membership.invitation_accept(token=new.token, user=users["bea"])
        assert refused.value.code == code
    with pytest.raises(DomainError) as refused:
        membership.invitation_accept(token="not-a-token", user=users["bea"])
    assert refused.value.code == "invitation_unknown"
    assert Membership.objects.filter(club=club).count() == 1


def test_an_invitation_never_demotes_a_member(users):
    club = club_services.club_create(name="Club", admin=users["ada"])
    token = membership.invitation_create(club=club, role="member").token
    assert membership.invitation_accept(token=token, user=users["ada"]).role == "admin"
    assert Invitation.objects.get().uses == 0


def test_the_api_creates_and_updates_a_club_with_default_rules_and_a_time_zone(users):
    api = APIClient()
    api.force_authenticate(users["ada"])
    created = api.post(
        "/api/v1/clubs",
        {
            "name": "Api club",
            "default_rules": {"preset": "continental-12"},
            "time_zone": "Europe/Madrid",
        },
        format="json",
    )
    assert created.status_code == 201, created.content
    assert created.json()["default_rules"] == {"preset": "continental-12", "options": {}}
    refused = api.patch("/api/v1/clubs/api-club", {"time_zone": "Nowhere/Else"}, format="json")
    assert refused.status_code == 422
    taken = api.post("/api/v1/clubs", {"name": "Again", "slug": "api-club"}, format="json")
    assert taken.json()["code"] == "slug_unavailable"
    assert Club.objects.get().time_zone == "Europe/Madrid"
