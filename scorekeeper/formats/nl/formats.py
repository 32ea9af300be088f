"""Dutch writes a day and its time with "om": "6 december 2026 om 21:30"."""

from django.conf.locale.nl.formats import *  # noqa: F403

DATETIME_FORMAT = r"j F Y \o\m H:i"
