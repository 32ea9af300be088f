"""English dates day first, with a 24-hour clock: a club table in Europe reads
"31 December 2025" and "31/12/2025 21:30", never the US month/day order."""

from django.conf.locale.en_GB.formats import *  # noqa: F403

SHORT_DATETIME_FORMAT = "d/m/Y H:i"
DATETIME_FORMAT = "j F Y, H:i"
TIME_FORMAT = "H:i"
