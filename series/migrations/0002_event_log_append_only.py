"""Make the event log append-only in the database itself."""

from django.db import migrations

from series import immutability


def install(apps, schema_editor):
    immutability.install(schema_editor.connection)


def uninstall(apps, schema_editor):
    immutability.uninstall(schema_editor.connection)


class Migration(migrations.Migration):
    dependencies = [("series", "0001_initial")]

    operations = [migrations.RunPython(install, uninstall)]
