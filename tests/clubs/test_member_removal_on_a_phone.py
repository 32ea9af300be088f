"""On a 360 px phone, in English and Italian: removing a member asks first,
naming them, and says afterwards who was removed."""

from __future__ import annotations

import pytest
from django.contrib.auth import get_user_model

from series.clubs import membership
from series.clubs import services as club_services
from series.models import Membership
from tests.support.browser import PASSWORD, shoot, sign_in, words

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


# One language: a journey runs once; its words in every language are test_languages.py's.
@pytest.mark.parametrize("language", ["it"])
def test_an_admin_is_asked_before_a_member_is_removed_and_told_who_was(page, live_server, language):
    t = words(language)
    admin = get_user_model().objects.create_user("marta", password=PASSWORD)
    club = club_services.club_create(name="Circolo Tressette", admin=admin)
    piero = get_user_model().objects.create_user("piero")
    membership.member_set(club=club, user=piero, role="member")
    sign_in(page, live_server)
    if language != "en":
        page.wait_for_selector("#language-choice")
        with page.expect_navigation():
            page.locator("#language-choice").select_option(language)
    page.goto(f"{live_server.url}/clubs/{club.slug}/members/")

    # The first tap asks, naming the member; going back keeps them.
    remove = t("Remove %(name)s from the club", name="piero")
    page.get_by_role("button", name=remove).click()
    page.get_by_role("heading", name=remove).wait_for()
    page.get_by_role("link", name=t("Back to the members")).click()
    page.get_by_role("button", name=remove).wait_for()
    assert Membership.objects.filter(club=club, user=piero).exists()

    page.get_by_role("button", name=remove).click()
    page.get_by_role("heading", name=remove).wait_for()  # measured once it is there
    assert page.evaluate("document.documentElement.scrollWidth") <= 360
    shoot(page, f"member-removal-asked-{language}")
    page.get_by_role("button", name=t("Yes, remove %(name)s", name="piero")).click()
    page.get_by_text(t("%(name)s is no longer a member of the club.", name="piero")).wait_for()
    assert page.get_by_role("button", name=remove).count() == 0
    assert not Membership.objects.filter(club=club, user=piero).exists()
