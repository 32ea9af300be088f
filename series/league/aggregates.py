"""SQL building blocks over ``SeriesResult`` that the standings projection and
the read queries share: the figures of a standings line, seasons as date
ranges, and each person's best N series."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date, datetime, time, timedelta
from typing import Any

from django.db.models import (
    Case,
    CharField,
    Count,
    F,
    FloatField,
    Q,
    QuerySet,
    Sum,
    Value,
    When,
    Window,
)
from django.db.models.functions import Cast, Coalesce, ExtractYear, NullIf, RowNumber
from django.utils import timezone

from series.domain.league.seasons import SeasonSpan
from series.models import SeriesResult

# The figures of a standings line, one definition for every table that shows them.
FIGURES = {
    "series_played": Count("id"),
    "series_won": Count("id", filter=Q(won=True)),
    "deals_played": Coalesce(Sum("deals"), 0),
    "went_out": Coalesce(Sum("went_out"), 0),
    "penalty_total": Coalesce(Sum("total"), 0),
    "tiebreaks_played": Count("id", filter=Q(tiebreak=True)),
    "tiebreaks_won": Count("id", filter=Q(tiebreak=True, won=True)),
}


def series_figures(result: SeriesResult) -> tuple[int, ...]:
    """What one series adds to each of ``FIGURES``, in their order (a line that
    takes in a series counted in order adds them in the database)."""
    tiebreak = int(result.tiebreak)
    return (
        1,
        int(result.won),
        result.deals,
        result.went_out,
        result.total,
        tiebreak,
        tiebreak * int(result.won),
    )


@dataclass
class Figures:
    series_played: int = 0
    series_won: int = 0
    deals_played: int = 0
    went_out: int = 0
    penalty_total: int = 0
    tiebreaks_played: int = 0
    tiebreaks_won: int = 0

    @classmethod
    def of(cls, row: Any) -> Figures:
        """From an aggregate's row (a dict) or a standings line (an object)."""
        get = row.get if isinstance(row, dict) else lambda name: getattr(row, name)
        return cls(**{name: get(name) for name in FIGURES})

    @property
    def went_out_rate(self) -> float | None:
        return self.went_out / self.deals_played if self.deals_played else None

    @property
    def went_out_percent(self) -> float | None:
        rate = self.went_out_rate
        return None if rate is None else 100 * rate

    @property
    def penalty_per_deal(self) -> float | None:
        return self.penalty_total / self.deals_played if self.deals_played else None


# -- seasons as date ranges ------------------------------------------------------------


def _moment(day: date) -> datetime:
    return timezone.make_aware(datetime.combine(day, time.min))


def days_of(season: SeasonSpan, prefix: str = "") -> Q:
    return Q(
        **{
            f"{prefix}started_at__gte": _moment(season.first_day),
            f"{prefix}started_at__lt": _moment(season.last_day + timedelta(days=1)),
        }
    )


def in_season(season: SeasonSpan, named: list[SeasonSpan], prefix: str = "") -> Q:
    """Series that started in ``season``: a calendar year leaves out its named seasons."""
    days = days_of(season, prefix)
    if not season.named:
        for other in named:
            days &= ~days_of(other, prefix)
    return days


def season_expression(named: list[SeasonSpan]):
    """The key of each row's season, in SQL."""
    return Case(
        *(When(days_of(season), then=Value(season.key)) for season in named),
        default=Cast(ExtractYear("started_at"), CharField()),
        output_field=CharField(),
    )


# -- results ------------------------------------------------------------------------


def results_in(club_id: int, game: str, season: SeasonSpan, named: list[SeasonSpan]) -> QuerySet:
    return SeriesResult.objects.filter(Q(club_id=club_id, game=game) & in_season(season, named))


def best_n(rows: QuerySet, n: int) -> QuerySet:
    """Each person's ``n`` best series: best place first, then fewest points a deal."""
    per_deal = Cast(F("total"), FloatField()) / NullIf(F("deals"), 0)
    pick = Window(
        RowNumber(),
        partition_by=[F("person")],
        order_by=[F("place").asc(), per_deal.asc(), F("started_at").asc(), F("series_id").asc()],
    )
    return rows.filter(id__in=rows.annotate(pick=pick).filter(pick__lte=n).values("id"))
