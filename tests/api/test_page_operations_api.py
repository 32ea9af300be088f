"""What the pages do, done through the API: a member's clubs, invitation links,
members, the series in progress, the deals waiting for a second member, the
devices signed in and the confirmation PIN."""

from __future__ import annotations

import pytest

from series.clubs import services as club_services
from series.models import Profile
from series.sheets import services
from tests.support.api import client_for, deal_body, make_user
from tests.support.factories import start

pytestmark = pytest.mark.django_db


def test_a_member_lists_their_clubs_with_their_role(table, as_role):
    clubs = as_role("scorer").get("/api/v1/clubs").json()
    assert clubs == [
        {"slug": table.club.slug, "name": table.club.name, "public": False, "role": "scorer"}
    ]


def test_signed_out_the_clubs_are_the_public_ones(table, as_role):
    club_services.club_update(club=table.other_club, public=True)
    clubs = as_role(None).get("/api/v1/clubs").json()
    assert [(c["slug"], c["role"]) for c in clubs] == [(table.other_club.slug, None)]


def test_an_admin_makes_an_invitation_someone_joins_with_and_then_revokes_it(table, as_role):
    url = f"/api/v1/clubs/{table.club.slug}/invitations"
    made = as_role("admin").post(url, {"role": "member", "multi_use": True}, format="json")
    assert made.status_code == 201
    link = made.json()
    assert link["url"].endswith(f"/join/{link['token']}/") and link["usable"]

    newcomer = client_for(make_user("newcomer"))
    joined = newcomer.post("/api/v1/invitations/accept", {"token": link["token"]}, format="json")
    assert joined.status_code == 201
    assert joined.json() == {"club": table.club.slug, "role": "member"}

    revoke = f"{url}/{link['id']}/revoke"
    assert as_role("admin").post(revoke, format="json").json()["revoked"] is True
    listed = as_role("admin").get(url).json()
    assert [(i["id"], i["uses"], i["usable"]) for i in listed] == [(link["id"], 1, False)]
    late = client_for(make_user("late")).post(
        "/api/v1/invitations/accept", {"token": link["token"]}, format="json"
    )
    assert late.status_code == 422 and late.json()["code"] == "invitation_revoked"


def test_only_admins_see_or_make_invitations(table, as_role):
    url = f"/api/v1/clubs/{table.club.slug}/invitations"
    assert as_role("scorer").get(url).status_code == 403
    assert as_role("scorer").post(url, {}, format="json").status_code == 403
    assert as_role("stranger").get(url).status_code == 404


def test_an_admin_removes_a_member_but_not_the_last_admin(table, as_role):
    members = f"/api/v1/clubs/{table.club.slug}/members"
    assert as_role("admin").post(f"{members}/member/remove").status_code == 204
    names = [m["username"] for m in as_role("admin").get(members).json()]
    assert names == ["admin", "scorer"]

    last = as_role("admin").post(f"{members}/admin/remove")
    assert last.status_code == 422 and last.json()["code"] == "last_admin"
    assert as_role("admin").post(f"{members}/stranger/remove").status_code == 404


def test_the_series_in_progress_are_listed_without_the_finished_or_abandoned(table, as_role):
    gone = start(table.club, table.players).series_id
    services.series_abandon(series_id=gone)
    playing = start(table.club, table.players).series_id
    url = f"/api/v1/clubs/{table.club.slug}/series"

    open_series = as_role("member").get(url, {"state": "open"}).json()
    assert [s["id"] for s in open_series["results"]] == [str(playing)]
    abandoned = as_role("member").get(url, {"state": "abandoned"}).json()
    assert [s["id"] for s in abandoned["results"]] == [str(gone)]
    assert as_role("member").get(url, {"state": "over"}).status_code == 400


def test_the_deals_waiting_for_a_second_member_name_who_recorded_them(table, as_role, started):
    club_services.club_update(club=table.club, deals_need_confirmation=True)
    anna, bruno, carla = table.players
    deals = f"/api/v1/series/{started['id']}/deals"
    as_role("scorer").post(deals, deal_body(1, anna, [bruno, carla]), format="json")
    as_role("scorer").post(deals, deal_body(2, bruno, [anna, carla]), format="json")
    as_role("member").post(f"{deals}/1/confirmation", {}, format="json")

    waiting = as_role("member").get(f"/api/v1/series/{started['id']}/confirmations").json()
    assert waiting == {
        "needs_confirmation": True,
        "deals": [{"number": 2, "confirmation": "", "recorded_by": "scorer"}],
    }


def test_a_disputed_deal_waits_even_where_confirmations_are_not_needed(table, as_role, started):
    anna, bruno, carla = table.players
    deals = f"/api/v1/series/{started['id']}/deals"
    as_role("scorer").post(deals, deal_body(1, anna, [bruno, carla]), format="json")
    as_role("member").post(f"{deals}/1/dispute", {"reason": "Carla had 30"}, format="json")

    waiting = as_role("member").get(f"/api/v1/series/{started['id']}/confirmations").json()
    assert waiting["needs_confirmation"] is False
    assert waiting["deals"] == [{"number": 1, "confirmation": "disputed", "recorded_by": "scorer"}]


def test_a_user_lists_their_devices_and_signs_one_out(table):
    admin = table.users["admin"]
    phone, tablet = client_for(admin), client_for(admin)
    devices = phone.get("/api/v1/account/devices").json()
    assert len(devices) == 2 and sum(d["current"] for d in devices) == 1
    other = next(d for d in devices if not d["current"])

    assert phone.post(f"/api/v1/account/devices/{other['id']}/revoke").status_code == 204
    assert tablet.get("/api/v1/account/devices").status_code == 401
    assert phone.post(f"/api/v1/account/devices/{other['id']}/revoke").status_code == 404
    assert [d["current"] for d in phone.get("/api/v1/account/devices").json()] == [True]


def test_a_member_sets_the_pin_that_confirms_deals_on_the_scorers_phone(table, as_role):
    member = as_role("member")
    assert member.get("/api/v1/account/pin").json() == {"has_pin": False}
    assert member.put("/api/v1/account/pin", {"pin": "12a4"}, format="json").status_code == 400
    assert member.put("/api/v1/account/pin", {"pin": "2468"}, format="json").status_code == 204
    assert member.get("/api/v1/account/pin").json() == {"has_pin": True}
    assert Profile.objects.get(user=table.users["member"]).pin_matches("2468")


def test_a_user_reads_their_account_and_changes_its_email(as_role):
    me = as_role("member")
    changed = me.patch("/api/v1/account", {"email": "member@example.org"}, format="json")
    assert changed.json() == {
        "username": "member",
        "email": "member@example.org",
        "results_by_email": False,
        "email_confirmed": False,
        "language": "",
    }
    assert me.get("/api/v1/account").json()["email"] == "member@example.org"
    assert (
        me.patch("/api/v1/account", {"email": "not an address"}, format="json").status_code == 400
    )


def test_a_changed_password_signs_every_device_out(table):
    user = make_user("ada", password="first-Secret-42")
    phone = client_for(user)
    wrong = phone.post(
        "/api/v1/account/password",
        {"old_password": "guess", "new_password": "second-Secret-42"},
        format="json",
    )
    assert wrong.status_code == 422 and wrong.json()["code"] == "wrong_password"
    weak = phone.post(
        "/api/v1/account/password",
        {"old_password": "first-Secret-42", "new_password": "123"},
        format="json",
    )
    assert weak.status_code == 422 and weak.json()["field"] == "new_password"

    changed = phone.post(
        "/api/v1/account/password",
        {"old_password": "first-Secret-42", "new_password": "second-Secret-42"},
        format="json",
    )
    assert changed.status_code == 204
    assert phone.get("/api/v1/account").status_code == 401
    token = client_for().post(
        "/api/v1/auth/token", {"username": "ada", "password": "second-Secret-42"}, format="json"
    )
    assert token.status_code == 200
