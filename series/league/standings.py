"""The standings projection: each season's ladder lines, kept in step (and the
club records with them, ``records.py``).

A season's lines are computed in SQL from the season's ``SeriesResult`` rows
(with the club's ladder rules: all series, or each person's best N) and
stored, so a standings page reads a dozen rows instead of aggregating the
season. They are written again
- for the seasons from a changed series onwards (its ratings walk on),
- for the whole club when a merge, the ladder rules or the seasons change,
- for every club in a rebuild,
always inside the league's lock of the club (``projection.lock_league``).
"""

from __future__ import annotations

from datetime import datetime

from django.db.models import Sum
from django.utils import timezone

from ..models import ClubRecord, LadderRules, Season, SeasonStanding, SeriesResult
from .aggregates import FIGURES, best_n, latest_of_each, results_in, season_expression
from .records import game_records, refresh_records
from .seasons import SeasonSpan, find_season, season_of


def _named(club_id: int) -> list[SeasonSpan]:
    return [
        SeasonSpan(season.key, season.name, season.starts_on, season.ends_on)
        for season in Season.objects.filter(club_id=club_id)
    ]


def _rules(club_id: int) -> LadderRules:
    return LadderRules.objects.filter(club_id=club_id).first() or LadderRules(club_id=club_id)


def refresh_seasons(club_id: int, game: str, *, since: datetime) -> None:
    """Write again the standings of a club's game for the season holding ``since``
    and every later season with results."""
    named = _named(club_id)
    later = SeriesResult.objects.filter(club_id=club_id, game=game, started_at__gte=since)
    keys = set(later.values_list(season_expression(named), flat=True).order_by().distinct())
    keys.add(season_of(timezone.localdate(since), named).key)
    rules = _rules(club_id)
    for key in sorted(keys):
        _write_season(club_id, game, find_season(key, named), named, rules)
    refresh_records(club_id, game)


def refresh_club(club_id: int) -> None:
    """Write again every season's standings of a club, and its records, in every game."""
    SeasonStanding.objects.filter(club_id=club_id).delete()
    ClubRecord.objects.filter(club_id=club_id).delete()
    named = _named(club_id)
    rules = _rules(club_id)
    seasons = (
        SeriesResult.objects.filter(club_id=club_id)
        .values_list("game", season_expression(named))
        .order_by()
        .distinct()
    )
    for game, key in sorted(seasons):
        _write_season(club_id, game, find_season(key, named), named, rules, fresh=True)
    for game in sorted({game for game, _key in seasons}):
        ClubRecord.objects.bulk_create(game_records(club_id, game))


def _write_season(
    club_id: int,
    game: str,
    season: SeasonSpan,
    named: list[SeasonSpan],
    rules: LadderRules,
    fresh: bool = False,
) -> None:
    if not fresh:
        SeasonStanding.objects.filter(club_id=club_id, game=game, season=season.key).delete()
    SeasonStanding.objects.bulk_create(season_lines(club_id, game, season, named, rules))


def season_lines(
    club_id: int, game: str, season: SeasonSpan, named: list[SeasonSpan], rules: LadderRules
) -> list[SeasonStanding]:
    """The standings lines of one season (two or three queries)."""
    rows = results_in(club_id, game, season, named)
    counted = rows if rules.best_n is None else best_n(rows, rules.best_n)
    aggregate = counted.values("person").annotate(**FIGURES).order_by()
    figures = {row.pop("person"): row for row in aggregate}
    went_out = {person: row["went_out"] for person, row in figures.items()}
    if rules.best_n is not None:
        all_series = rows.values("person").annotate(all_went_out=Sum("went_out")).order_by()
        went_out = {row["person"]: row["all_went_out"] for row in all_series}
    ratings = latest_of_each(rows, figures, ("ordinal", "mu", "sigma"))
    return [
        SeasonStanding(
            club_id=club_id,
            game=game,
            season=season.key,
            person_id=person,
            season_went_out=went_out[person],
            rating=ratings[person][0],
            mu=ratings[person][1],
            sigma=ratings[person][2],
            **line,
        )
        for person, line in sorted(figures.items())
    ]
