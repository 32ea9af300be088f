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
record, not take one away: its candidates are compared with the records held,
in Python, and only the records it beats are written.
"""

from __future__ import annotations

from ..models import ClubRecord, SeasonStanding, SeriesResult

Kind = ClubRecord.Kind


def count_records(
    club_id: int, game: str, results: list[SeriesResult], lines: list[SeasonStanding]
) -> None:
    """Write the records that the results of a series counted after every other
    of its game beat (``lines``: its persons' season lines, with it counted)."""
    held = {record.kind: record for record in ClubRecord.objects.filter(club_id=club_id, game=game)}
    winners = [result for result in results if result.won]
    found = {
        Kind.LOWEST_TOTAL: _first(results, lambda r: (r.total, r.person_id), "total"),
        Kind.LONGEST_RUN: _first(winners, lambda r: (-r.streak, r.person_id), "streak"),
        Kind.BIGGEST_COMEBACK: _first([r for r in winners if r.deficit > 0],
                                      lambda r: (-r.deficit, r.person_id), "deficit"),
    }  # fmt: skip
    beaten = []
    for kind, (row, value) in found.items():
        record = held.get(kind)
        # An earlier series keeps a record it shares.
        if row is not None and (record is None or _better(kind, value, record.value)):
            beaten.append(_from_result(club_id, game, kind, row, value))
    season_line = min(
        (line for line in lines if line.season_went_out > 0),
        key=lambda line: (-line.season_went_out, line.person_id), default=None,
    )  # fmt: skip
    if season_line is not None:
        record = held.get(Kind.MOST_WENT_OUT)
        value = season_line.season_went_out
        if record is not None and value == record.value and record.season != season_line.season:
            # Which season's key sorts first is the database's collation to say.
            refresh_records(club_id, game)
            return
        if record is None or (value, -season_line.person_id) > (record.value, -record.person_id):
            beaten.append(_season_record(club_id, game, season_line))
    ClubRecord.objects.bulk_create(
        beaten, update_conflicts=True, unique_fields=("club", "game", "kind"),
        update_fields=("person", "value", "series", "started_at", "season"),
    )  # fmt: skip


def _first(rows: list[SeriesResult], order, value: str):
    row = min(rows, key=order, default=None)
    return row, None if row is None else getattr(row, value)


def _better(kind: str, value: int, held: int) -> bool:
    return value < held if kind == Kind.LOWEST_TOTAL else value > held


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
