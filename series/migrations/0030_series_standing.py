"""Each score sheet keeps its series' standing (places, totals, each player's
deals; ``series.domain.standing``) beside its snapshot, so that a night's page
and the big screen read every table without decoding its whole state. Written
here for the sheets already there, from their snapshots (or their events where
a sheet has no snapshot of its version)."""

from django.db import migrations, models


def write_standings(apps, schema_editor):
    from series.domain import standing
    from series.sheets.selectors import series_state

    sheets = apps.get_model("series", "SeriesSheet").objects.using(schema_editor.connection.alias)
    for sheet in sheets.filter(standing__isnull=True).only("id", "version", "snapshot").iterator():
        state = standing.standing_of(series_state(sheet))
        sheets.filter(id=sheet.id).update(standing=standing.encode(state))


class Migration(migrations.Migration):
    dependencies = [("series", "0029_ratings_counted_again")]

    operations = [
        migrations.AddField(
            model_name="seriessheet",
            name="standing",
            field=models.JSONField(null=True),
        ),
        migrations.RunPython(write_standings, migrations.RunPython.noop),
    ]
