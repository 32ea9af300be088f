"""RULES D-21: a tiebreak deal orders only the players tied for first, so the
player who lost it is second even when its penalty took their total past
another player's; standard Rummy's eliminated players are placed by who went
out later, as the night places them. Places counted before are counted again:
every club with a counted series is marked behind from its first series, and
the league's follower counts its places, placement points, ratings, head to
head and records again. Closed nights keep the points recorded at their close."""

from django.db import migrations
from django.utils import timezone


def mark_clubs_with_results(apps, schema_editor):
    """On the database being migrated (``migrate --database migrate`` runs as the
    tables' owner; the app's own role may not read these tables yet)."""
    alias = schema_editor.connection.alias
    SeriesResult = apps.get_model("series", "SeriesResult")
    LeagueBehind = apps.get_model("series", "LeagueBehind")
    results = SeriesResult.objects.using(alias).order_by()
    for club_id in results.values_list("club_id", flat=True).distinct():
        LeagueBehind.objects.using(alias).update_or_create(
            club_id=club_id,
            defaults={"from_started_at": None, "from_series": None},
            create_defaults={"since": timezone.now(), "from_started_at": None, "from_series": None},
        )


class Migration(migrations.Migration):
    dependencies = [("series", "0023_sign_in_names_of_accounts")]

    operations = [migrations.RunPython(mark_clubs_with_results, migrations.RunPython.noop)]
