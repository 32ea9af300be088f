"""A club's membership, from the pages alone, on a phone at 360 × 740: its admin
asks to join without a link, withdraws a private federation's request, leaves
a federation; the federation's admin removes a club. Each removal is asked once
more on a page of its own before anything changes."""

from __future__ import annotations

import pytest
from django.contrib.auth import get_user_model

from series.federations import services
from series.models import FederationMember
from tests.federations.conftest import club_of
from tests.support.browser import shoot, sign_in

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

WAIT = 5000  # ms, every wait bounded


def page_fits(tab) -> bool:
    return tab.evaluate("document.documentElement.scrollWidth <= window.innerWidth")


def status_of(club: str) -> str:
    return FederationMember.objects.get(club__slug=club).status


def test_a_club_admin_asks_to_join_a_public_federation_without_its_link(page, live_server, marta):
    runner = get_user_model().objects.create_user("runner")
    club_of("Uno", ["Ada", "Bruno"], admin=marta)
    services.federation_create(user=runner, name="Lega")
    sign_in(page, live_server, "/federations/lega/")
    page.get_by_role("link", name="Ask to join").click()
    page.get_by_role("heading", name="Ask to join Lega").wait_for(timeout=WAIT)
    page.get_by_label("Your club").select_option(label="Uno")
    assert page_fits(page)
    page.get_by_role("button", name="Ask to join").click()
    page.get_by_text("Your club asks to join Lega: the federation's admins answer.").wait_for(
        timeout=WAIT
    )
    assert page.get_by_role("link", name="Withdraw the request").is_visible()
    shoot(page, "federation-asked")
    assert status_of("uno") == "pending"


def test_a_pending_club_withdraws_its_request_to_a_private_federation(page, live_server, marta):
    runner = get_user_model().objects.create_user("runner")
    uno, _players = club_of("Uno", ["Ada", "Bruno"], admin=marta)
    federation = services.federation_create(user=runner, name="Chiusa", public=False).federation
    services.club_join(federation=federation, club=uno, user=marta)
    sign_in(page, live_server, "/federations/chiusa/")
    page.get_by_role("link", name="Withdraw the request").click()
    page.get_by_role("heading", name="Withdraw Uno's request to join").wait_for(timeout=WAIT)
    assert page_fits(page)
    assert status_of("uno") == "pending"  # nothing changes before the second tap
    page.get_by_role("button", name="Yes, withdraw the request").click()
    page.get_by_text("Uno no longer asks to join Chiusa.").wait_for(timeout=WAIT)
    shoot(page, "federation-request-withdrawn")
    assert status_of("uno") == "ended"


def test_a_club_admin_leaves_a_federation(page, live_server, marta):
    runner = get_user_model().objects.create_user("runner")
    uno, _players = club_of("Uno", ["Ada", "Bruno"], admin=marta)
    made = services.federation_create(user=runner, name="Lega")
    services.club_join(federation=made.federation, club=uno, user=marta, token=made.token)
    sign_in(page, live_server, "/federations/lega/")
    page.get_by_role("link", name="Leave the federation").click()
    page.get_by_role("heading", name="Uno leaves the federation").wait_for(timeout=WAIT)
    assert page_fits(page)
    assert status_of("uno") == "active"
    page.get_by_role("button", name="Yes, leave the federation").click()
    page.get_by_text("Uno is no longer a member of Lega.").wait_for(timeout=WAIT)
    shoot(page, "federation-left")
    assert status_of("uno") == "ended"


def test_a_federation_admin_removes_a_club_after_a_confirmation(page, live_server, marta):
    club_admin = get_user_model().objects.create_user("clubadmin")
    uno, _players = club_of("Uno", ["Ada", "Bruno"], admin=club_admin)
    made = services.federation_create(user=marta, name="Lega")
    services.club_join(federation=made.federation, club=uno, user=club_admin, token=made.token)
    sign_in(page, live_server, "/federations/lega/")
    page.get_by_role("link", name="Remove Uno from the federation").click()
    page.get_by_role("heading", name="Remove Uno from the federation").wait_for(timeout=WAIT)
    assert page_fits(page)
    page.get_by_role("link", name="Back to the federation").click()
    page.get_by_role("heading", name="Lega").wait_for(timeout=WAIT)
    assert status_of("uno") == "active"  # going back changes nothing
    page.get_by_role("link", name="Remove Uno from the federation").click()
    page.get_by_role("button", name="Yes, remove Uno").click()
    page.get_by_text("Uno is no longer a member of Lega.").wait_for(timeout=WAIT)
    assert status_of("uno") == "ended"
