"""The standings projection: each season's ladder lines, kept in step (and the
club records with them, ``records.py``).

A season's lines are computed in SQL from the season's ``SeriesResult`` rows
(with the club's ladder rules: all series, or each person's best N) and
stored, so a standings page reads a dozen rows instead of aggregating the
season. They are written again
- for the persons of a series counted at the end of the history: their lines
  of its season gain its figures (``count_series``: upserts made in the
  statement that writes its results; with a best-N ladder, the season's
  lines are computed again, ``recount_season``),
- for the whole club when it is counted again (a catch-up: corrections,
  merges), and when the ladder rules or the seasons change,
- for every club in a rebuild,
always inside the league's lock of the club (``projection.lock_league``).
"""

from __future__ import annotations

from django.db.models import Sum

from series.domain.league.seasons import SeasonSpan, find_season
from series.eventstore.row_source import insert_rows
from series.eventstore.store import Write
from series.league.aggregates import (
    FIGURES,
    best_n,
    results_in,
    season_expression,
    series_figures,
)
from series.league.records import count_records, game_records, refresh_records
from series.models import ClubRecord, LadderRules, Season, SeasonStanding, SeriesResult


def _rules(club_id: int) -> LadderRules:
    return LadderRules.objects.filter(club_id=club_id).first() or LadderRules(club_id=club_id)


def count_series(
    club_id: int,
    game: str,
    season: str,
    results: list[SeriesResult],
    went_out_before: dict[int, int],
) -> list[Write]:
    """The writes that take in the results of a series counted after every
    other of its game, on a ladder of every series: its persons' lines of its
    ``season`` gain its figures and take its ratings (the season's latest),
    and the records it beats change (``went_out_before``: its persons' deals
    gone out in the season before it)."""
    went_out = {r.person_id: went_out_before.get(r.person_id, 0) + r.went_out for r in results}
    record = count_records(club_id, game, season, results, went_out)
    return [_lines_write(club_id, game, season, results), *([record] if record else [])]


def recount_season(club_id: int, game: str, season: str, best_n: int) -> None:
    """A series counted on a best-N ladder may drop an older one: its season's
    lines and the game's records are computed again, after its results."""
    named = Season.objects.spans(club_id)
    rules = LadderRules(club_id=club_id, best_n=best_n)
    _write_season(club_id, game, find_season(season, named), named, rules)
    refresh_records(club_id, game)


# A series' figures, added to a line (``FIGURES``; every series counts: no best N).
_ADDED = (*FIGURES, "season_went_out")
_TAKEN = ("rating", "mu", "sigma", "last_played")


def _lines_write(club_id: int, game: str, season: str, results: list[SeriesResult]) -> Write:
    """Add each result to its person's line of the season, or start the line."""
    table = SeasonStanding._meta.db_table
    columns = ("club_id", "game", "season", "person_id", *_ADDED, *_TAKEN)
    rows = [
        (
            club_id,
            game,
            season,
            r.person_id,
            *series_figures(r),
            r.went_out,
            r.ordinal,
            r.mu,
            r.sigma,
            r.started_at,
        )
        for r in results
    ]
    sums = ", ".join(f"{name} = {table}.{name} + excluded.{name}" for name in _ADDED)
    taken = ", ".join(f"{name} = excluded.{name}" for name in _TAKEN)
    then = f"ON CONFLICT (club_id, game, season, person_id) DO UPDATE SET {sums}, {taken}"
    return Write(*insert_rows(SeasonStanding, columns, rows, then))


def refresh_club(club_id: int) -> None:
    """Write again every season's standings of a club, and its records, in every game."""
    SeasonStanding.objects.filter(club_id=club_id).delete()
    ClubRecord.objects.filter(club_id=club_id).delete()
    named = Season.objects.spans(club_id)
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
    ratings = rows.latest_of_each(figures, ("ordinal", "mu", "sigma", "started_at"))
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
            last_played=ratings[person][3],
            **line,
        )
        for person, line in sorted(figures.items())
    ]
