"""On the scorer's 360 px phone, in English and Italian: only the seated
players' members are offered to confirm, a member without a PIN is told so,
and wrong PINs count down to a lock on that phone."""

from __future__ import annotations

import pytest
from django.contrib.auth import get_user_model

from series.accounts import services as accounts
from series.clubs import membership
from series.clubs import players as player_services
from series.clubs import services as club_services
from series.sheets import services
from tests.support.browser import PASSWORD, shoot, sign_in, words
from tests.support.factories import entry

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


# One language: a journey runs once; its words in every language are test_languages.py's.
@pytest.mark.parametrize("language", ["en"])
def test_wrong_pins_count_down_to_a_lock_on_the_scorers_phone(
    page, live_server, language, settings
):
    settings.PIN_FAILURE_LIMIT = 2
    # Refused, the page answers 422; locked, 429 (chromium reports both).
    page.expected_errors.extend(["status of 422", "status of 429"])
    t = words(language)
    users = get_user_model().objects
    scorer = users.create_user("marta", password=PASSWORD)
    luca, sara, outsider = (users.create_user(name) for name in ("luca", "sara", "ugo"))
    club = club_services.club_create(name="Circolo Tressette", admin=scorer)
    for member in (luca, sara, outsider):
        membership.member_set(club=club, user=member, role="member")
    club_services.club_update(club=club, deals_need_confirmation=True)
    anna, luca_p, sara_p = (
        player_services.player_add(club=club, name=n) for n in ("Anna", "Luca", "Sara")
    )
    player_services.player_link(club=club, player_id=luca_p.id, user_id=luca.id)
    player_services.player_link(club=club, player_id=sara_p.id, user_id=sara.id)
    accounts.pin_set(user=luca, pin="2468")
    series_id = services.series_start(
        club=club, players=[anna.id, luca_p.id, sara_p.id], first_dealer=anna.id
    ).series_id
    services.deal_record(
        series_id=series_id, entry=entry(anna, {luca_p: 30, sara_p: 45}), actor_id=scorer.id
    )

    sign_in(page, live_server)
    if language != "en":
        page.wait_for_selector("#language-choice")
        with page.expect_navigation():
            page.locator("#language-choice").select_option(language)
    page.goto(f"{live_server.url}/series/{series_id}/deals/1/confirm/")
    who = page.get_by_label(t("Who confirms"))
    offered = who.locator("option").all_inner_texts()
    assert offered == ["Luca", "Sara"]  # not the scorer who recorded it, not ugo

    who.select_option(label="Sara")
    page.get_by_label(t("Their PIN")).fill("2468")
    page.get_by_role("button", name=t("Confirm deal %(number)s", number=1)).click()
    no_pin = t(
        "{name} has not set a PIN yet: they set one under Account, “Your confirmation "
        "PIN”, or confirm on their own phone."
    ).format(name="Sara")
    page.get_by_text(no_pin).wait_for()

    page.get_by_label(t("Who confirms")).select_option(label="Luca")
    page.get_by_label(t("Their PIN")).fill("1357")
    page.get_by_role("button", name=t("Confirm deal %(number)s", number=1)).click()
    left = t("That PIN is not {name}'s. Tries left on this phone: {left}.")
    page.get_by_text(left.format(name="Luca", left=1)).wait_for()
    page.get_by_label(t("Who confirms")).select_option(label="Luca")
    page.get_by_label(t("Their PIN")).fill("9753")
    page.get_by_role("button", name=t("Confirm deal %(number)s", number=1)).click()
    locked = t(
        "Too many wrong PINs for {name} on this phone: try again in {minutes} minutes, "
        "or {name} confirms on their own phone."
    )
    page.get_by_text(locked.format(name="Luca", minutes=settings.PIN_COOLOFF_MINUTES)).wait_for()
    shoot(page, f"pin-locked-{language}")
    assert page.evaluate("document.documentElement.scrollWidth") <= 360
