"""Italian dates as Italian writes them: "6 dicembre 2026" and
"6 dicembre 2026, 21:30", the day without a leading zero and the month in
lowercase, with no weekday. Django's Italian writes "06 Dicembre 2026"."""

from django.conf.locale.it.formats import *  # noqa: F403
from django.utils.translation import gettext_noop

DATE_FORMAT = "j F Y"
DATETIME_FORMAT = "j F Y, H:i"
MONTH_DAY_FORMAT = "j F"
YEAR_MONTH_FORMAT = "F Y"

# Django's Italian catalogue capitalises the months ("Dicembre"); the
# project's catalogue, read first, gives them in lowercase. Marked here so
# that they stay in it.
MONTHS = (
    gettext_noop("January"),
    gettext_noop("February"),
    gettext_noop("March"),
    gettext_noop("April"),
    gettext_noop("May"),
    gettext_noop("June"),
    gettext_noop("July"),
    gettext_noop("August"),
    gettext_noop("September"),
    gettext_noop("October"),
    gettext_noop("November"),
    gettext_noop("December"),
)
