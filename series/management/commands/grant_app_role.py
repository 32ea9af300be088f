"""Give the app's database role what it needs and no more (PostgreSQL)."""

from django.conf import settings
from django.core.management.base import BaseCommand, CommandError
from django.db import connections

from series.database import dialects, roles


class Command(BaseCommand):
    help = (
        "As the tables' owner (the 'migrate' database, MIGRATE_DATABASE_URL), grant the app's "
        "role (the user of DATABASE_URL) SELECT and INSERT on the event log and the usual "
        "reads and writes elsewhere. Run after every migrate; make serve does."
    )

    def add_arguments(self, parser):
        parser.add_argument("--database", default="migrate", help="the owner's connection")
        parser.add_argument("--role", help="the app's role (default: the user of DATABASE_URL)")

    def handle(self, *args, database, role=None, **options):
        if database not in settings.DATABASES:
            raise CommandError(f"No database {database!r}: set MIGRATE_DATABASE_URL.")
        owner = connections[database]
        if not dialects.of(owner).HAS_ROLES:
            raise CommandError("Roles are a PostgreSQL feature; SQLite has one user.")
        role = role or settings.DATABASES["default"]["USER"]
        try:
            roles.grant_app_role(owner, role)
        except ValueError as error:
            raise CommandError(str(error)) from None
        self.stdout.write(f"Granted the app role {role} its privileges.")
