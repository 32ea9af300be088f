"""The league's follower (its catch-up): every finished series is counted
here, outside the request.

A series that finishes, a correction of a finished one, a series finishing
before a later one, or a merge changes what the league counts; the ratings
walk the club's series in order, so counting them inside the request would
make a finishing deal cost several ordinary ones, and a correction grow with
the history. Instead the request writes the score sheet and notes that the
club's league is behind (``projection.mark_write``, in the deal's own
statement; ``mark_behind`` for a merge, and for a change of the club's
settings, which writes no event); the pages and the API then say the league
is updating. This tailing projector reads the log after its
checkpoint (``series.eventstore.projectors.follow_log``) and, for each club behind that
has new events, in the club's lock, clears the mark and counts: the series
from the marked one on, each as it stands when none of them is counted yet
(``count_new``), or the club again from the marked series on (a merge: every
series), the series before it keeping their results and the ratings walking
on from them. It reads the score sheets, not the events, so running it twice
changes nothing, and what it counts equals a rebuild.
"""

from __future__ import annotations

from django.db import transaction

from series.eventstore.store import StoredEvent
from series.league.projection import clear_mark, club_time, count_new, lock_league, recount_club
from series.models import LeagueBehind


class LeagueCatchUp:
    """The league as a tailing projector (``series.eventstore.projectors``)."""

    name = "league"

    def events_appended(self, events: list[StoredEvent]) -> None:
        clubs = {stored.club_id for stored in events}
        behind = LeagueBehind.objects.filter(club__in=clubs).order_by("club")
        for club_id in behind.values_list("club", flat=True):
            catch_up(club_id)

    def waiting(self) -> None:
        """Count the clubs still behind, whether or not an event announced them:
        a change of a club's settings (what counts: ``club_changed``) writes no
        event. A club whose mark came with an event not read yet is counted now
        and then found caught up; counting twice changes nothing."""
        for club_id in LeagueBehind.objects.order_by("club").values_list("club", flat=True):
            with transaction.atomic():
                catch_up(club_id)


def catch_up(club_id: int) -> None:
    """Count what a club's league is behind on, from the earliest series a change
    touched, and clear the mark. A change made meanwhile marks it behind again."""
    (zone,) = lock_league(club_id, "time_zone")
    mark = clear_mark(club_id)
    if mark is None:
        return
    with club_time(zone):
        if mark.start is None or not count_new(club_id, mark.start):
            recount_club(club_id, mark.start)


CATCH_UP = LeagueCatchUp()
