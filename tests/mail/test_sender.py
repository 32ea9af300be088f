"""The sender delivers the outbox to a real SMTP server (aiosmtpd): each message
in its member's language, with its row's Message-ID and a one-click
unsubscribe (RFC 8058), marked sent once the server took it; a message no
longer wanted is skipped, a refused one waits and is tried again."""

from __future__ import annotations

import re
import uuid

import pytest
from django.core import mail as django_mail
from django.test import Client
from django.utils import timezone

from series.accounts import subscriptions
from series.clubs import services as club_services
from series.mail import sender
from series.models import OutgoingMail
from series.nights import services as nights
from tests.support.mail import a_night_of_eight

pytestmark = pytest.mark.django_db

Kind, Outcome = OutgoingMail.Kind, OutgoingMail.Outcome


def confirmed_members_night(**members):
    """A night of eight played and closed; the links that confirmed the members'
    addresses are not waiting (they were confirmed by an operator)."""
    club, players, night_id, users = a_night_of_eight(**members)
    OutgoingMail.objects.filter(kind=Kind.CONFIRM).update(outcome=Outcome.SKIPPED)
    closed = nights.night_close(night_id=night_id).state
    return club, players, night_id, users, closed


def test_a_closed_nights_result_reaches_the_member_in_their_language(smtp):
    club, players, night_id, _users, closed = confirmed_members_night(anna=(0, {"language": "it"}))
    assert sender.send_all() == 1
    (message,) = smtp.mailbox.to("anna@example.org")
    row = OutgoingMail.objects.get(night_id=night_id)
    assert message["Message-ID"] == row.message_id
    assert row.outcome == Outcome.SENT and row.sent_at is not None
    line = next(line for line in closed.points if line.player == players[0].id)
    assert message["Subject"] == f"Club, serata del 14 marzo 2026: {line.place}º posto"
    body = message.get_content()
    assert "Ciao Player 01," in body
    assert "arrivato" not in body  # nobody is told in the masculine alone
    assert f"Il tuo posto: {line.place}º su 8, con " in body
    report = f"https://scorekeeper.example/clubs/{club.slug}/nights/{night_id}/report/"
    assert report in body
    assert message["Content-Language"] == "it"
    assert sender.send_all() == 0  # sent once
    assert len(smtp.mailbox.messages) == 1


def test_every_message_has_a_one_click_unsubscribe_that_works_signed_out(smtp):
    _club, _players, _night_id, users, _closed = confirmed_members_night(anna=(0, {}))
    sender.send_all()
    (message,) = smtp.mailbox.to("anna@example.org")
    assert message["List-Unsubscribe-Post"] == "List-Unsubscribe=One-Click"
    # A long header is folded after its name: the parser keeps the space.
    header = message["List-Unsubscribe"].strip()
    link = re.fullmatch(r"<(https://scorekeeper\.example/\S+)>", header)
    assert link is not None
    assert link.group(1) in message.get_content()
    path = link.group(1).removeprefix("https://scorekeeper.example")
    # A mail program's one-click POST: no cookie, no CSRF token, no sign-in.
    answer = Client(enforce_csrf_checks=True).post(
        path, "List-Unsubscribe=One-Click", content_type="application/x-www-form-urlencoded"
    )
    assert answer.status_code == 200
    assert not subscriptions.results_by_email(users["anna"]).on


def test_the_top_three_and_the_rounds_are_in_the_message(smtp):
    _club, players, _night_id, _users, closed = confirmed_members_night(bruno=(1, {}))
    sender.send_all()
    (message,) = smtp.mailbox.to("bruno@example.org")
    body = message.get_content()
    assert "The top three:" in body
    names = {p.id: p.name for p in players}
    for line in closed.points:
        if line.place <= 3:
            assert f"{names[line.player]}: " in body
    assert "over 1 round." in body
    assert message["Subject"].startswith("Club, club night of 14 March 2026: you placed ")


def test_a_message_no_longer_wanted_is_skipped(smtp):
    club, _players, night_id, users, _closed = confirmed_members_night(
        anna=(0, {}), bruno=(1, {}), carla=(2, {})
    )
    subscriptions.unsubscribe(user_id=users["anna"].id)
    from series.accounts import services as accounts

    accounts.email_set(user=users["bruno"], email="bruno@elsewhere.example")  # not confirmed
    assert sender.send_all() == 3
    assert [m["To"] for m in smtp.mailbox.messages] == ["carla@example.org"]
    outcomes = dict(
        OutgoingMail.objects.filter(night_id=night_id).values_list("user_id", "outcome")
    )
    assert outcomes[users["anna"].id] == outcomes[users["bruno"].id] == Outcome.SKIPPED
    club_services.club_update(club=club, results_by_email=False)


def test_a_club_that_turned_its_emails_off_after_the_close_sends_nothing(smtp):
    club, _players, night_id, _users, _closed = confirmed_members_night(anna=(0, {}))
    club_services.club_update(club=club, results_by_email=False)
    sender.send_all()
    assert smtp.mailbox.messages == []
    assert OutgoingMail.objects.get(night_id=night_id).outcome == Outcome.SKIPPED


def test_a_refused_message_waits_and_is_tried_again(smtp):
    _club, _players, night_id, _users, _closed = confirmed_members_night(anna=(0, {}))
    smtp.mailbox.refuse = True
    assert sender.send_all() == 1
    row = OutgoingMail.objects.get(night_id=night_id)
    assert row.outcome == Outcome.WAITING and row.attempts == 1
    assert row.due_at > timezone.now() and "451" in row.error
    smtp.mailbox.refuse = False
    OutgoingMail.objects.filter(id=row.id).update(due_at=timezone.now())  # the wait is over
    assert sender.send_all() == 1
    assert OutgoingMail.objects.get(id=row.id).outcome == Outcome.SENT
    assert [m["Message-ID"] for m in smtp.mailbox.messages] == [row.message_id]


def test_a_correction_says_the_old_and_the_new(smtp):
    # RULES D-22
    from series.sheets import services
    from tests.support.factories import entry

    _club, players, night_id, _users, first = confirmed_members_night(
        anna=(0, {}), bruno=(1, {}), carla=(2, {}), dario=(3, {})
    )
    sender.send_all()
    table = first.rounds[0].table_of(players[0].id)
    nights.night_reopen(night_id=night_id, reason="The winner was entered wrong")
    seats = table.seats
    hands = {p: 10 + 10 * n for n, p in enumerate((seats[0], *seats[2:]), 1)}
    services.deal_correct(
        series_id=table.series, number=1, entry=entry(seats[1], hands), reason="Wrong winner"
    )
    nights.night_close(night_id=night_id)
    corrections = OutgoingMail.objects.filter(night_id=night_id, kind=Kind.CORRECTION)
    assert corrections.exists()
    sender.send_all()
    for row in corrections:
        (message,) = [m for m in smtp.mailbox.messages if m["Message-ID"] == row.message_id]
        assert message["Subject"].endswith(": your result was corrected")
        body = message.get_content()
        assert "Before: " in body and "Now: " in body


def test_a_link_confirms_an_address_before_any_result_is_sent(smtp):
    from series.accounts import services as accounts
    from tests.support.mail import member_for

    club, players, night_id, _users = a_night_of_eight()
    user = member_for(club, players[0], "anna", confirmed=False)
    nights.night_close(night_id=night_id)
    assert not OutgoingMail.objects.filter(night_id=night_id).exists()  # not confirmed
    sender.send_all()
    (message,) = smtp.mailbox.to("anna@example.org")
    assert message["Subject"] == "Confirm your e-mail address"
    link = re.search(r"https://scorekeeper\.example(/account/email/confirm/\S+/)", str(message))
    page = Client()
    assert "Confirm this address" in page.get(link.group(1)).content.decode()
    assert not subscriptions.results_by_email(user).confirmed  # a GET confirms nothing
    page.post(link.group(1))
    assert subscriptions.results_by_email(user).confirmed
    accounts.email_set(user=user, email="anna@new.example")
    assert not subscriptions.results_by_email(user).confirmed  # a new address, a new link
    assert page.post(link.group(1)).status_code == 410


def test_with_no_server_configured_mail_goes_to_django_s_backend():
    _club, _players, _night_id, _users, _closed = confirmed_members_night(anna=(0, {}))
    sender.send_all()
    assert [m.to for m in django_mail.outbox] == [["anna@example.org"]]


def test_a_row_no_message_can_be_made_of_is_given_up_and_holds_up_nothing(smtp, settings):
    club, _players, night_id, users, _closed = confirmed_members_night(anna=(0, {}))
    settings.MAIL_ATTEMPTS = 1
    broken = OutgoingMail.objects.create(  # no service writes such a row: facts are missing
        kind=Kind.RESULT,
        user=users["anna"],
        club_id=club.id,
        night_id=uuid.uuid4(),
        facts={"place": 1},
        message_id="<broken@scorekeeper.example>",
        due_at=timezone.now(),
    )
    assert sender.send_all() == 2
    broken.refresh_from_db()
    assert broken.outcome == Outcome.FAILED and broken.error
    assert [m["To"] for m in smtp.mailbox.messages] == ["anna@example.org"]
    assert OutgoingMail.objects.get(night_id=night_id).outcome == Outcome.SENT


def test_a_subject_names_the_club_as_written_not_as_html(smtp):
    # A plain-text header: "Sant'Anna & Co" is not "Sant&#x27;Anna &amp; Co".
    club, _players, night_id, _users = a_night_of_eight(anna=(0, {}))
    club_services.club_update(club=club, name="Sant'Anna & Co <Roma>")
    OutgoingMail.objects.filter(kind=Kind.CONFIRM).update(outcome=Outcome.SKIPPED)
    nights.night_close(night_id=night_id)
    sender.send_all()
    (message,) = smtp.mailbox.to("anna@example.org")
    assert message["Subject"].startswith("Sant'Anna & Co <Roma>, club night of ")
    assert "Sant'Anna & Co <Roma>" in message.get_content()
