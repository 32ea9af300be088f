"""Results by e-mail on a phone at 360 × 740: a member turns them on from the
account page, confirms the address with the link the sender mailed, gets the
night's result once it closes, and opens the message's unsubscribe link signed
out (as a mail program would) and presses its button. Nothing is wider than
the screen, and axe finds nothing on either page."""

from __future__ import annotations

import re

import pytest
from django.core import mail

from series.accounts import subscriptions
from series.clubs import players as player_services
from series.mail import sender
from series.nights import services as nights
from tests.support.browser import AXE, shoot, sign_in, violations_of
from tests.support.nights import play_out, tables_started

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

WAIT = 5000  # ms, every wait bounded


def a_night_with(club, players) -> None:
    """Four of the club's players at one table, played out and closed."""
    night = tables_started(club, players[:4], 4)
    play_out(night)
    nights.night_close(night_id=night)


def link_in(message, pattern: str) -> str:
    return re.search(pattern, message.body).group(0)


def test_a_member_turns_results_on_and_unsubscribes_signed_out(
    browsers, live_server, club, settings
):
    settings.SITE_URL = live_server.url  # the links in the mail open this server
    the_club, players = club
    member = the_club.memberships.get().user  # marta, the club's admin
    player_services.player_link(club=the_club, player_id=players[0].id, user_id=member.id)
    phone = browsers("en-GB")
    phone.context.add_init_script(path=AXE)
    sign_in(phone, live_server, "/account/")
    phone.get_by_role("textbox", name="E-mail").fill("marta@example.org")
    phone.get_by_label("E-mail me my results after each club night").check()
    phone.get_by_role("button", name="Save", exact=True).click()
    phone.get_by_text("A link was sent to marta@example.org").wait_for(timeout=WAIT)
    assert phone.get_by_role("button", name="Send the link again").is_visible()
    assert phone.evaluate("document.documentElement.scrollWidth") <= 360
    assert violations_of(phone) == []
    shoot(phone, "results-by-email-account")

    assert sender.send_all() == 1  # the link that confirms the address
    (confirm,) = mail.outbox
    phone.goto(link_in(confirm, r"http://\S+/account/email/confirm/\S+/"))
    phone.get_by_role("button", name="Confirm this address").click()
    phone.get_by_text("marta@example.org is confirmed").wait_for(timeout=WAIT)

    a_night_with(the_club, players)
    assert sender.send_all() == 1  # the night's result
    result = mail.outbox[-1]
    assert result.subject.startswith("Circolo Tressette, club night of 14 March 2026: you placed")
    unsubscribe = link_in(result, r"http://\S+/mail/unsubscribe/\S+/")
    assert result.extra_headers["List-Unsubscribe"] == f"<{unsubscribe}>"

    signed_out = browsers("en-GB")  # a browser of its own: no session
    signed_out.context.add_init_script(path=AXE)
    signed_out.goto(unsubscribe)
    signed_out.get_by_role("heading", name="Results by e-mail").wait_for(timeout=WAIT)
    assert signed_out.evaluate("document.documentElement.scrollWidth") <= 360
    assert violations_of(signed_out) == []
    shoot(signed_out, "results-by-email-unsubscribe")
    signed_out.get_by_role("button", name="Unsubscribe").click()
    signed_out.get_by_text("You are unsubscribed").wait_for(timeout=WAIT)
    assert not subscriptions.results_by_email(member).on

    phone.goto(f"{live_server.url}/account/")
    box = phone.get_by_label("E-mail me my results after each club night")
    assert not box.is_checked()
