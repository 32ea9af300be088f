"""The league's writers: the club's ladder rules and named seasons (the
roster's writers are the players', ``series.clubs.players``).

Every function takes keyword arguments and raises a DomainError, without
changing anything, when the rules refuse the request.
"""

from __future__ import annotations

from datetime import date

from django.db import transaction

from series.domain.league.night_standings import check_night_count
from series.domain.league.seasons import check_ladder, check_new_season
from series.domain.text import plain
from series.eventstore.retry import transient_retry
from series.league import projection, standings, summaries
from series.models import Club, LadderRules, Season

# -- league settings --------------------------------------------------------------


@transient_retry(idempotent=True)
def ladder_set(
    *,
    club: Club,
    min_series: int,
    best_n: int | None = None,
    night_count: str | None = None,
    night_min: int | None = None,
    night_best: int | None = None,
    provisional_last: bool | None = None,
) -> LadderRules:
    """Set how the club ranks its players (admins); the standings follow. The
    night standings' count, and where provisional ratings stand, are kept
    unless given."""
    check_ladder(min_series, best_n)
    nights = {"night_count": night_count, "night_min": night_min, "night_best": night_best}
    nights = {name: value for name, value in nights.items() if value is not None}
    check_night_count(**nights)
    if provisional_last is not None:
        nights["provisional_last"] = provisional_last
    with transaction.atomic(), projection.club_time(club.time_zone):
        projection.lock_league(club.id)
        rules, _created = LadderRules.objects.update_or_create(
            club=club, defaults={"min_series": min_series, "best_n": best_n, **nights}
        )
        standings.refresh_club(club.id)
    return rules


@transient_retry
def season_add(*, club: Club, name: str, first_day: date, last_day: date) -> Season:
    """Name a range of days as a season; its series leave their calendar year."""
    with transaction.atomic(), projection.club_time(club.time_zone):
        projection.lock_league(club.id)
        existing = Season.objects.spans(club.id)
        # Typed now: nothing reordered or drawn as nothing (a restore keeps earlier names).
        span = check_new_season(plain(name, field="name"), first_day, last_day, existing)
        season = Season.objects.create(
            club=club, key=span.key, name=span.name, starts_on=first_day, ends_on=last_day
        )
        standings.refresh_club(club.id)
        summaries.refresh_club(club.id)  # the summaries by season
    return season


@transient_retry(idempotent=True)
def season_remove(*, club: Club, key: str) -> bool:
    """Remove a named season; its series return to their calendar years. False
    when the club has no such season."""
    with transaction.atomic(), projection.club_time(club.time_zone):
        projection.lock_league(club.id)
        deleted, _rows = Season.objects.filter(club=club, key=key).delete()
        if deleted:
            standings.refresh_club(club.id)
            summaries.refresh_club(club.id)  # the summaries by season
    return bool(deleted)
