"""The league's read models, kept in step with the log.

- ``SeriesResult``: one row per finished series and person, with the rating
  after it. A deal that finishes a series, or changes a finished one, only
  marks the club's league as behind, in its own statement (``follow_series``,
  called by ``sheets.projection.project``: ``mark_write``), and so does a merge
  (``follow_roster``). The league's follower (``catch_up.py``) then counts
  the club outside the request: series that finished after every counted one
  are added as they stand (``count_new``: ratings from their players' latest,
  their rows inserted, their season lines and the records updated,
  ``count_in_order``); any other change counts the club again from the
  earliest series it touched (``recount_club``).
- ``RosterPlayer``: guests and merged players, from the club's roster stream.

``rebuild_league`` writes them all again from the rebuilt score sheets and
the roster streams, a page of series at a time, and gives the same rows.
The results are written in two places only: ``count_in_order`` (one series
counted) and ``_count_club`` (a club's results written again).
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from datetime import UTC, datetime
from functools import cache
from uuid import UUID

from django.db import connection
from django.db.models import F, Q, Window
from django.db.models.functions import RowNumber
from django.utils import timezone
from django.utils.dateparse import parse_datetime

from series.database import dialects
from series.domain.league.rating import NEWCOMER, Form, Placing, RatingWalk
from series.domain.league.results import DealFacts, Result, SeriesFacts, series_results
from series.domain.league.seasons import calendar_season
from series.domain.roster import RosterState, roster_stream
from series.domain.roster import fold as fold_roster
from series.domain.rules import Rules
from series.domain.series import FINISHED, SeriesState
from series.eventstore import store
from series.eventstore.row_source import insert_rows
from series.league import standings, summaries
from series.models import (
    Club,
    DealLine,
    DealScore,
    LadderRules,
    LeagueBehind,
    Player,
    RosterPlayer,
    Season,
    SeasonStanding,
    SeriesResult,
    SeriesSeat,
    SeriesSheet,
)

PAGE = 500
# A person's form after a series, and when that series started (its day in
# the club's calendar is when their time away begins, RULES D-26).
FORM_FIELDS = ("mu", "sigma", "streak", "started_at")
RESULT_FIELDS = tuple(f.name for f in SeriesResult._meta.concrete_fields if f.name != "id")

# Where a series stands in a club's history: (started_at, series id).
Position = tuple[datetime, UUID]


# -- a series changes ---------------------------------------------------------


def follow_series(
    series_id: UUID, *, before: SeriesState, after: SeriesState, started_at: datetime
) -> list[store.Write]:
    """What the deal's statement writes for the league when a series finishes, or
    changes once finished: only the mark that the club's league is behind from
    this series on (``mark_write``). Counting it walks the ratings, so the
    league's follower does it outside the request (``catch_up.py``): a series
    finishing after every counted one is added there as it is
    (``count_in_order``), anything else counted again from it on."""
    if not concerns(before, after):
        return []
    return [mark_write(after.setup.club, (started_at, series_id))]


def concerns(before: SeriesState, after: SeriesState) -> bool:
    """Whether the league follows a series' change: only a finished series counts,
    so one that finishes, or changes once finished."""
    return FINISHED in (before.status, after.status)


@dataclass(frozen=True, slots=True)
class Seated:
    """A seated player's person (after merges), that person's form after their
    latest counted series of the game, and deals gone out in the season so far."""

    person: int
    form: Form | None
    season_went_out: int


@dataclass(frozen=True, slots=True)
class LeagueNow:
    """What counting a finished series needs of the tables as they stand."""

    season: str  # the key of its season
    best_n: int | None  # the ladder counts each person's best N series
    seated: dict[int, Seated]  # by player


# Written in SQL: the ORM took several times longer to build this query than
# the database to answer it, on the path of every finishing deal.
_LATEST = """(SELECT {column} FROM {result} WHERE person_id = COALESCE(r.person_id, p.id)
  AND game = %(game)s ORDER BY started_at DESC, series_id DESC LIMIT 1)"""
_LEAGUE_NOW = """
WITH this_season AS (SELECT COALESCE(
  (SELECT key FROM {season} WHERE club_id = %(club)s AND starts_on <= %(day)s
          AND ends_on >= %(day)s ORDER BY starts_on, id LIMIT 1), %(calendar)s) AS key)
SELECT p.id, COALESCE(r.person_id, p.id), {latest_mu}, {latest_sigma}, {latest_streak},
  {latest_started_at},
  (SELECT season_went_out FROM {standing} WHERE club_id = %(club)s AND game = %(game)s
          AND season = s.key AND person_id = COALESCE(r.person_id, p.id)),
  s.key,
  (SELECT best_n FROM {ladder} WHERE club_id = %(club)s)
FROM {player} p
CROSS JOIN this_season s
LEFT JOIN {roster} r ON r.player_id = p.id
WHERE p.id IN ({players})
"""


def _league_now(club_id: int, game: str, started_at: datetime, players) -> LeagueNow:
    """One query, after the club's lock (a statement that waited for the lock
    still reads with the snapshot it started with, on PostgreSQL): the
    series' season, the ladder's best N and each seated player's ``Seated``."""
    day = timezone.localdate(started_at)
    players = list(players)
    tables = {
        "result": SeriesResult,
        "season": Season,
        "ladder": LadderRules,
        "player": Player,
        "roster": RosterPlayer,
        "standing": SeasonStanding,
    }
    names = {
        name: connection.ops.quote_name(model._meta.db_table) for name, model in tables.items()
    }
    latest = {
        f"latest_{column}": _LATEST.format(column=column, result=names["result"])
        for column in FORM_FIELDS
    }
    players_in = ", ".join(f"%(player{i})s" for i in range(len(players)))
    sql = _LEAGUE_NOW.format(players=players_in, **latest, **names)
    params = {
        "club": club_id,
        "game": game,
        "day": connection.ops.adapt_datefield_value(day),
        "calendar": calendar_season(day.year).key,
        **{f"player{i}": player for i, player in enumerate(players)},
    }
    with connection.cursor() as cursor:
        cursor.execute(sql, params)
        rows = cursor.fetchall()
    *_, season, best_n = rows[0]
    return LeagueNow(
        season=season,
        best_n=best_n,
        seated={
            player: Seated(person, _form(mu, sigma, streak, started), went_out or 0)
            for player, person, mu, sigma, streak, started, went_out, *_rest in rows
        },
    )


def count_in_order(facts: SeriesFacts) -> None:
    """Count a series that finished after every counted series of its club: its
    players' ratings go on from their latest, and its results, its persons'
    summaries (``summaries.add_series``) and the lines and records of its
    season (``standings.count_series``) are written in one statement (a
    best-N ladder's season is computed again after it). In the club's lock."""
    club, game = facts.club_id, facts.game
    league = _league_now(club, game, facts.started_at, facts.seats)
    seated = league.seated
    results = series_results(facts, lambda player: seated[player].person)
    forms = {s.person: s.form for s in seated.values() if s.form is not None}
    placings = (Placing(r.person, r.place, r.won) for r in results)
    after = RatingWalk(forms).step(placings, day=club_day(facts.started_at))
    rows = [_row(result, after[result.person]) for result in results]
    attnames = [SeriesResult._meta.get_field(name).attname for name in RESULT_FIELDS]
    values = [tuple(getattr(row, attname) for attname in attnames) for row in rows]
    season = league.season
    writes = [
        store.Write(*insert_rows(SeriesResult, RESULT_FIELDS, values)),
        *summaries.add_series(club, rows, season),
    ]
    if league.best_n is None:
        went_out = {s.person: s.season_went_out for s in seated.values()}
        writes += standings.count_series(club, game, season, rows, went_out)
    store.write_together(writes)
    if league.best_n is not None:
        standings.recount_season(club, game, season, league.best_n)


def mark_behind(club_id: int, start: Position | None) -> None:
    """Note that the club's league waits for its catch-up, which counts again from
    the series at ``start`` on (None: every series), at once (``mark_write``)."""
    store.write_together([mark_write(club_id, start)])


def mark_write(club_id: int, start: Position | None) -> store.Write:
    """The upsert that marks the club's league behind from the series at ``start``
    (by start, then id; None: every series): a mark already there keeps its
    ``since`` and moves to the earlier series of the two. It locks the mark's
    row, so it runs before the log's lock in a deal's statement (a guard) and a
    deal waits for a catch-up of its club without holding up the log."""
    table = LeagueBehind._meta.db_table
    started_at, series = start or (None, None)
    old, new = f"{table}.from_started_at", "excluded.from_started_at"
    old_id, new_id = f"{table}.from_series", "excluded.from_series"
    keep_all = f"{old} IS NULL OR {new} IS NULL"
    earlier = f"{new} < {old} OR ({new} = {old} AND {new_id} < {old_id})"
    then = (
        f"ON CONFLICT (club_id) DO UPDATE SET "
        f"from_started_at = CASE WHEN {keep_all} THEN NULL WHEN {earlier} THEN {new} "
        f"ELSE {old} END, "
        f"from_series = CASE WHEN {keep_all} THEN NULL WHEN {earlier} THEN {new_id} "
        f"ELSE {old_id} END"
    )
    row = (club_id, timezone.now(), started_at, series)
    fields = ("club", "since", "from_started_at", "from_series")
    return store.Write(*insert_rows(LeagueBehind, fields, [row], then), guard=True)


def clear_mark(club_id: int) -> LeagueBehind | None:
    """Remove the mark that the club's league is behind and return it (its
    ``start``: where the catch-up starts); None when the club was not behind.
    The mark is read locked: a deal that moves it (it takes no club lock)
    either did so before, and this reads what it wrote, or waits for the
    catch-up's commit and marks the club again."""
    mark = LeagueBehind.objects.select_for_update().filter(club_id=club_id).first()
    if mark is not None:
        mark.delete()
    return mark


def counted_sheets(club_id: int):
    """The club's score sheets the league counts: finished, with no deal waiting
    for a confirmation (asked for when it was recorded) or disputed."""
    return SeriesSheet.objects.filter(club_id=club_id, status=FINISHED, unconfirmed=0)


def club_day(instant: datetime) -> int:
    """The day a series started in the club's calendar, as a date ordinal (the
    club's time zone is active while the league is written: ``club_time``)."""
    return timezone.localdate(instant).toordinal()


def _form(mu, sigma, streak, started_at) -> Form | None:
    """A stored form; ``started_at`` as the database gives it (SQLite's text
    from a raw statement, naive UTC)."""
    if mu is None:
        return None
    if isinstance(started_at, str):
        started_at = parse_datetime(started_at)
    if timezone.is_naive(started_at):
        started_at = started_at.replace(tzinfo=UTC)
    return Form(mu, sigma, streak, club_day(started_at))


def _row(result: Result, form: Form = NEWCOMER) -> SeriesResult:
    return SeriesResult(
        series_id=result.series_id,
        club_id=result.club_id,
        game=result.game,
        started_at=result.started_at,
        player_id=result.player,
        person_id=result.person,
        players=result.players,
        place=result.place,
        won=result.won,
        total=result.total,
        deals=result.deals,
        went_out=result.went_out,
        last_out=result.last_out,
        tiebreak=result.tiebreak,
        deficit=result.deficit,
        streak=form.streak,
        mu=form.mu,
        sigma=form.sigma,
        ordinal=form.ordinal,
    )


@contextmanager
def club_time(zone: str) -> Iterator[None]:
    """A club's time zone (``Club.time_zone``; the server's when it chose none),
    active while the league's tables are written: the season a series counts
    in follows the day it started where the club plays, whichever process
    writes it (the follower, a rebuild, an admin's page or the API), as on the
    club's pages."""
    with timezone.override(zone or None):
        yield


def lock_league(club_id: int, *fields: str) -> tuple:
    """Hold the club's row until the transaction ends (PostgreSQL), so that two
    series finishing at once walk the ratings one after the other: the second
    then reads what the first wrote. Taken before the log's lock, as every
    writer of the league does.

    ``FOR NO KEY UPDATE``, not ``FOR UPDATE``: the foreign-key checks of other
    writers' rows (an event names its club) take ``FOR KEY SHARE`` on this row
    at commit, while holding the log's lock; a ``FOR UPDATE`` here would wait
    for the log's lock while blocking them, a deadlock.

    Returns the club's ``fields`` as they are once locked. Written in SQL: on
    the path of every finishing deal, the ORM took longer to build the query
    than the database to answer it."""
    with connection.cursor() as cursor:
        cursor.execute(_lock_sql(fields), [club_id])
        return cursor.fetchone()[1:]


@cache
def _lock_sql(fields: tuple[str, ...]) -> str:
    columns = ", ".join(["id", *(Club._meta.get_field(name).column for name in fields)])
    lock = dialects.current().ROW_LOCK_KEEPING_KEYS
    return f"SELECT {columns} FROM {Club._meta.db_table} WHERE id = %s{lock}"


# -- the roster changes ---------------------------------------------------------


def roster_state(club_id: int) -> RosterState:
    return fold_roster(stored.event for stored in store.load_stream(roster_stream(club_id)))


def follow_roster(club_id: int, *, before: RosterState, after: RosterState) -> None:
    """Write the roster's rows; when a player who played a counted series now
    stands for someone else, the club's league is behind (``mark_behind``)."""
    lock_league(club_id)
    _write_roster(club_id, after)
    moved = {
        p for p in before.mentioned() | after.mentioned() if before.person(p) != after.person(p)
    }
    if moved and counted_sheets(club_id).filter(seats__player__in=moved).exists():
        mark_behind(club_id, None)  # the merged players' series, from their first


def _write_roster(club_id: int, state: RosterState) -> None:
    RosterPlayer.objects.filter(club_id=club_id).delete()
    RosterPlayer.objects.bulk_create(
        RosterPlayer(
            player_id=player,
            club_id=club_id,
            person_id=state.person(player),
            guest=player in state.guests,
            retired=player in state.retired,
        )
        for player in sorted(state.mentioned())
    )


# -- from the score sheets -------------------------------------------------------


def _pages(sheets) -> Iterator[list[SeriesSheet]]:
    """Finished sheets a page at a time, in order of start, so memory stays flat."""
    sheets = sheets.only("id", "club_id", "rules", "started_at", "winner_id", "eliminated")
    after: Position | None = None
    while True:
        page_query = (
            sheets
            if after is None
            else sheets.filter(Q(started_at__gt=after[0]) | Q(started_at=after[0], id__gt=after[1]))
        )
        page = list(page_query[:PAGE])
        if not page:
            return
        yield page
        after = (page[-1].started_at, page[-1].id)


def facts_from_sheets(sheets: list[SeriesSheet]) -> list[SeriesFacts]:
    """The facts of finished series, from their score sheets (three queries)."""
    ids = [sheet.id for sheet in sheets]
    seats = defaultdict(list)
    for series, player in (
        SeriesSeat.objects.filter(series__in=ids)
        .order_by("series_id", "seat")
        .values_list("series", "player")
    ):
        seats[series].append(player)
    scores = defaultdict(dict)
    for series, number, player, points in DealScore.objects.filter(series__in=ids).values_list(
        "series", "number", "player", "points"
    ):
        scores[series, number][player] = points
    deals = defaultdict(list)
    lines = DealLine.objects.filter(series__in=ids, void=False).order_by("series_id", "number")
    for series, number, tiebreak, went_out in lines.values_list(
        "series", "number", "tiebreak", "went_out"
    ):
        deals[series].append(DealFacts(number, tiebreak, went_out, scores[series, number]))
    return [
        SeriesFacts(
            series_id=sheet.id,
            club_id=sheet.club_id,
            game=sheet.rules["game"],
            started_at=sheet.started_at,
            seats=tuple(seats[sheet.id]),
            winner=sheet.winner_id,
            higher_wins=Rules.from_dict(sheet.rules).higher_wins,
            deals=tuple(deals[sheet.id]),
            eliminated=tuple(sheet.eliminated),
        )
        for sheet in sheets
    ]


# -- rebuild --------------------------------------------------------------------


def rebuild_league() -> None:
    """Write the league's tables again from the score sheets and roster streams:
    no club's league is behind after it."""
    LeagueBehind.objects.all().delete()
    SeasonStanding.objects.all().delete()
    SeriesResult.objects.all().delete()
    RosterPlayer.objects.all().delete()
    for club_id, zone in Club.objects.order_by("id").values_list("id", "time_zone"):
        with club_time(zone):
            _count_club(club_id)


def count_new(club_id: int, start: Position) -> bool:
    """Count the club's counted series from ``start`` on one by one, each as a
    series that finished after every counted one (``count_in_order``), if none
    of its series from there on is counted yet: the usual catch-up, after
    series that finished in order. Otherwise count nothing and say so."""
    if SeriesResult.objects.filter(club_id=club_id).filter(_from(start, "series_id")).exists():
        return False
    sheets = counted_sheets(club_id).filter(_from(start, "id")).order_by("started_at", "id")
    for page in _pages(sheets):
        for facts in facts_from_sheets(page):
            count_in_order(facts)
    return True


def recount_club(club_id: int, start: Position | None = None) -> None:
    """Count a club's league again from its score sheets: every series (its rules
    of what counts changed), or those from ``start`` on, whose ratings walk on
    from the results of the series before it, which stay."""
    lock_league(club_id)
    results = SeriesResult.objects.filter(club_id=club_id)
    if start is not None:
        results = results.filter(_from(start, "series_id"))
    results.delete()
    _count_club(club_id, start)  # which writes the club's roster rows again


def _from(start: Position, series: str) -> Q:
    """The rows of the series at ``start`` and after it (by start, then id); the
    range on the start first, so that an index on it serves the rest."""
    started_at, series_id = start
    return Q(started_at__gte=started_at) & (
        Q(started_at__gt=started_at) | Q(**{f"{series}__gte": series_id})
    )


def _walks_before(club_id: int, start: Position) -> dict[str, RatingWalk]:
    """Each game's rating walk as it stood before the series at ``start``: every
    person's form after their latest series before it (one query)."""
    latest = Window(
        RowNumber(),
        partition_by=[F("game"), F("person")],
        order_by=[F("started_at").desc(), F("series_id").desc()],
    )
    before = SeriesResult.objects.filter(club_id=club_id).exclude(_from(start, "series_id"))
    forms: dict[str, dict[int, Form]] = defaultdict(dict)
    for game, person, *form in (
        before.annotate(latest=latest).filter(latest=1).values_list("game", "person", *FORM_FIELDS)
    ):
        forms[game][person] = _form(*form)
    return defaultdict(RatingWalk, {game: RatingWalk(held) for game, held in forms.items()})


def _count_club(club_id: int, start: Position | None = None) -> None:
    roster = roster_state(club_id)
    _write_roster(club_id, roster)
    walks = defaultdict(RatingWalk) if start is None else _walks_before(club_id, start)
    sheets = counted_sheets(club_id)
    if start is not None:
        sheets = sheets.filter(_from(start, "id"))
    for page in _pages(sheets.order_by("started_at", "id")):
        rows = []
        for facts in facts_from_sheets(page):
            results = series_results(facts, roster.person)
            placings = (Placing(r.person, r.place, r.won) for r in results)
            after = walks[facts.game].step(placings, day=club_day(facts.started_at))
            rows.extend(_row(result, after[result.person]) for result in results)
        SeriesResult.objects.bulk_create(rows, batch_size=PAGE)
    standings.refresh_club(club_id)
    summaries.refresh_club(club_id)


class LeagueProjector:
    """The league as a subscriber of the series (``series.eventstore.projectors``)."""

    def concerns(self, change) -> bool:
        return concerns(change.before, change.after)

    def series_changed(self, change) -> list[store.Write]:
        return follow_series(
            change.series_id, before=change.before, after=change.after, started_at=change.started_at
        )

    def roster_changed(self, change) -> None:
        follow_roster(change.club_id, before=change.before, after=change.after)

    def club_changed(self, club_id: int) -> None:
        # Counting the club again walks every series: the follower does it,
        # not the admin's request (``catch_up.LeagueCatchUp.waiting``).
        mark_behind(club_id, None)

    def rebuild(self) -> None:
        rebuild_league()


LEAGUE = LeagueProjector()
