"""English dates day first, with a 24-hour clock: a club table in Europe reads
"31 December 2025" and "31/12/2025 21:30", never the US month/day order; the
month is written out in full in a long date, as in a long date with its time."""

from django.conf.locale.en_GB.formats import *  # noqa: F403

DATE_FORMAT = "j F Y"
SHORT_DATETIME_FORMAT = "d/m/Y H:i"
DATETIME_FORMAT = "j F Y, H:i"
TIME_FORMAT = "H:i"
