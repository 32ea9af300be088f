"""The league's catch-up: the changes that walk a club's history again,
counted outside the request.

A correction of a finished series, a series finishing before a later one, or
a merge changes the ratings of every later series of the club; walking them
inside the request would make its cost grow with the history. Instead the
request writes the score sheet and notes that the club's league is behind
(``projection.mark_behind``, in the same transaction as the events); the
pages and the API then say the league is updating. This tailing projector
reads the log after its checkpoint (``series.projectors.follow_log``) and
counts again each club behind that has new events, in the club's lock, then
clears the mark: from the earliest series a change touched (the mark keeps
it; a merge: every series), the series before it keeping their results and
the ratings walking on from them. It reads the score sheets, not the events,
so running it twice changes nothing, and a club counted again equals a
rebuild.
"""

from __future__ import annotations

from ..models import LeagueBehind
from ..store import StoredEvent
from .projection import clear_mark, count_new, lock_league, recount_club


class LeagueCatchUp:
    """The league as a tailing projector (``series.projectors``)."""

    name = "league"

    def events_appended(self, events: list[StoredEvent]) -> None:
        clubs = {stored.club_id for stored in events}
        behind = LeagueBehind.objects.filter(club__in=clubs).order_by("club")
        for club_id in behind.values_list("club", flat=True):
            catch_up(club_id)


def catch_up(club_id: int) -> None:
    """Count a club's league again if it is behind, from the earliest series a
    change touched, and clear the mark. A change made meanwhile waits for the
    club's lock and marks it behind again."""
    lock_league(club_id)
    cleared = clear_mark(club_id)
    if cleared is None:
        return
    (start,) = cleared
    if start is None or not count_new(club_id, start):
        recount_club(club_id, start)


CATCH_UP = LeagueCatchUp()
