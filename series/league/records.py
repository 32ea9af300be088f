"""The club records projection: each game's all-time records, written again
with the standings (``standings.refresh_club``), or compared with those of a
series counted at the end of the history (``count_records``).

- lowest series total (of anyone, in a finished series),
- most deals gone out in one season (from the season standings),
- longest run of series won (the walk's streaks),
- biggest comeback: furthest behind the leader after a deal, and still won.
A tie goes to the earlier series, then the lower player id (for the season
record: the season's key, then the player's id).

A series counted at the end of the history (``count_records``) can only set a
record, not take one away: its candidates are written only where they beat
the records held, compared in the statement that writes them.
"""

from __future__ import annotations

from ..models import ClubRecord, SeasonStanding, SeriesResult
from ..row_source import insert_rows
from ..store import Write

Kind = ClubRecord.Kind


def count_records(
    club_id: int, game: str, season: str, results: list[SeriesResult], went_out: dict[int, int]
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
        (Kind.BIGGEST_COMEBACK, [r for r in winners if r.deficit > 0],
         lambda r: (-r.deficit, r.person_id), "deficit"),
    ):  # fmt: skip
        row = min(rows, key=order, default=None)
        if row is not None:
            candidates.append(_from_result(club_id, game, kind, row, getattr(row, value)))
    person, most = min(went_out.items(), key=lambda item: (-item[1], item[0]), default=(0, 0))
    if most > 0:
        candidates.append(ClubRecord(club_id=club_id, game=game, kind=Kind.MOST_WENT_OUT,
                                     person_id=person, value=most, season=season))  # fmt: skip
    return _if_beaten(candidates) if candidates else None


# When a candidate beats the record held: an earlier series keeps a record it
# shares; a season's record goes to the earlier season (in the database's
# collation, as ``game_records`` orders them), then the lower player id.
_BEATS = """CASE excluded.kind
  WHEN 'lowest_total' THEN excluded.value < {t}.value
  WHEN 'most_went_out' THEN excluded.value > {t}.value OR (excluded.value = {t}.value
    AND (excluded.season < {t}.season
         OR (excluded.season = {t}.season AND excluded.person_id < {t}.person_id)))
  ELSE excluded.value > {t}.value END"""


def _if_beaten(candidates: list[ClubRecord]) -> Write:
    table = ClubRecord._meta.db_table
    names = ("club", "game", "kind", "person", "value", "series", "started_at", "season")
    rows = [(c.club_id, c.game, c.kind, c.person_id, c.value, c.series_id, c.started_at, c.season)
            for c in candidates]  # fmt: skip
    changed = ", ".join(f"{column} = excluded.{column}" for column in
                        ("person_id", "value", "series_id", "started_at", "season"))  # fmt: skip
    beaten = _BEATS.format(t=table)
    then = f"ON CONFLICT (club_id, game, kind) DO UPDATE SET {changed} WHERE {beaten}"
    return Write(*insert_rows(ClubRecord, names, rows, then))


def refresh_records(club_id: int, game: str) -> None:
    ClubRecord.objects.filter(club_id=club_id, game=game).delete()
    ClubRecord.objects.bulk_create(game_records(club_id, game))


def game_records(club_id: int, game: str) -> list[ClubRecord]:
    """The records of a club's game, from the results and standings (four queries)."""
    results = SeriesResult.objects.filter(club_id=club_id, game=game)
    winners = results.filter(won=True)
    found = {
        Kind.LOWEST_TOTAL: (
            results.order_by("total", "started_at", "series_id", "person"),
            "total",
        ),
        Kind.LONGEST_RUN: (
            winners.order_by("-streak", "started_at", "series_id", "person"),
            "streak",
        ),
        Kind.BIGGEST_COMEBACK: (
            winners.filter(deficit__gt=0).order_by("-deficit", "started_at", "series_id", "person"),
            "deficit",
        ),
    }
    records = []
    for kind, (ordered, value) in found.items():
        row = ordered.first()
        if row is not None:
            records.append(_from_result(club_id, game, kind, row, getattr(row, value)))
    went_out = (
        SeasonStanding.objects.filter(club_id=club_id, game=game, season_went_out__gt=0)
        .order_by("-season_went_out", "season", "person")
        .first()
    )
    if went_out is not None:
        records.append(_season_record(club_id, game, went_out))
    return records


def _season_record(club_id: int, game: str, line: SeasonStanding) -> ClubRecord:
    return ClubRecord(club_id=club_id, game=game, kind=Kind.MOST_WENT_OUT,
                      person_id=line.person_id, value=line.season_went_out,
                      season=line.season)  # fmt: skip


def _from_result(club_id: int, game: str, kind: str, row: SeriesResult, value: int):
    return ClubRecord(club_id=club_id, game=game, kind=kind, person_id=row.person_id,
                      value=value, series_id=row.series_id, started_at=row.started_at)  # fmt: skip
