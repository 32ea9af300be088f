"""Send the members' mail waiting in the outbox (series.mail.sender)."""

import time

from django.core.management.base import BaseCommand
from django.db import InterfaceError, OperationalError, close_old_connections

from series.mail import sender


class Command(BaseCommand):
    help = (
        "Send the mail waiting in the outbox (a night's results, a link that confirms "
        "an address) with EMAIL_URL's server, marking each sent, then keep polling. "
        "make run and make serve start it beside the server; two can run at once."
    )

    def add_arguments(self, parser):
        parser.add_argument("--once", action="store_true", help="send what is due, then stop")
        parser.add_argument(
            "--interval", type=float, default=2.0, help="seconds between polls (default 2)"
        )
        parser.add_argument(
            "--batch",
            type=int,
            default=sender.BATCH,
            help=f"messages claimed at a time (default {sender.BATCH})",
        )

    def handle(self, *args, once: bool, interval: float, batch: int, **options):
        self.batch = batch
        if once:
            self.stdout.write(f"Handled {sender.send_all(batch)} messages.")
            return
        try:
            while True:
                self._poll()
                time.sleep(interval)
        except KeyboardInterrupt:
            return

    def _poll(self) -> int:
        try:
            return sender.send_all(self.batch)
        except (OperationalError, InterfaceError) as error:  # the database is away: wait
            self.stderr.write(f"send_mail: {error}")
            close_old_connections()
            return 0
