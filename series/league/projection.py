"""The league's read models, kept in step with the log.

- ``SeriesResult``: one row per finished series and person, with the rating
  after it. Written when a series finishes or a finished series changes
  (``follow_series``, called by ``projections.project`` in the series'
  transaction) and when a merge changes who is who (``follow_roster``); the
  ratings are then walked again from the first changed series onwards, and
  the standings of the seasons from there (``standings``) written again, and
  the summaries of the persons concerned (``summaries``).
- ``RosterPlayer``: guests and merged players, from the club's roster stream.

``rebuild_league`` writes them all again from the rebuilt score sheets and
the roster streams, a page of series at a time, and gives the same rows.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Callable, Iterable, Iterator
from datetime import datetime
from itertools import groupby
from uuid import UUID

from django.db.models import Q

from .. import store
from ..domain.roster import RosterState, roster_stream
from ..domain.roster import fold as fold_roster
from ..domain.rules import WINNER_TAKES_ALL
from ..domain.series import FINISHED, SeriesState
from ..models import (
    Club,
    DealLine,
    DealScore,
    RosterPlayer,
    SeasonStanding,
    SeriesResult,
    SeriesSeat,
    SeriesSheet,
)
from . import standings, summaries
from .aggregates import latest_of_each
from .rating import NEWCOMER, Form, Placing, RatingWalk
from .results import DealFacts, Result, SeriesFacts, series_results

PAGE = 500
RATING_FIELDS = ("mu", "sigma", "ordinal", "streak")

# Where a series stands in a club's history: (started_at, series id).
Position = tuple[datetime, UUID]


# -- a series changes ---------------------------------------------------------


def follow_series(
    series_id: UUID, *, before: SeriesState, after: SeriesState, started_at: datetime
) -> None:
    """Bring the league up to date with a series that finished, or changed once finished."""
    if FINISHED not in (before.status, after.status):
        return
    setup = after.setup
    club = Club.objects.filter(id=setup.club).values_list("deals_need_confirmation", flat=True)
    needs_confirmation = bool(club.first())
    if not (counts(before, needs_confirmation) or counts(after, needs_confirmation)):
        return
    lock_league(setup.club)
    SeriesResult.objects.filter(series_id=series_id).delete()
    if counts(after, needs_confirmation):
        person_of = _persons(setup.players)
        facts = facts_from_state(series_id, after, started_at)
        _insert(series_results(facts, person_of))
    rerate(setup.club, setup.rules.game, since=(started_at, series_id))
    standings.refresh_seasons(setup.club, setup.rules.game, since=started_at)
    was_counted = counts(before, needs_confirmation)
    summaries.follow_series(setup.club, series_id, setup.players, was_counted=was_counted)


def counts(state: SeriesState, needs_confirmation: bool) -> bool:
    """Whether the league counts the series: finished, and every deal that counts
    confirmed when the club needs confirmations."""
    return state.status == FINISHED and not (needs_confirmation and state.unconfirmed)


def counted_sheets(club_id: int):
    """The club's score sheets the league counts (``counts``, from the projections)."""
    finished = SeriesSheet.objects.filter(club_id=club_id, status=FINISHED)
    return finished.filter(Q(club__deals_need_confirmation=False) | Q(unconfirmed=0))


def facts_from_state(series_id: UUID, state: SeriesState, started_at: datetime) -> SeriesFacts:
    setup = state.setup
    return SeriesFacts(
        series_id=series_id,
        club_id=setup.club,
        game=setup.rules.game,
        started_at=started_at,
        seats=tuple(setup.players),
        winner=state.winner,
        higher_wins=setup.rules.scoring == WINNER_TAKES_ALL,
        deals=tuple(
            DealFacts(deal.number, deal.tiebreak, deal.entry.went_out, dict(deal.scores))
            for deal in state.deals
            if not deal.void
        ),
    )


def _persons(players: Iterable[int]) -> Callable[[int], int]:
    merged = dict(
        RosterPlayer.objects.filter(player_id__in=list(players)).values_list("player", "person")
    )
    return lambda player: merged.get(player, player)


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
        tiebreak=result.tiebreak,
        deficit=result.deficit,
        streak=form.streak,
        mu=form.mu,
        sigma=form.sigma,
        ordinal=form.ordinal,
    )


def _insert(results: Iterable[Result]) -> None:
    SeriesResult.objects.bulk_create([_row(result) for result in results], batch_size=PAGE)


def lock_league(club_id: int) -> None:
    """Hold the club's row until the transaction ends (PostgreSQL), so that two
    series finishing at once walk the ratings one after the other: the second
    then reads what the first wrote. Taken before the log's lock, as every
    writer of the league does.

    ``FOR NO KEY UPDATE``, not ``FOR UPDATE``: the foreign-key checks of other
    writers' rows (an event names its club) take ``FOR KEY SHARE`` on this row
    at commit, while holding the log's lock; a ``FOR UPDATE`` here would wait
    for the log's lock while blocking them, a deadlock."""
    rows = Club.objects.select_for_update(no_key=True).filter(id=club_id)
    list(rows.values_list("id"))


# -- ratings ------------------------------------------------------------------


def _from(since: Position) -> Q:
    started_at, series_id = since
    return Q(started_at__gt=started_at) | Q(started_at=started_at, series_id__gte=series_id)


def rerate(club_id: int, game: str, *, since: Position) -> None:
    """Walk the ratings of a club's game again from the series at ``since`` onwards."""
    rows = list(
        SeriesResult.objects.filter(Q(club_id=club_id, game=game) & _from(since)).order_by(
            "started_at", "series_id", "place", "person_id"
        )
    )
    walk = RatingWalk(_forms_before(club_id, game, since, {row.person_id for row in rows}))
    changed = []
    for _series, table in groupby(rows, key=lambda row: row.series_id):
        table = list(table)
        after = walk.step(Placing(row.person_id, row.place, row.won) for row in table)
        for row in table:
            if _set_form(row, after[row.person_id]):
                changed.append(row)
    SeriesResult.objects.bulk_update(changed, RATING_FIELDS, batch_size=PAGE)


def _forms_before(club_id: int, game: str, since: Position, persons: set[int]) -> dict[int, Form]:
    """Each person's form after their last series before ``since``."""
    earlier = SeriesResult.objects.filter(club_id=club_id, game=game).exclude(_from(since))
    latest = latest_of_each(earlier, persons, ("mu", "sigma", "streak"))
    return {person: Form(mu, sigma, streak) for person, (mu, sigma, streak) in latest.items()}


def _set_form(row: SeriesResult, form: Form) -> bool:
    values = {
        "mu": form.mu,
        "sigma": form.sigma,
        "ordinal": form.ordinal,
        "streak": form.streak,
    }
    if all(getattr(row, name) == value for name, value in values.items()):
        return False
    for name, value in values.items():
        setattr(row, name, value)
    return True


# -- the roster changes ---------------------------------------------------------


def roster_state(club_id: int) -> RosterState:
    return fold_roster(stored.event for stored in store.load_stream(roster_stream(club_id)))


def follow_roster(club_id: int, *, before: RosterState, after: RosterState) -> None:
    """Write the roster's rows, then count again every finished series of a
    player who now stands for someone else, and walk the ratings from there."""
    lock_league(club_id)
    _write_roster(club_id, after)
    moved = {
        p for p in before.mentioned() | after.mentioned() if before.person(p) != after.person(p)
    }
    if not moved:
        return
    sheets = (
        counted_sheets(club_id)
        .filter(seats__player__in=moved)
        .distinct()
        .order_by("started_at", "id")
    )
    firsts: dict[str, Position] = {}
    for page in _pages(sheets):
        SeriesResult.objects.filter(series__in=[sheet.id for sheet in page]).delete()
        for facts in facts_from_sheets(page):
            _insert(series_results(facts, after.person))
            firsts.setdefault(facts.game, (facts.started_at, facts.series_id))
    for game, since in firsts.items():
        rerate(club_id, game, since=since)
    standings.refresh_club(club_id)
    summaries.refresh_persons(
        club_id, {before.person(p) for p in moved} | set(map(after.person, moved))
    )


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
    sheets = sheets.only("id", "club_id", "rules", "started_at", "winner_id")
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
            higher_wins=sheet.rules.get("scoring") == WINNER_TAKES_ALL,
            deals=tuple(deals[sheet.id]),
        )
        for sheet in sheets
    ]


# -- rebuild --------------------------------------------------------------------


def rebuild_league() -> None:
    """Write the league's tables again from the score sheets and roster streams."""
    SeasonStanding.objects.all().delete()
    SeriesResult.objects.all().delete()
    RosterPlayer.objects.all().delete()
    for club_id in Club.objects.order_by("id").values_list("id", flat=True):
        _count_club(club_id)


def recount_club(club_id: int) -> None:
    """Count a club's league again from its score sheets (its rules of what counts changed)."""
    lock_league(club_id)
    SeriesResult.objects.filter(club_id=club_id).delete()
    RosterPlayer.objects.filter(club_id=club_id).delete()
    _count_club(club_id)


def _count_club(club_id: int) -> None:
    roster = roster_state(club_id)
    _write_roster(club_id, roster)
    walks: dict[str, RatingWalk] = defaultdict(RatingWalk)
    for page in _pages(counted_sheets(club_id).order_by("started_at", "id")):
        rows = []
        for facts in facts_from_sheets(page):
            results = series_results(facts, roster.person)
            after = walks[facts.game].step(Placing(r.person, r.place, r.won) for r in results)
            rows.extend(_row(result, after[result.person]) for result in results)
        SeriesResult.objects.bulk_create(rows, batch_size=PAGE)
    standings.refresh_club(club_id)
    summaries.refresh_club(club_id)


class LeagueProjector:
    """The league as a subscriber of the series (``series.projectors``)."""

    def series_changed(self, change) -> None:
        follow_series(change.series_id, before=change.before, after=change.after,
                      started_at=change.started_at)  # fmt: skip

    def club_changed(self, club_id: int) -> None:
        recount_club(club_id)

    def rebuild(self) -> None:
        rebuild_league()


LEAGUE = LeagueProjector()
