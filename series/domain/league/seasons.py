"""Seasons (pure: no database).

A series belongs to the season of the day it started: the club's named
season whose days hold that day, otherwise the calendar year. A named season
is known by a key made from its name; a calendar year by the year ("2025").
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from datetime import date

from series.domain.errors import DomainError, _


@dataclass(frozen=True, slots=True)
class SeasonSpan:
    key: str
    name: str
    first_day: date
    last_day: date
    named: bool = True

    def holds(self, day: date) -> bool:
        return self.first_day <= day <= self.last_day


def calendar_season(year: int) -> SeasonSpan:
    return SeasonSpan(str(year), str(year), date(year, 1, 1), date(year, 12, 31), named=False)


def season_of(day: date, named: Iterable[SeasonSpan]) -> SeasonSpan:
    """The season a series started on ``day`` belongs to."""
    for season in named:
        if season.holds(day):
            return season
    return calendar_season(day.year)


def find_season(key: str, named: Iterable[SeasonSpan]) -> SeasonSpan | None:
    """The season with this key: a named one, or a calendar year."""
    for season in named:
        if season.key == key:
            return season
    if re.fullmatch(r"[12]\d{3}", key):
        return calendar_season(int(key))
    return None


def season_key(name: str) -> str:
    """A key for a named season, never one that reads as a year."""
    ascii_name = unicodedata.normalize("NFKD", name).encode("ascii", "ignore").decode()
    key = re.sub(r"[^a-z0-9]+", "-", ascii_name.lower()).strip("-")[:50] or "season"
    return f"season-{key}" if key.isdigit() else key


# Seasons lie within these days: a later last day (9999-12-31) would overflow
# the day after it, which the league's queries use as the end of the season.
EARLIEST_DAY = date(1900, 1, 1)
LATEST_DAY = date(2999, 12, 31)


def check_new_season(
    name: str, first_day: date, last_day: date, existing: Sequence[SeasonSpan]
) -> SeasonSpan:
    """The season to add, or a DomainError: a name, days in order, no overlap."""
    name = name.strip()
    if not name:
        raise DomainError(_("Give the season a name."), code="name_required", field="name")
    for day, field in ((first_day, "first_day"), (last_day, "last_day")):
        if not EARLIEST_DAY <= day <= LATEST_DAY:
            raise DomainError(
                _("A season lies between {earliest} and {latest}."),
                code="season_out_of_range",
                field=field,
                earliest=EARLIEST_DAY.isoformat(),
                latest=LATEST_DAY.isoformat(),
            )
    if last_day < first_day:
        raise DomainError(
            _("The season's last day comes before its first day."),
            code="season_reversed",
            field="last_day",
        )
    season = SeasonSpan(season_key(name), name, first_day, last_day)
    for other in existing:
        if other.key == season.key:
            raise DomainError(
                _("There is a season called {name} already."),
                code="season_exists",
                field="name",
                name=other.name,
            )
        if other.first_day <= last_day and first_day <= other.last_day:
            raise DomainError(
                _("The season overlaps {name}."),
                code="season_overlaps",
                field="first_day",
                name=other.name,
            )
    return season


def check_ladder(min_series: int, best_n: int | None) -> None:
    """Ladder rules: at least one series to be ranked; best N counts at least that many."""
    if not 1 <= min_series <= 1000:
        raise DomainError(
            _("Series to be ranked must be 1 to 1000."), code="invalid_ladder", field="min_series"
        )
    if best_n is not None and not min_series <= best_n <= 1000:
        raise DomainError(
            _("Best series counted must be at least the series to be ranked ({min_series})."),
            code="invalid_ladder",
            field="best_n",
            min_series=min_series,
        )
