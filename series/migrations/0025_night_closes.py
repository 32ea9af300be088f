from django.db import migrations, models


class Migration(migrations.Migration):
    dependencies = [("series", "0024_league_places_after_a_tiebreak")]

    operations = [
        migrations.AddField(
            model_name="night",
            name="closes",
            field=models.PositiveIntegerField(default=0),
        ),
    ]
