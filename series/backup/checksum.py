"""A digest of every projection row: equal digests mean equal read models, so
"restored equals original" (or "rebuilt equals written") is one comparison."""

from __future__ import annotations

import hashlib
import json

from series.models import (
    Championship,
    ChampionshipNight,
    ClubRecord,
    DealLine,
    DealScore,
    FederationMember,
    FederationStanding,
    HeadToHeadTally,
    Night,
    NightSeat,
    PersonLink,
    PersonSummary,
    PlayedNight,
    RosterPlayer,
    SeasonStanding,
    SeriesResult,
    SeriesSeat,
    SeriesSheet,
)

CHECKSUM_TABLES = [
    # Raw key columns: ordering by a foreign key would follow the related
    # model's ordering (a player's name), which an erasure changes.
    (SeriesSheet, ("id",)),
    (SeriesSeat, ("series_id", "seat")),
    (DealLine, ("series_id", "number")),
    (DealScore, ("series_id", "number", "player_id")),
    (SeriesResult, ("series_id", "person_id")),
    (RosterPlayer, ("player_id",)),
    (SeasonStanding, ("club_id", "game", "season", "person_id")),
    (ClubRecord, ("club_id", "game", "kind")),
    (PersonSummary, ("person_id", "game", "season")),
    (HeadToHeadTally, ("person_id", "game", "opponent_id")),
    (Night, ("id",)),
    (NightSeat, ("night_id", "round", "table", "seat")),
    (Championship, ("id",)),
    (ChampionshipNight, ("championship_id", "final", "night_id")),
    (PersonLink, ("player_id",)),
    (FederationMember, ("federation_id", "club_id")),
    (PlayedNight, ("night_id", "player_id")),
    (FederationStanding, ("federation_id", "game", "person")),
]


def projection_checksum() -> str:
    """A digest of every projection row (without surrogate ids): equal digests
    mean equal read models, e.g. after a restore."""
    digest = hashlib.sha256()
    for table, table_digest in table_digests().items():
        digest.update(f"{table}:{table_digest}".encode())
    return digest.hexdigest()


def table_digests() -> dict[str, str]:
    """Each projection table's digest of its rows, by table name: which tables
    differ, where the checksums do."""
    digests = {}
    for model, order in CHECKSUM_TABLES:
        names = [
            f.attname
            for f in model._meta.concrete_fields
            if f.name != "id" or model in (SeriesSheet, Night, Championship)
        ]
        digest = hashlib.sha256()
        for row in model.objects.order_by(*order).values_list(*names).iterator(chunk_size=5000):
            digest.update(json.dumps(row, default=str, sort_keys=True).encode())
        digests[model._meta.db_table] = digest.hexdigest()
    return digests
