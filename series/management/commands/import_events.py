"""Restore a JSON Lines backup into an empty database."""

from django.core.management.base import BaseCommand, CommandError

from series.backup import archive as backup


class Command(BaseCommand):
    help = (
        "Load a backup made by export_events into an empty database, validating every "
        "event against the rules, then rebuild the projections. Every line's signature "
        "(BACKUP_KEY) is checked before anything is written; a refused file loads nothing."
    )

    def add_arguments(self, parser):
        parser.add_argument("path", help="the backup file (JSON Lines)")
        parser.add_argument(
            "--with-accounts",
            action="store_true",
            help="restore the users' password hashes too (otherwise they must set new ones)",
        )

    def handle(self, *args, path, with_accounts=False, **options):
        def lines():
            with open(path, encoding="utf-8") as file:
                yield from file

        try:
            count = backup.import_lines(lines, progress=self._progress, with_accounts=with_accounts)
        except OSError as error:
            raise CommandError(f"Cannot read {path}: {error.strerror}.") from None
        except backup.BackupError as error:
            raise CommandError(f"Refused {path}, {error}. Nothing was loaded.") from None
        self.stdout.write(f"Restored {count} events and rebuilt the projections.")

    def _progress(self, events: int) -> None:
        self.stderr.write(f"  {events} events…")
