"""The club records projection: each game's all-time records, written again
with the standings (``standings.refresh_club``), or compared with those of a
series counted at the end of the history (``count_records``).

- lowest series total (of anyone, in a finished series),
- most deals gone out in one season (from the season standings),
- longest run of series won (the walk's streaks),
- biggest comeback: furthest behind the leader after a deal, and still won.

A tie goes to whoever got there first: the earlier series (in the league's
order of series, by start, then id), then the lower player id; the season
record to the person whose count reached it first: in the earlier series
(the last series of the season they went out in, which the record names
beside its season), and in one series, by the earlier deal of the two last
gone out in (``SeriesResult.last_out``). The count as it goes, the catch-up and
a rebuild all break ties so, so a rebuilt or restored club's records equal the
live ones. Every figure comes from the results alone, never from the score
sheet: a correction or a void of a finished series reaches the sheet at once
and the results only at the league's catch-up, and the standings and records
written in between (new ladder rules or seasons) count the series as the
results still do. Ordering by a player means by the column (``person_id``):
the ``person`` relation orders by name.

A series counted at the end of the history (``count_records``) can only set a
record, not take one away: its candidates are written only where they beat
the records held, compared in the statement that writes them.
"""

from __future__ import annotations

from django.db.models import F, Max, Window
from django.db.models.functions import RowNumber

from series.eventstore.row_source import insert_rows
from series.eventstore.store import Write
from series.league.aggregates import season_expression
from series.models import ClubRecord, Season, SeasonStanding, SeriesResult

Kind = ClubRecord.Kind


def count_records(
    club_id: int,
    game: str,
    season: str,
    results: list[SeriesResult],
    went_out: dict[int, int],
) -> Write | None:
    """The write of the records that a series counted after every other of its
    game beats, one statement that compares each candidate with the record
    held (``went_out``: its persons' deals gone out in ``season``, with it
    counted); None when it has no candidate."""
    winners = [result for result in results if result.won]
    candidates = []
    for kind, rows, order, value in (
        (Kind.LOWEST_TOTAL, results, lambda r: (r.total, r.person_id), "total"),
        (Kind.LONGEST_RUN, winners, lambda r: (-r.streak, r.person_id), "streak"),
        (
            Kind.BIGGEST_COMEBACK,
            [r for r in winners if r.deficit > 0],
            lambda r: (-r.deficit, r.person_id),
            "deficit",
        ),
    ):
        row = min(rows, key=order, default=None)
        if row is not None:
            candidates.append(_from_result(club_id, game, kind, row, getattr(row, value)))
    # Only a person who went out in this series reaches a new count here; the
    # others' counts were candidates in the series where they reached them.
    reached = [r for r in results if r.went_out > 0]
    row = min(
        reached,
        key=lambda r: (-went_out[r.person_id], r.last_out, r.person_id),
        default=None,
    )
    if row is not None:
        candidates.append(
            _from_result(club_id, game, Kind.MOST_WENT_OUT, row, went_out[row.person_id], season)
        )
    return _if_beaten(candidates) if candidates else None


# When a candidate beats the record held: a better value, or the same value
# reached earlier (by the series' start, then its id, then the player's id),
# as ``game_records`` orders them.
_BEATS = """CASE WHEN excluded.kind = 'lowest_total' THEN excluded.value < {t}.value
  ELSE excluded.value > {t}.value END
  OR (excluded.value = {t}.value AND (excluded.started_at, excluded.series_id, excluded.person_id)
      < ({t}.started_at, {t}.series_id, {t}.person_id))"""


def _if_beaten(candidates: list[ClubRecord]) -> Write:
    table = ClubRecord._meta.db_table
    names = ("club", "game", "kind", "person", "value", "series", "started_at", "season")
    rows = [
        (c.club_id, c.game, c.kind, c.person_id, c.value, c.series_id, c.started_at, c.season)
        for c in candidates
    ]
    changed = ", ".join(
        f"{column} = excluded.{column}"
        for column in ("person_id", "value", "series_id", "started_at", "season")
    )
    beaten = _BEATS.format(t=table)
    then = f"ON CONFLICT (club_id, game, kind) DO UPDATE SET {changed} WHERE {beaten}"
    return Write(*insert_rows(ClubRecord, names, rows, then))


def refresh_records(club_id: int, game: str) -> None:
    ClubRecord.objects.filter(club_id=club_id, game=game).delete()
    ClubRecord.objects.bulk_create(game_records(club_id, game))


def game_records(club_id: int, game: str) -> list[ClubRecord]:
    """The records of a club's game, from the results and standings (at most six
    queries)."""
    results = SeriesResult.objects.filter(club_id=club_id, game=game)
    winners = results.filter(won=True)
    earlier = ("started_at", "series_id", "person_id")
    found = {
        Kind.LOWEST_TOTAL: (results.order_by("total", *earlier), "total"),
        Kind.LONGEST_RUN: (winners.order_by("-streak", *earlier), "streak"),
        Kind.BIGGEST_COMEBACK: (
            winners.filter(deficit__gt=0).order_by("-deficit", *earlier),
            "deficit",
        ),
    }
    records = []
    for kind, (ordered, value) in found.items():
        row = ordered.first()
        if row is not None:
            records.append(_from_result(club_id, game, kind, row, getattr(row, value)))
    went_out = _most_went_out(club_id, game)
    if went_out is not None:
        records.append(went_out)
    return records


def _most_went_out(club_id: int, game: str) -> ClubRecord | None:
    """The season record: the most deals gone out in a season, of whoever reached
    that count first (their last series of the season with a deal gone out,
    then their last deal gone out in it)."""
    lines = SeasonStanding.objects.filter(club_id=club_id, game=game, season_went_out__gt=0)
    most = lines.aggregate(most=Max("season_went_out"))["most"]
    if most is None:
        return None
    tied = set(lines.filter(season_went_out=most).values_list("person_id", "season"))
    season = season_expression(Season.objects.spans(club_id))
    last = Window(
        RowNumber(),
        partition_by=[F("person"), F("season")],
        order_by=[F("started_at").desc(), F("series_id").desc()],
    )
    reached = (
        SeriesResult.objects.filter(
            club_id=club_id,
            game=game,
            went_out__gt=0,
            person__in={person for person, _season in tied},
        )
        .annotate(season=season)
        .filter(season__in={key for _person, key in tied})
        .annotate(last=last)
        .filter(last=1)
    )
    reached = [row for row in reached if (row.person_id, row.season) in tied]
    first = min(reached, key=lambda row: (row.started_at, row.series_id))
    alike = [row for row in reached if row.series_id == first.series_id]
    # Reached in one series: who went out there last, earlier.
    first = min(alike, key=lambda row: (row.last_out, row.person_id))
    return _from_result(club_id, game, Kind.MOST_WENT_OUT, first, most, first.season)


def _from_result(
    club_id: int, game: str, kind: str, row: SeriesResult, value: int, season: str = ""
) -> ClubRecord:
    return ClubRecord(
        club_id=club_id,
        game=game,
        kind=kind,
        person_id=row.person_id,
        value=value,
        series_id=row.series_id,
        started_at=row.started_at,
        season=season,
    )
