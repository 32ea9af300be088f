"""Every existing account answers to its user name, the name it signed up with
and its e-mail address at sign-in."""

from django.conf import settings
from django.db import migrations

from series.domain.names import sign_in_key


def fill(apps, schema_editor):
    # The owner's connection (`migrate --database migrate`): the app's role may
    # have no grant on the tables yet, on a new server.
    alias = schema_editor.connection.alias
    users = apps.get_model(*settings.AUTH_USER_MODEL.split("."))
    names = apps.get_model("series", "SignInName")
    rows = []
    fields = ("id", "username", "first_name", "last_name", "email")
    for user_id, username, first, last, email in users.objects.using(alias).values_list(*fields):
        texts = (username, first, f"{first} {last}", email)
        keys = {sign_in_key(text) for text in texts} - {""}
        rows.extend(names(user_id=user_id, key=key) for key in keys)
    names.objects.using(alias).bulk_create(rows, batch_size=1000)


class Migration(migrations.Migration):
    dependencies = [("series", "0022_sign_in_names")]

    operations = [migrations.RunPython(fill, migrations.RunPython.noop)]
