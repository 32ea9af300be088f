"""Stream the event log and its reference data as JSON Lines (the backup)."""

import sys

from django.core.management.base import BaseCommand, CommandError

from series.backup import archive as backup
from series.models import Club


class Command(BaseCommand):
    help = (
        "Write the event log (and the clubs, players and members it needs) as JSON Lines, "
        "each line signed with BACKUP_KEY."
    )

    def add_arguments(self, parser):
        parser.add_argument("--club", help="export only this club (its slug)")
        parser.add_argument("--output", "-o", help="write to this file instead of stdout")
        parser.add_argument(
            "--with-accounts",
            action="store_true",
            help="include the users' password hashes (keep such a file secret)",
        )

    def handle(self, *args, club=None, output=None, with_accounts=False, **options):
        chosen = None
        if club:
            chosen = Club.objects.filter(slug=club).first()
            if chosen is None:
                raise CommandError(f"No club with the slug {club!r}.")
        stream = open(output, "w", encoding="utf-8") if output else sys.stdout  # noqa: SIM115
        try:
            for line in backup.export_lines(
                chosen, progress=self._progress, with_accounts=with_accounts
            ):
                stream.write(line)
        finally:
            if output:
                stream.close()
        self.stderr.write("Export complete.")

    def _progress(self, events: int) -> None:
        self.stderr.write(f"  {events} events…")
