"""Each person's stored summaries, so that a player's page and API read as
many rows however long the history:

- ``PersonSummary``: the figures of a person's series of a game, all time and
  season by season, with their best and worst series (points a deal);
- ``HeadToHeadTally``: against each opponent, the series both sat in and how
  often each finished ahead.

They follow ``SeriesResult`` under the league's lock of the club. A series
counted in order, in the deal's transaction, is added to its persons' rows in
Python (``add_series``: a few queries, as many whatever the history); whatever
else changes results (a counted series corrected, voided or no longer counted,
a merge: the catch-up; the seasons; a rebuild) writes a whole club's rows
again from its results (``refresh_club``). A property test checks that the two
ways agree.
"""

from __future__ import annotations

from collections.abc import Iterable
from fractions import Fraction
from uuid import UUID

from django.db import connection
from django.db.models import CharField, F, FloatField, QuerySet, Value, Window
from django.db.models.functions import Cast, RowNumber

from ..models import HeadToHeadTally, PersonSummary, Season, SeriesResult
from .aggregates import FIGURES, season_expression
from .seasons import SeasonSpan

ALL_TIME = ""  # the season of a summary over every series
SUMMARY_KEY = ["person", "game", "season"]
TALLY_KEY = ["person", "game", "opponent"]


def _named(club_id: int) -> list[SeasonSpan]:
    return [
        SeasonSpan(season.key, season.name, season.starts_on, season.ends_on)
        for season in Season.objects.filter(club_id=club_id)
    ]


# -- one series more ----------------------------------------------------------------


def add_series(club_id: int, results: list[SeriesResult], season: str) -> None:
    """Add a newly counted series (its ``results``, of ``season``) to its persons'
    summaries and tallies."""
    if not results:
        return
    game = results[0].game
    persons = [result.person_id for result in results]
    summaries = {
        (summary.person_id, summary.season): summary
        for summary in PersonSummary.objects.filter(
            person__in=persons, game=game, season__in=[ALL_TIME, season]
        )
    }
    ranks = _ranks(summaries.values(), persons)
    for result in results:
        for key in (ALL_TIME, season):
            summary = summaries.get((result.person_id, key))
            if summary is None:
                summary = summaries[result.person_id, key] = _empty(result, key)
            _add(summary, result, ranks)
    _upsert(PersonSummary, summaries.values(), SUMMARY_KEY)
    tallies = {
        (tally.person_id, tally.opponent_id): tally
        for tally in HeadToHeadTally.objects.filter(
            person__in=persons, game=game, opponent__in=persons
        )
    }
    for mine in results:
        for theirs in results:
            if theirs.person_id == mine.person_id:
                continue
            tally = tallies.get((mine.person_id, theirs.person_id))
            if tally is None:
                tally = tallies[mine.person_id, theirs.person_id] = HeadToHeadTally(
                    club_id=club_id, game=game, person_id=mine.person_id,
                    opponent_id=theirs.person_id, series=0, ahead=0, behind=0,
                )  # fmt: skip
            tally.series += 1
            tally.ahead += mine.place < theirs.place
            tally.behind += mine.place > theirs.place
    _upsert(HeadToHeadTally, tallies.values(), TALLY_KEY)


# The order of series by points a deal: the lowest is the best, the highest the
# worst; a tie goes to the earlier series (the worst: to the later).
Rank = tuple[Fraction, object, UUID]


def _rank(result: SeriesResult) -> Rank | None:
    if not result.deals:
        return None
    return Fraction(result.total, result.deals), result.started_at, result.series_id


def _ranks(summaries: Iterable[PersonSummary], persons: list[int]) -> dict:
    """The ranks of the summaries' best and worst series (one query)."""
    series = {
        series_id
        for summary in summaries
        for series_id in (summary.best_series_id, summary.worst_series_id)
        if series_id is not None
    }
    if not series:
        return {}
    found = SeriesResult.objects.filter(person__in=persons, series__in=series)
    return {(row.person_id, row.series_id): _rank(row) for row in found}


def _empty(result: SeriesResult, season: str) -> PersonSummary:
    zeros = dict.fromkeys(FIGURES, 0)
    return PersonSummary(
        club_id=result.club_id, game=result.game, season=season, person_id=result.person_id,
        **zeros,
    )  # fmt: skip


def _add(summary: PersonSummary, result: SeriesResult, ranks: dict) -> None:
    summary.series_played += 1
    summary.series_won += result.won
    summary.deals_played += result.deals
    summary.went_out += result.went_out
    summary.penalty_total += result.total
    summary.tiebreaks_played += result.tiebreak
    summary.tiebreaks_won += result.tiebreak and result.won
    rank = _rank(result)
    if rank is None:
        return
    ranks[result.person_id, result.series_id] = rank
    best = ranks.get((summary.person_id, summary.best_series_id))
    if best is None or rank < best:
        summary.best_series_id = result.series_id
    worst = ranks.get((summary.person_id, summary.worst_series_id))
    if worst is None or rank > worst:
        summary.worst_series_id = result.series_id


def _upsert(model, rows: Iterable, key: list[str]) -> None:
    """Write ``rows``, replacing those of the same key (one statement)."""
    fields = [
        field.name
        for field in model._meta.concrete_fields
        if not field.primary_key and field.name not in key
    ]
    fresh = []
    for row in rows:
        row.pk = None
        fresh.append(row)
    model.objects.bulk_create(fresh, update_conflicts=True, unique_fields=key, update_fields=fields)


# -- from the results ---------------------------------------------------------------


def refresh_club(club_id: int) -> None:
    """Write a club's summaries and tallies again from its results."""
    PersonSummary.objects.filter(club_id=club_id).delete()
    HeadToHeadTally.objects.filter(club_id=club_id).delete()
    _write_summaries(club_id, SeriesResult.objects.filter(club_id=club_id))
    _write_tallies(club_id, None)


def _write_summaries(club_id: int, results: QuerySet) -> None:
    """All time and season by season: two aggregates, and four picks of the best
    and worst series."""
    season = season_expression(_named(club_id))
    rows = []
    for key in (Value(ALL_TIME, output_field=CharField()), season):
        figures = results.values("game", "person", season=key).annotate(**FIGURES).order_by()
        best = _pick(results, key, worst=False)
        worst = _pick(results, key, worst=True)
        for line in figures:
            found = (line.pop("game"), line.pop("season"), line.pop("person"))
            game, season_key, person = found
            best_series, worst_series = best.get(found), worst.get(found)
            rows.append(
                PersonSummary(
                    club_id=club_id,
                    game=game,
                    season=season_key,
                    person_id=person,
                    best_series_id=best_series,
                    worst_series_id=worst_series,
                    **line,
                )
            )
    PersonSummary.objects.bulk_create(rows, batch_size=500)


def _pick(results: QuerySet, season, *, worst: bool) -> dict[tuple, UUID]:
    """Each person's best (or worst) series by points a deal, per game and season."""
    per_deal = Cast(F("total"), FloatField()) / F("deals")
    order = [per_deal, F("started_at"), F("series_id")]
    pick = Window(
        RowNumber(),
        partition_by=[F("game"), F("person"), F("season")],
        order_by=[field.desc() if worst else field.asc() for field in order],
    )
    picked = (
        results.filter(deals__gt=0)
        .annotate(season=season)
        .annotate(pick=pick)
        .filter(pick=1)
        .values_list("game", "season", "person", "series_id")
    )
    return {(game, key, person): series for game, key, person, series in picked}


def _write_tallies(club_id: int, persons: list[int] | None) -> None:
    """One aggregate: each result joined to the others of the same series."""
    tallies = HeadToHeadTally._meta.db_table
    results = SeriesResult._meta.db_table
    among = ""
    params: list = [club_id]
    if persons is not None:
        marks = ", ".join(["%s"] * len(persons))
        among = f"AND (mine.person_id IN ({marks}) OR theirs.person_id IN ({marks}))"
        params += persons + persons
    with connection.cursor() as cursor:
        cursor.execute(
            f"""
            INSERT INTO {tallies} (club_id, game, person_id, opponent_id, series, ahead, behind)
            SELECT mine.club_id, mine.game, mine.person_id, theirs.person_id, COUNT(*),
                   SUM(CASE WHEN mine.place < theirs.place THEN 1 ELSE 0 END),
                   SUM(CASE WHEN mine.place > theirs.place THEN 1 ELSE 0 END)
              FROM {results} mine
              JOIN {results} theirs
                ON theirs.series_id = mine.series_id AND theirs.person_id <> mine.person_id
             WHERE mine.club_id = %s {among}
             GROUP BY mine.club_id, mine.game, mine.person_id, theirs.person_id
            """,
            params,  # the table names come from the models; the values are parameters
        )
