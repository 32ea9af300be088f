"""The standings projection: each season's ladder lines, kept in step (and the
club records with them, ``records.py``).

A season's lines are computed in SQL from the season's ``SeriesResult`` rows
(with the club's ladder rules: all series, or each person's best N) and
stored, so a standings page reads a dozen rows instead of aggregating the
season. They are written again
- for the persons of a series counted at the end of the history: their lines
  of its season gain its figures (``count_series``; with a best-N ladder, the
  season's lines are computed again),
- for the whole club when it is counted again (a catch-up: corrections,
  merges), and when the ladder rules or the seasons change,
- for every club in a rebuild,
always inside the league's lock of the club (``projection.lock_league``).
"""

from __future__ import annotations

from datetime import datetime

from django.db.models import Sum
from django.utils import timezone

from ..models import ClubRecord, LadderRules, Season, SeasonStanding, SeriesResult
from .aggregates import FIGURES, best_n, latest_of_each, results_in, season_expression
from .records import count_records, game_records, refresh_records
from .seasons import SeasonSpan, find_season, season_of


def _named(club_id: int) -> list[SeasonSpan]:
    return [
        SeasonSpan(season.key, season.name, season.starts_on, season.ends_on)
        for season in Season.objects.filter(club_id=club_id)
    ]


def _rules(club_id: int) -> LadderRules:
    return LadderRules.objects.filter(club_id=club_id).first() or LadderRules(club_id=club_id)


def count_series(
    club_id: int, game: str, results: list[SeriesResult], started_at: datetime, *,
    best_n: int | None,
) -> None:  # fmt: skip
    """Take in the results of a series counted after every other of its game:
    its persons' lines of its season gain its figures and take its ratings (the
    season's latest), and the records it beats change. A best-N ladder may
    drop an older series for it, so its season's lines are computed again."""
    named = _named(club_id)
    season = season_of(timezone.localdate(started_at), named)
    if best_n is not None:
        rules = LadderRules(club_id=club_id, best_n=best_n)
        _write_season(club_id, game, season, named, rules)
        refresh_records(club_id, game)
        return
    lines = {
        line.person_id: line
        for line in SeasonStanding.objects.filter(
            club_id=club_id, game=game, season=season.key,
            person__in=[result.person_id for result in results],
        )
    }  # fmt: skip
    for result in results:
        line = lines.get(result.person_id) or _first_line(club_id, game, season.key, result)
        line.pk = None  # upserted by its natural key below
        _add(line, result)
        lines[result.person_id] = line
    changed = [lines[result.person_id] for result in results]
    SeasonStanding.objects.bulk_create(
        changed, update_conflicts=True, unique_fields=("club", "game", "season", "person"),
        update_fields=[*FIGURES, "season_went_out", "rating", "mu", "sigma"],
    )  # fmt: skip
    count_records(club_id, game, results, changed)


def _first_line(club_id: int, game: str, season: str, result: SeriesResult) -> SeasonStanding:
    zero = dict.fromkeys([*FIGURES, "season_went_out"], 0)
    return SeasonStanding(club_id=club_id, game=game, season=season,
                          person_id=result.person_id, **zero)  # fmt: skip


def _add(line: SeasonStanding, result: SeriesResult) -> None:
    """The figures of ``FIGURES``, one series more; the ratings after it."""
    line.series_played += 1
    line.series_won += result.won
    line.deals_played += result.deals
    line.went_out += result.went_out
    line.season_went_out = line.went_out  # every series counts: no best N
    line.penalty_total += result.total
    line.tiebreaks_played += result.tiebreak
    line.tiebreaks_won += result.tiebreak and result.won
    line.rating, line.mu, line.sigma = result.ordinal, result.mu, result.sigma


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
