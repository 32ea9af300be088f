"""Records written before ties went to whoever got there first may be held by
another player than a rebuild gives: every club that holds a record is marked
behind from its first series, and the league's follower counts it again."""

from django.db import migrations
from django.utils import timezone


def mark_clubs_with_records(apps, schema_editor):
    """On the database being migrated (``migrate --database migrate`` runs as the
    tables' owner; the app's own role may not read these tables yet)."""
    alias = schema_editor.connection.alias
    ClubRecord = apps.get_model("series", "ClubRecord")
    LeagueBehind = apps.get_model("series", "LeagueBehind")
    records = ClubRecord.objects.using(alias).order_by()
    for club_id in records.values_list("club_id", flat=True).distinct():
        LeagueBehind.objects.using(alias).update_or_create(
            club_id=club_id,
            defaults={"from_started_at": None, "from_series": None},
            create_defaults={"since": timezone.now(), "from_started_at": None, "from_series": None},
        )


class Migration(migrations.Migration):
    dependencies = [("series", "0018_signup_throttle_table")]

    operations = [migrations.RunPython(mark_clubs_with_records, migrations.RunPython.noop)]
