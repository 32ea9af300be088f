"""Every night closed before a night could reopen has closed once (RULES D-22)."""

from django.db import migrations


def fill(apps, schema_editor):
    """On the database being migrated (``migrate --database migrate`` runs as the
    tables' owner)."""
    nights = apps.get_model("series", "Night").objects.using(schema_editor.connection.alias)
    nights.filter(closed=True).update(closes=1)


class Migration(migrations.Migration):
    dependencies = [("series", "0025_night_closes")]

    operations = [migrations.RunPython(fill, migrations.RunPython.noop)]
