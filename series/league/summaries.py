"""Each person's stored summaries, so that a player's page and API read as
many rows however long the history:

- ``PersonSummary``: the figures of a person's series of a game, all time and
  season by season, with their best and worst series (points a deal);
- ``HeadToHeadTally``: against each opponent, the series both sat in and how
  often each finished ahead.

They follow ``SeriesResult`` under the league's lock of the club. A series
the league's follower counts as it stands (it finished after every counted
one) is added to its persons' rows by
two upserts that add in the database (``add_series``, reading nothing first,
made in the statement that writes its results); whatever else changes results
(a counted series corrected, voided or no longer counted, a merge: the
catch-up; the seasons; a rebuild) writes a whole club's rows again from its
results (``refresh_club``). A property test checks that the two ways agree.
"""

from __future__ import annotations

from uuid import UUID

from django.db import connection
from django.db.models import CharField, F, FloatField, QuerySet, Value, Window
from django.db.models.functions import Cast, RowNumber

from series.eventstore.row_source import insert_rows
from series.eventstore.store import Write
from series.league.aggregates import FIGURES, season_expression, series_figures
from series.models import HeadToHeadTally, PersonSummary, Season, SeriesResult

ALL_TIME = ""  # the season of a summary over every series
SUMMARY_KEY = ["person", "game", "season"]
TALLY_KEY = ["person", "game", "opponent"]


# -- one series more ----------------------------------------------------------------


def add_series(club_id: int, results: list[SeriesResult], season: str) -> list[Write]:
    """The writes that add a series counted after every other of its game (its
    ``results``, of ``season``) to its persons' summaries and tallies: two
    upserts that add in the database, reading nothing first."""
    if not results:
        return []
    writes = [Write(*_summaries_upsert(club_id, results, season))]
    if len(results) > 1:
        writes.append(Write(*_tallies_upsert(club_id, results)))
    return writes


def _summaries_upsert(club_id: int, results: list[SeriesResult], season: str):
    """Each person's all-time and season summaries gain the series' figures. Being
    the latest, the series is the best only with fewer points a deal than the
    best so far, and the worst only with more (a tie stays with the earlier, as
    in ``_pick``); a series of no deal is neither."""
    table = PersonSummary._meta.db_table
    result = SeriesResult._meta.db_table
    columns = (
        "club_id",
        "game",
        "season",
        "person_id",
        *FIGURES,
        "best_series_id",
        "worst_series_id",
    )
    rows = []
    for r in results:
        figures = series_figures(r)
        ranked = r.series_id if r.deals else None
        rows.extend(
            (club_id, r.game, key, r.person_id, *figures, ranked, ranked)
            for key in (ALL_TIME, season)
        )
    sums = ", ".join(f"{name} = {table}.{name} + excluded.{name}" for name in FIGURES)

    def beats(side: str, compare: str) -> str:
        # The new series' points a deal are excluded.penalty_total / deals_played;
        # the fractions are compared multiplied out, exactly.
        held = f"{table}.{side}_series_id"
        of_held = f"FROM {result} WHERE series_id = {held} AND person_id = {table}.person_id"
        return (
            f"{side}_series_id = CASE WHEN excluded.deals_played = 0 THEN {held} "
            f"WHEN {held} IS NULL OR excluded.penalty_total * (SELECT deals {of_held}) "
            f"{compare} (SELECT total {of_held}) * excluded.deals_played "
            f"THEN excluded.{side}_series_id ELSE {held} END"
        )

    then = (
        f"ON CONFLICT (person_id, game, season) DO UPDATE SET {sums}, "
        f"{beats('best', '<')}, {beats('worst', '>')}"
    )
    return insert_rows(PersonSummary, columns, rows, then)


def _tallies_upsert(club_id: int, results: list[SeriesResult]):
    """Each pair of the series' persons: one series more, and who finished ahead."""
    table = HeadToHeadTally._meta.db_table
    columns = ("club_id", "game", "person_id", "opponent_id", "series", "ahead", "behind")
    rows = [
        (
            club_id,
            mine.game,
            mine.person_id,
            theirs.person_id,
            1,
            int(mine.place < theirs.place),
            int(mine.place > theirs.place),
        )
        for mine in results
        for theirs in results
        if theirs.person_id != mine.person_id
    ]
    sums = ", ".join(
        f"{name} = {table}.{name} + excluded.{name}" for name in ("series", "ahead", "behind")
    )
    then = f"ON CONFLICT (person_id, game, opponent_id) DO UPDATE SET {sums}"
    return insert_rows(HeadToHeadTally, columns, rows, then)


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
    season = season_expression(Season.objects.spans(club_id))
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
    """Each person's best (or worst) series by points a deal, per game and season;
    of two alike, the earlier series."""
    per_deal = Cast(F("total"), FloatField()) / F("deals")
    pick = Window(
        RowNumber(),
        partition_by=[F("game"), F("person"), F("season")],
        order_by=[per_deal.desc() if worst else per_deal.asc(), F("started_at"), F("series_id")],
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
