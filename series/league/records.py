"""The club records projection: each game's all-time records, written again
with the standings (``standings.refresh_seasons`` and ``refresh_club``).

- lowest series total (of anyone, in a finished series),
- most deals gone out in one season (from the season standings),
- longest run of series won (the walk's streaks),
- biggest comeback: furthest behind the leader after a deal, and still won.
A tie goes to the earlier series (for the season record: the season's key,
then the player's id).
"""

from __future__ import annotations

from ..models import ClubRecord, SeasonStanding, SeriesResult

Kind = ClubRecord.Kind


def refresh_records(club_id: int, game: str) -> None:
    ClubRecord.objects.filter(club_id=club_id, game=game).delete()
    ClubRecord.objects.bulk_create(game_records(club_id, game))


def game_records(club_id: int, game: str) -> list[ClubRecord]:
    """The records of a club's game, from the results and standings (four queries)."""
    results = SeriesResult.objects.filter(club_id=club_id, game=game)
    winners = results.filter(won=True)
    found = {
        Kind.LOWEST_TOTAL: (results.order_by("total", "started_at", "series_id"), "total"),
        Kind.LONGEST_RUN: (winners.order_by("-streak", "started_at", "series_id"), "streak"),
        Kind.BIGGEST_COMEBACK: (
            winners.filter(deficit__gt=0).order_by("-deficit", "started_at", "series_id"),
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
        records.append(
            ClubRecord(club_id=club_id, game=game, kind=Kind.MOST_WENT_OUT,
                       person_id=went_out.person_id, value=went_out.season_went_out,
                       season=went_out.season)
        )  # fmt: skip
    return records


def _from_result(club_id: int, game: str, kind: str, row: SeriesResult, value: int):
    return ClubRecord(club_id=club_id, game=game, kind=kind, person_id=row.person_id,
                      value=value, series_id=row.series_id, started_at=row.started_at)  # fmt: skip
