"""The table of the ``throttle`` cache (sign-ups counted per address), made by
``migrate`` so that every worker and server shares one count."""

from django.core.management import call_command
from django.db import migrations


def create(apps, schema_editor):
    call_command("createcachetable", database=schema_editor.connection.alias, verbosity=0)


def drop(apps, schema_editor):
    schema_editor.execute(f"DROP TABLE IF EXISTS {schema_editor.quote_name('series_throttle')}")


class Migration(migrations.Migration):
    dependencies = [("series", "0017_live_links")]

    operations = [migrations.RunPython(create, drop)]
