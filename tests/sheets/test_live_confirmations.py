"""The live view follows confirmations too: spectators see which deals wait for a
second member, and the totals strip, updated as the table goes on."""

from __future__ import annotations

import pytest
from django.contrib.auth import get_user_model

from series.accounts import services as accounts
from series.clubs import membership
from series.clubs import players as player_services
from series.clubs import services as club_services
from series.sheets import services
from tests.support.browser import PASSWORD, shoot, sign_in
from tests.support.factories import entry
from tests.support.pages import live_path

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def test_spectators_see_a_deal_to_confirm_until_it_is_confirmed(page, live_server):
    scorer, friend = (get_user_model().objects.create_user(name) for name in ("marta", "luca"))
    club = club_services.club_create(name="Circolo Tressette", admin=scorer)
    club_services.club_update(club=club, deals_need_confirmation=True)
    anna, bruno, carla = (
        player_services.player_add(club=club, name=n) for n in ("Anna", "Bruno", "Carla")
    )
    series_id = services.series_start(
        club=club, players=[anna.id, bruno.id, carla.id], first_dealer=anna.id
    ).series_id
    page.goto(f"{live_server.url}{live_path(series_id, scorer)}")
    page.get_by_text("Deal 1: Anna deals next.").wait_for()

    services.deal_record(
        series_id=series_id, entry=entry(bruno, {anna: 30, carla: 45}), actor_id=scorer.id
    )
    page.get_by_text("To confirm by a second member: deal 1").wait_for(timeout=10_000)
    chips = page.get_by_role("list", name="Totals")
    assert chips.get_by_role("listitem").filter(has_text="Carla").inner_text().split()[1] == "45"

    services.deal_confirm(series_id=series_id, number=1, user_id=friend.id)
    page.get_by_text("To confirm by a second member").wait_for(state="detached", timeout=10_000)
    assert page.locator(".badge.confirmed").count() == 1


def test_a_member_confirms_with_their_pin_on_the_scorers_phone(page, live_server):
    scorer = get_user_model().objects.create_user("marta", password=PASSWORD)
    friend = get_user_model().objects.create_user("luca")
    club = club_services.club_create(name="Circolo Tressette", admin=scorer)
    membership.member_set(club=club, user=friend, role="member")
    club_services.club_update(club=club, deals_need_confirmation=True)
    accounts.pin_set(user=friend, pin="2468")
    names = ("Anna", "Bruno", "Luca")
    anna, bruno, luca = (player_services.player_add(club=club, name=name) for name in names)
    player_services.player_link(club=club, player_id=luca.id, user_id=friend.id)  # Luca is seated
    series_id = services.series_start(
        club=club, players=[anna.id, bruno.id, luca.id], first_dealer=anna.id
    ).series_id
    services.deal_record(
        series_id=series_id, entry=entry(bruno, {anna: 30, luca: 45}), actor_id=scorer.id
    )

    sign_in(page, live_server, f"/series/{series_id}/")
    page.get_by_role("region", name="Confirm the deals").get_by_role("link", name="Deal 1").click()
    page.get_by_label("Who confirms").select_option(label="Luca")
    page.get_by_label("Their PIN").fill("2468")
    shoot(page, "confirm-deal")
    page.get_by_role("button", name="Confirm deal 1").click()

    page.get_by_text("Deal 1 is confirmed.").wait_for()
    assert page.locator(".badge.confirmed").count() == 1


def test_a_disputes_reason_shows_beside_the_deal_and_on_the_correction_page(page, live_server):
    scorer = get_user_model().objects.create_user("marta", password=PASSWORD)
    friend = get_user_model().objects.create_user("luca")
    club = club_services.club_create(name="Circolo Tressette", admin=scorer)
    membership.member_set(club=club, user=friend, role="member")
    club_services.club_update(club=club, deals_need_confirmation=True)
    accounts.pin_set(user=friend, pin="2468")
    names = ("Anna", "Bruno", "Carla")
    anna, bruno, carla = (player_services.player_add(club=club, name=name) for name in names)
    series_id = services.series_start(
        club=club, players=[anna.id, bruno.id, carla.id], first_dealer=anna.id
    ).series_id
    player_services.player_link(
        club=club, player_id=anna.id, user_id=friend.id
    )  # Luca plays as Anna
    services.deal_record(
        series_id=series_id, entry=entry(bruno, {anna: 30, carla: 45}), actor_id=scorer.id
    )

    sign_in(page, live_server, f"/series/{series_id}/")
    page.get_by_role("region", name="Confirm the deals").get_by_role("link", name="Deal 1").click()
    page.get_by_label("Who confirms").select_option(label="Anna")
    page.get_by_label("Their PIN").fill("2468")
    page.get_by_label("What is wrong (to dispute)").fill("Carla had 35, not 45")
    page.get_by_role("button", name="Dispute it").click()

    page.get_by_text("Deal 1 is disputed.").wait_for()
    beside = page.locator("#score-table .dispute-row")
    assert "Disputed by Anna on " in beside.inner_text()  # the player Luca plays as
    assert beside.inner_text().endswith(": Carla had 35, not 45")
    assert page.evaluate("document.documentElement.scrollWidth") <= 360
    shoot(page, "dispute-reason-on-the-sheet")

    page.get_by_text("Correct or void a deal").click()
    page.get_by_role("link", name="Correct").click()
    page.get_by_text("Disputed by Anna on ").wait_for()
    assert "Carla had 35, not 45" in page.locator("main").inner_text()
