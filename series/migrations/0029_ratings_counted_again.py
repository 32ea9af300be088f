"""Ratings are now Bradley-Terry "full" with sigma grown for time away (RULES
D-26), and season standings keep when each person's last series started:
every club with a counted series is marked behind from its first series (as
0024 does), and the league's follower counts its ratings and standings again."""

from importlib import import_module

from django.db import migrations

mark_clubs_with_results = import_module(
    "series.migrations.0024_league_places_after_a_tiebreak"
).mark_clubs_with_results


class Migration(migrations.Migration):
    dependencies = [("series", "0028_ratings_as_of_a_day")]

    operations = [migrations.RunPython(mark_clubs_with_results, migrations.RunPython.noop)]
