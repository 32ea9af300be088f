"""The sender as ``make run`` starts it: a process of its own (``manage.py
send_mail``) beside the server, against a real SMTP server. Two at once send
each message once (SELECT … FOR UPDATE SKIP LOCKED); one killed after the
server took a message and before it marked it sent leaves that message to be
sent again, once, under the same Message-ID, and loses none."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from collections import Counter

import pytest
from django.db import connection

from series.models import OutgoingMail
from series.nights import services as nights
from tests.support.mail import a_night_of_eight
from tests.support.standby import ROOT, app_environment

pytestmark = [pytest.mark.postgres, pytest.mark.django_db(transaction=True)]

Kind, Outcome = OutgoingMail.Kind, OutgoingMail.Outcome


def database_url() -> str:
    params = connection.settings_dict
    password = f":{params['PASSWORD']}" if params.get("PASSWORD") else ""
    return (
        f"postgres://{params['USER']}{password}@{params['HOST']}:{params['PORT']}/{params['NAME']}"
    )


def send_mail(smtp, *args: str) -> subprocess.Popen:
    """``manage.py send_mail --once`` in a process of its own, sending to ``smtp``."""
    env = app_environment(
        database_url(),
        EMAIL_URL=smtp.url,
        SITE_URL="https://scorekeeper.example",
        MAIL_CLAIM_SECONDS="1",
    )
    return subprocess.Popen(
        [sys.executable, "manage.py", "send_mail", "--once", *args],
        cwd=ROOT,
        env=env,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
    )


def results_of_a_night(**members) -> list[OutgoingMail]:
    _club, _players, night_id, _users = a_night_of_eight(**members)
    OutgoingMail.objects.filter(kind=Kind.CONFIRM).update(outcome=Outcome.SKIPPED)
    nights.night_close(night_id=night_id)
    return list(OutgoingMail.objects.filter(night_id=night_id))


def test_two_senders_at_once_send_each_message_once(smtp):
    rows = results_of_a_night(**{f"member{n}": (n, {}) for n in range(8)})
    assert len(rows) == 8
    smtp.mailbox.on_message = lambda message: time.sleep(0.1)  # a server that takes its time
    senders = [send_mail(smtp, "--batch", "2") for _ in range(2)]
    for process in senders:
        _out, err = process.communicate(timeout=120)
        assert process.returncode == 0, err
    assert Counter(smtp.mailbox.ids()) == Counter(row.message_id for row in rows)
    assert set(
        OutgoingMail.objects.filter(night_id=rows[0].night_id).values_list("outcome", flat=True)
    ) == {Outcome.SENT}


def test_a_sender_killed_between_sending_and_marking_sends_that_message_once_more(smtp):
    rows = results_of_a_night(anna=(0, {}), bruno=(1, {}))
    killed = []

    def kill_the_sender(message) -> None:
        """The server has the message; the sender waits for its answer: killed there."""
        if not killed:
            killed.append(message["Message-ID"])
            os.kill(first.pid, signal.SIGKILL)

    smtp.mailbox.on_message = kill_the_sender
    first = send_mail(smtp)
    first.communicate(timeout=120)
    assert first.returncode == -signal.SIGKILL
    assert smtp.mailbox.ids() == killed
    waiting = OutgoingMail.objects.filter(night_id=rows[0].night_id, outcome=Outcome.WAITING)
    assert waiting.count() == 2  # the one sent was not marked
    time.sleep(1.2)  # its claim runs out
    again = send_mail(smtp)
    _out, err = again.communicate(timeout=120)
    assert again.returncode == 0, err
    sent = Counter(smtp.mailbox.ids())
    assert sent == Counter(
        {killed[0]: 2, **{r.message_id: 1 for r in rows if r.message_id != killed[0]}}
    )
    assert not waiting.exists()
