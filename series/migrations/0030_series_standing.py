"""Each score sheet keeps its series' standing (places, totals, each player's
deals; ``series.domain.series.standing``) beside its snapshot, so that a night's page
and the big screen read every table without decoding its whole state. Written
here for the sheets already there from their snapshots, with the pure domain and
the snapshot's codec only (no code that reads today's tables); a sheet without a snapshot of its
version is left without one, and its readers compute it from its events until
the next event or a rebuild writes it."""

from django.db import migrations, models


def write_standings(apps, schema_editor):
    from series.domain.series.standing import standing_of
    from series.sheets import snapshot, standing

    sheets = apps.get_model("series", "SeriesSheet").objects.using(schema_editor.connection.alias)
    for sheet in sheets.filter(standing__isnull=True).only("id", "version", "snapshot").iterator():
        state = snapshot.decode(sheet.snapshot, version=sheet.version)
        if state is not None:
            sheets.filter(id=sheet.id).update(standing=standing.encode(standing_of(state)))


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
