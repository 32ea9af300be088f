"""Rebuild every projection from the event log."""

import time

from django.core.management.base import BaseCommand

from series.sheets import projection


class Command(BaseCommand):
    help = "Drop the projection tables' rows and rebuild them from the event log."

    def handle(self, *args, **options):
        started = time.monotonic()
        last_report = [started]

        def progress(events_read: int) -> None:
            now = time.monotonic()
            if now - last_report[0] >= 1:
                last_report[0] = now
                self.stderr.write(f"  {events_read} events…")

        count = projection.rebuild(progress=progress)
        elapsed = time.monotonic() - started
        self.stdout.write(f"Rebuilt projections from {count} events in {elapsed:.1f} s.")
