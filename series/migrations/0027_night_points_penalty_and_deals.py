"""A closed night's lines carry each player's penalty and deals over the tables
played, so the season breaks a tie by the pooled average per deal without
reading a series (RULES D-17, D-27). A close recorded before has them read once
from its tables, as the night's projection does in a rebuild."""

from django.db import migrations


def read_penalties_of_closed_nights(apps, schema_editor):
    alias = schema_editor.connection.alias
    Night = apps.get_model("series", "Night")
    closed = Night.objects.using(alias).filter(closes__gt=0).values_list("id", "points")
    waiting = [night for night, points in closed if any("penalty" not in p for p in points)]
    if not waiting:
        return
    from series.nights.projection import points_read_again  # the projection's own reading

    for night in waiting:
        Night.objects.using(alias).filter(id=night).update(points=points_read_again(night))


class Migration(migrations.Migration):
    dependencies = [("series", "0026_night_closes_of_closed_nights")]

    operations = [
        migrations.RunPython(read_penalties_of_closed_nights, migrations.RunPython.noop)
    ]
