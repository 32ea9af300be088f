"""A series' results keep the number of each player's last deal gone out, which
breaks a tie for the season's record reached in one series (it was read from
the score sheet, which runs ahead of the league's results until the catch-up
after a correction or a void). Results counted before have none: every club
with a counted series is marked behind from its first series (as 0024 does),
and the league's follower counts it again."""

from importlib import import_module

from django.db import migrations, models

mark_clubs_with_results = import_module(
    "series.migrations.0024_league_places_after_a_tiebreak"
).mark_clubs_with_results


class Migration(migrations.Migration):
    dependencies = [("series", "0036_person_links_in_the_log")]

    operations = [
        migrations.AddField(
            model_name="seriesresult",
            name="last_out",
            field=models.PositiveIntegerField(default=0),
            preserve_default=False,
        ),
        migrations.RunPython(mark_clubs_with_results, migrations.RunPython.noop),
    ]
