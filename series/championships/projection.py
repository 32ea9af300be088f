"""A championship's read models (``Championship``, ``ChampionshipNight``), written
from its state in the writer's transaction, and rebuilt from the log (after the
nights, whose read model its standings read)."""

from __future__ import annotations

from collections.abc import Iterable
from datetime import datetime
from uuid import UUID

from series.domain.championships.championship import ChampionshipState, fold
from series.eventstore import projectors
from series.eventstore.transcoder import as_stored
from series.models import Championship, ChampionshipNight


def project(
    championship_id: UUID, state: ChampionshipState, *, opened_at: datetime, updated_at: datetime
) -> None:
    """Write the championship's row and its nights as ``state`` has them."""
    Championship.objects.update_or_create(
        id=championship_id,
        defaults={
            "club_id": state.club,
            "name": state.name,
            "version": state.version,
            "state": state.state,
            "rules": dict(state.rules),
            "scoring": dict(state.scoring),
            "qualifying_nights": state.qualifying_nights,
            "best": state.best,
            "final_size": state.final_size,
            "carry_over": state.carry_over,
            "nights": list(state.nights),
            "withdrawn": [{"night": n, "reason": r} for n, r in state.withdrawn],
            "cut": None if state.cut is None else [as_stored(line) for line in state.cut],
            "final_night": state.final_night,
            "ranking": None
            if state.ranking is None
            else [as_stored(line) for line in state.ranking],
            "opened_at": opened_at,
            "updated_at": updated_at,
        },
    )
    ChampionshipNight.objects.filter(championship_id=championship_id).delete()
    rows = [
        ChampionshipNight(championship_id=championship_id, club_id=state.club, night_id=night)
        for night in state.nights
    ]
    if state.final_night is not None:
        rows.append(
            ChampionshipNight(
                championship_id=championship_id,
                club_id=state.club,
                night_id=state.final_night,
                final=True,
            )
        )
    ChampionshipNight.objects.bulk_create(rows)


def rebuild(streams: Iterable[tuple[UUID, list]]) -> None:
    for championship_id, events in streams:
        state = fold(stored.event for stored in events)
        project(
            championship_id,
            state,
            opened_at=events[0].recorded_at,
            updated_at=events[-1].recorded_at,
        )


# A rebuild writes the championships after their nights (``apps.py``).
REBUILD = projectors.StreamsRebuild("championship", (ChampionshipNight, Championship), rebuild)
