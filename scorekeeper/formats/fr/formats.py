"""French writes a day and its time with "à": "6 décembre 2026 à 21:30"."""

from django.conf.locale.fr.formats import *  # noqa: F403

DATETIME_FORMAT = r"j F Y à H:i"
