"""The mail's tests: members who asked for their results, a night closed for
them, and a real SMTP server (aiosmtpd) that keeps what it is sent."""

from __future__ import annotations

import email
import email.policy
import threading
from collections.abc import Callable
from email.message import EmailMessage

from aiosmtpd.controller import Controller
from django.contrib.auth import get_user_model

from series.accounts import services as accounts
from series.accounts import subscriptions
from series.clubs import membership
from series.clubs import players as player_services
from series.nights import services as nights
from tests.support.nights import drawn, night_of, play_out
from tests.support.ports import free_port


def member_for(club, player, username: str, *, language: str = "en", confirmed: bool = True):
    """A member of ``club`` linked to ``player``, who turned results on (in
    ``language``) and, unless told otherwise, confirmed the address."""
    user = get_user_model().objects.create_user(username, first_name=player.name)
    membership.member_set(club=club, user=user, role="member")
    player_services.player_link(club=club, player_id=player.id, user_id=user.id)
    accounts.email_set(user=user, email=f"{username}@example.org")
    subscriptions.results_by_email_set(user=user, on=True, language=language)
    if confirmed:
        subscriptions.email_confirm(user_id=user.id, email=user.email)
    user.refresh_from_db()
    return user


def a_night_of_eight(**members):
    """Eight players at two tables of four, one deal a table, played out, not
    closed; ``members``: a username for a player's index, linked to them."""
    club, players, night = night_of(8, deals=1)
    drawn(night.night_id, low=4, high=4, seed=5)
    nights.night_tables_start(night_id=night.night_id)
    play_out(night.night_id)
    users = {
        name: member_for(club, players[index], name, **options)
        for name, (index, options) in members.items()
    }
    return club, players, night.night_id, users


class Mailbox:
    """What a real SMTP server was sent: each message as parsed, in order."""

    def __init__(self) -> None:
        self.messages: list[EmailMessage] = []
        self.lock = threading.Lock()
        self.on_message: Callable[[EmailMessage], None] | None = None
        self.refuse = False  # answer every message "try again later"

    async def handle_DATA(self, server, session, envelope):
        if self.refuse:
            return "451 Requested action aborted: try again later"
        message = email.message_from_bytes(envelope.content, policy=email.policy.default)
        with self.lock:
            self.messages.append(message)
        if self.on_message is not None:
            self.on_message(message)
        return "250 Message accepted for delivery"

    def ids(self) -> list[str]:
        with self.lock:
            return [m["Message-ID"] for m in self.messages]

    def to(self, address: str) -> list[EmailMessage]:
        with self.lock:
            return [m for m in self.messages if m["To"] == address]


class SmtpServer:
    """aiosmtpd on a free port of 127.0.0.1, and its ``mailbox``."""

    def __init__(self) -> None:
        self.mailbox = Mailbox()
        self.port = free_port()
        self.controller = Controller(self.mailbox, hostname="127.0.0.1", port=self.port)

    @property
    def url(self) -> str:
        return f"smtp://127.0.0.1:{self.port}"

    def __enter__(self) -> SmtpServer:
        self.controller.start()
        return self

    def __exit__(self, *exc) -> None:
        self.controller.stop()


def smtp_settings(settings, server: SmtpServer) -> None:
    """Point Django's mail at ``server``, as ``EMAIL_URL=smtp://…`` does."""
    from scorekeeper.settings import email_settings

    for name, value in email_settings(server.url).items():
        setattr(settings, name, value)
