"""Print a digest of every projection, to compare two databases in one line."""

from django.core.management.base import BaseCommand

from series.backup import checksum


class Command(BaseCommand):
    help = "Print a SHA-256 digest of all projection rows."

    def handle(self, *args, **options):
        self.stdout.write(checksum.projection_checksum())
