"""Where a member asks for their results by e-mail (the account page, the tick
box when joining a club, ``PATCH /api/v1/account``), where an address is
confirmed (its link, or ``manage.py confirm_email``), where the language is
kept (the switcher, signed in), where a club admin turns the club's e-mails
off (its settings page and API), and the unsubscribe page, signed out."""

from __future__ import annotations

import pytest
from django.contrib.auth import get_user_model
from django.core.management import CommandError, call_command
from django.test import Client

from series.accounts import services as accounts
from series.accounts import subscriptions
from series.clubs import membership
from series.clubs import services as club_services
from series.mail import tokens
from series.models import Club, OutgoingMail, Profile
from tests.support.api import client_for
from tests.support.pages import signed_in

pytestmark = pytest.mark.django_db

Kind = OutgoingMail.Kind


@pytest.fixture
def member():
    user = get_user_model().objects.create_user("anna", first_name="Anna")
    accounts.email_set(user=user, email="anna@example.org")
    return user


def links_waiting(user) -> int:
    return OutgoingMail.objects.filter(user=user, kind=Kind.CONFIRM, outcome="").count()


def test_results_are_off_until_the_member_turns_them_on(member):
    results = subscriptions.results_by_email(member)
    assert not results.on and not results.confirmed and not results.sent
    page = signed_in(member).get("/account/").content.decode()
    assert "E-mail me my results after each club night" in page
    assert 'name="results_by_email"' in page and "checked" not in page


def test_the_account_page_turns_results_on_and_sends_a_link_to_confirm(member):
    browser = signed_in(member, "it")
    answer = browser.post(
        "/account/", {"email": "anna@example.org", "results_by_email": "on"}, follow=True
    )
    assert "aprilo per confermare" in answer.content.decode()
    results = subscriptions.results_by_email(member)
    assert results.on and not results.confirmed and results.link_sent
    assert links_waiting(member) == 1
    assert Profile.objects.get(user=member).language == "it"  # the page's, none chosen yet
    browser.post("/account/", {"email": "anna@example.org", "results_by_email": "on"})
    assert links_waiting(member) == 1  # saved again: no second link
    browser.post("/account/", {"send_again": "1"})
    assert links_waiting(member) == 1  # one waits already
    browser.post("/account/", {"email": "", "results_by_email": ""})
    assert not subscriptions.results_by_email(member).on


def test_a_link_asked_for_again_and_again_is_sent_once_in_ten_minutes(member):
    # Anyone may type any address: "send again" must not fill its mailbox.
    from datetime import timedelta

    from django.utils import timezone

    subscriptions.results_by_email_set(user=member, on=True)
    links = OutgoingMail.objects.filter(user=member, kind=Kind.CONFIRM)
    links.update(outcome="sent")  # the sender delivered the first
    browser = signed_in(member)
    answer = browser.post("/account/", {"send_again": "1"}, follow=True).content.decode()
    assert "less than 10 minutes ago" in answer
    links.update(created_at=timezone.now() - timedelta(minutes=11))  # it was lost
    answer = browser.post("/account/", {"send_again": "1"}, follow=True).content.decode()
    assert "A new link was sent to anna@example.org." in answer
    assert links.count() == 2
    links.update(outcome="sent")
    for _ in range(3):
        answer = browser.post("/account/", {"send_again": "1"}, follow=True).content.decode()
        assert "less than 10 minutes ago" in answer
    assert links.count() == 2
    links.update(created_at=timezone.now() - timedelta(minutes=11))  # lost again
    browser.post("/account/", {"send_again": "1"})
    assert links.count() == 3


def test_a_changed_address_waits_for_its_own_link(member):
    subscriptions.results_by_email_set(user=member, on=True)
    subscriptions.email_confirm(user_id=member.id, email="anna@example.org")
    assert subscriptions.results_by_email(member).sent
    signed_in(member).post("/account/", {"email": "anna@new.example", "results_by_email": "on"})
    member.refresh_from_db()
    results = subscriptions.results_by_email(member)
    assert results.on and not results.confirmed
    assert OutgoingMail.objects.filter(user=member, facts__email="anna@new.example").exists()


def test_the_api_turns_results_on_and_says_whether_the_address_is_confirmed(member):
    api = client_for(member)
    answer = api.patch("/api/v1/account", {"results_by_email": True}, format="json")
    assert answer.status_code == 200
    assert answer.json() == {
        "username": "anna",
        "email": "anna@example.org",
        "results_by_email": True,
        "email_confirmed": False,
        "language": "en",
    }
    assert links_waiting(member) == 1
    call_command("confirm_email", "anna")
    assert api.get("/api/v1/account").json()["email_confirmed"] is True
    answer = api.patch("/api/v1/account", {"results_by_email": "yes please"}, format="json")
    assert answer.status_code == 400


def test_an_operator_confirms_an_address_and_is_told_of_a_missing_one(member, capsys):
    call_command("confirm_email", "anna")
    assert "Confirmed anna@example.org for anna." in capsys.readouterr().out
    assert subscriptions.results_by_email(member).confirmed
    get_user_model().objects.create_user("bruno")
    with pytest.raises(CommandError):
        call_command("confirm_email", "bruno")
    with pytest.raises(CommandError):
        call_command("confirm_email", "nobody")


def test_the_language_chosen_while_signed_in_is_kept_for_the_mail(member):
    browser = signed_in(member)
    browser.post("/i18n/setlang/", {"language": "fr", "next": "/"})
    assert subscriptions.language_of(member) == "fr"
    Client().post("/i18n/setlang/", {"language": "nl", "next": "/"})  # signed out: no account
    browser.post("/i18n/setlang/", {"language": "xx", "next": "/"})
    assert subscriptions.language_of(member) == "fr"


def test_a_member_joining_a_club_can_tick_results_by_email(member):
    club = club_services.club_create(name="Circolo")
    token = membership.invitation_create(club=club, role="member", multi_use=True).token
    browser = signed_in(member)
    browser.get(f"/join/{token}/")
    page = browser.get("/join/").content.decode()
    assert "E-mail me my results after each club night" in page
    answer = browser.post("/join/", {"results_by_email": "1"}, follow=True)
    assert "A link was sent to anna@example.org" in answer.content.decode()
    assert subscriptions.results_by_email(member).on


def test_a_club_admin_turns_the_clubs_emails_off_on_its_settings_page_and_api():
    admin = get_user_model().objects.create_user("admin")
    club = club_services.club_create(name="Circolo", admin=admin)
    assert club.results_by_email
    browser = signed_in(admin)
    page = browser.get(f"/clubs/{club.slug}/settings/").content.decode()
    assert "E-mail the night&#x27;s results" in page
    form = {"name": "Circolo", "time_zone": "", "preset": "continental"}
    answer = browser.post(f"/clubs/{club.slug}/settings/", form)
    assert answer.status_code == 302
    assert not Club.objects.get(id=club.id).results_by_email
    api = client_for(admin)
    answer = api.patch(f"/api/v1/clubs/{club.slug}", {"results_by_email": True}, format="json")
    assert answer.status_code == 200 and answer.json()["results_by_email"] is True
    assert Club.objects.get(id=club.id).results_by_email


def test_the_unsubscribe_page_shows_a_button_and_its_post_unsubscribes(member):
    subscriptions.results_by_email_set(user=member, on=True)
    path = f"/mail/unsubscribe/{tokens.unsubscribe_token(member.id)}/"
    visitor = Client(enforce_csrf_checks=True)
    page = visitor.get(path)
    assert page.status_code == 200 and "Unsubscribe" in page.content.decode()
    assert subscriptions.results_by_email(member).on  # a look changes nothing
    done = visitor.post(path)
    assert "You are unsubscribed" in done.content.decode()
    assert not subscriptions.results_by_email(member).on


def test_a_forged_or_cut_link_unsubscribes_nobody(member):
    subscriptions.results_by_email_set(user=member, on=True)
    token = tokens.unsubscribe_token(member.id)
    other = token.replace(f"{member.id}:", f"{member.id + 1}:", 1)
    for bad in (other, token[:-3]):
        assert Client().post(f"/mail/unsubscribe/{bad}/").status_code == 404
    assert subscriptions.results_by_email(member).on


def test_an_expired_confirmation_link_confirms_nothing(member, settings):
    settings.EMAIL_CONFIRM_DAYS = 0
    token = tokens.confirm_token(member.id, member.email)
    import time

    time.sleep(1.1)
    assert Client().post(f"/account/email/confirm/{token}/").status_code == 404
    assert not subscriptions.results_by_email(member).confirmed
