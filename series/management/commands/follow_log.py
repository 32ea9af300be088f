"""Run the read models that tail the log (the league's catch-up)."""

import time

from django.core.management.base import BaseCommand
from django.db import InterfaceError, OperationalError, close_old_connections

from series.eventstore import projectors


class Command(BaseCommand):
    help = (
        "Hand the events appended since each tailing projector's checkpoint to it "
        "(the league's catch-up, which counts finished series), then keep polling the "
        "log. make run and make serve start it beside the server."
    )

    def add_arguments(self, parser):
        parser.add_argument("--once", action="store_true", help="read to the end once, then stop")
        parser.add_argument(
            "--interval", type=float, default=0.5, help="seconds between polls (default 0.5)"
        )

    def handle(self, *args, once: bool, interval: float, **options):
        if once:
            handed = projectors.follow_log()
            self.stdout.write(f"Handed {handed} events to the tailing projectors.")
            return
        # It waits between polls even after one that found events: under load a
        # poll then finds more at once, and the league counts them together.
        try:
            while True:
                self._poll()
                time.sleep(interval)
        except KeyboardInterrupt:
            return

    def _poll(self) -> int:
        try:
            return projectors.follow_log()
        except (OperationalError, InterfaceError) as error:  # the database is away: wait
            self.stderr.write(f"follow_log: {error}")
            close_old_connections()
            return 0
