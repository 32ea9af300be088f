"""Stream the event log and its reference data as JSON Lines (the backup)."""

import sys

from django.core.management.base import BaseCommand, CommandError

from series import backup
from series.models import Club


class Command(BaseCommand):
    help = "Write the event log (and the clubs, players and members it needs) as JSON Lines."

    def add_arguments(self, parser):
        parser.add_argument("--club", help="export only this club (its slug)")
        parser.add_argument("--output", "-o", help="write to this file instead of stdout")

    def handle(self, *args, club=None, output=None, **options):
        chosen = None
        if club:
            chosen = Club.objects.filter(slug=club).first()
            if chosen is None:
                raise CommandError(f"No club with the slug {club!r}.")
        stream = open(output, "w", encoding="utf-8") if output else sys.stdout  # noqa: SIM115
        try:
            for line in backup.export_lines(chosen, progress=self._progress):
                stream.write(line)
        finally:
            if output:
                stream.close()
        self.stderr.write("Export complete.")

    def _progress(self, events: int) -> None:
        self.stderr.write(f"  {events} events…")
