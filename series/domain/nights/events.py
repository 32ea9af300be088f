"""The facts a club night is made of, and their stored form (RULES §5).

Like a series' events they name players by id only, and record what was
decided (the tables drawn and the rules each plays, the night's points), so
that folding trusts them and a later change of a rule never changes a night.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any


@dataclass(frozen=True, slots=True)
class NightTableDrawn:
    """One table as drawn (or as a move left it): seats in order, the first dealer,
    the rules it plays and the large-table preset applied (None: the night's rules)."""

    number: int
    seats: tuple[int, ...]
    first_dealer: int
    rules: Mapping[str, Any] = field(default_factory=dict)
    large_table: str | None = None


@dataclass(frozen=True, slots=True)
class NightPoints:
    """One player's line of the night as recorded at its close; points are an exact
    fraction written as text ("20/3"), None for a player who played nothing."""

    player: int
    place: int
    points: str | None
    per_deal: str | None
    rounds: int


@dataclass(frozen=True, slots=True)
class NightOpened:
    club: int
    date: str  # ISO day, in the club's time zone
    rules: Mapping[str, Any]  # {"preset", "options"}
    scoring: Mapping[str, Any]  # {"method", "points_table"?}
    large_table: str


@dataclass(frozen=True, slots=True)
class PlayersCheckedIn:
    players: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class PlayerCheckedOut:
    player: int


@dataclass(frozen=True, slots=True)
class RoundDrawn:
    number: int
    seed: int
    method: str
    sizes: tuple[int, ...]
    tables: tuple[NightTableDrawn, ...]


@dataclass(frozen=True, slots=True)
class PlayerMoved:
    """``player`` moved to table ``table``; ``tables``: the two tables as they are now."""

    round: int
    player: int
    table: int
    tables: tuple[NightTableDrawn, ...]


@dataclass(frozen=True, slots=True)
class PlayersSwapped:
    round: int
    player: int
    other: int
    tables: tuple[NightTableDrawn, ...]


@dataclass(frozen=True, slots=True)
class TableStarted:
    round: int
    table: int
    series: str  # the table's series id


@dataclass(frozen=True, slots=True)
class TableResultEntered:
    """The director's result for a table whose series was abandoned (RULES D-18):
    ``order`` is groups of level players, best first, every seated player once."""

    round: int
    table: int
    order: tuple[tuple[int, ...], ...]


@dataclass(frozen=True, slots=True)
class RoundClosed:
    round: int


@dataclass(frozen=True, slots=True)
class NightClosed:
    method: str
    points: tuple[NightPoints, ...]


NightEvent = (
    NightOpened
    | PlayersCheckedIn
    | PlayerCheckedOut
    | RoundDrawn
    | PlayerMoved
    | PlayersSwapped
    | TableStarted
    | TableResultEntered
    | RoundClosed
    | NightClosed
)

NIGHT_EVENT_TYPES: dict[str, type] = {
    cls.__name__: cls
    for cls in (
        NightOpened,
        PlayersCheckedIn,
        PlayerCheckedOut,
        RoundDrawn,
        PlayerMoved,
        PlayersSwapped,
        TableStarted,
        TableResultEntered,
        RoundClosed,
        NightClosed,
    )
}


def is_night_event(event: object) -> bool:
    return isinstance(event, tuple(NIGHT_EVENT_TYPES.values()))


def _table_payload(table: NightTableDrawn) -> dict[str, Any]:
    return {
        "number": table.number,
        "seats": list(table.seats),
        "first_dealer": table.first_dealer,
        "rules": dict(table.rules),
        "large_table": table.large_table,
    }


def _table_from(data: Mapping[str, Any]) -> NightTableDrawn:
    return NightTableDrawn(
        data["number"],
        tuple(data["seats"]),
        data["first_dealer"],
        dict(data["rules"]),
        data.get("large_table"),
    )


def night_payload(event: NightEvent) -> dict[str, Any]:
    """The JSON payload of a night's event, as stored in the log."""
    match event:
        case NightOpened():
            return {
                "club": event.club,
                "date": event.date,
                "rules": dict(event.rules),
                "scoring": dict(event.scoring),
                "large_table": event.large_table,
            }
        case PlayersCheckedIn():
            return {"players": list(event.players)}
        case PlayerCheckedOut():
            return {"player": event.player}
        case RoundDrawn():
            return {
                "number": event.number,
                "seed": event.seed,
                "method": event.method,
                "sizes": list(event.sizes),
                "tables": [_table_payload(t) for t in event.tables],
            }
        case PlayerMoved():
            return {
                "round": event.round,
                "player": event.player,
                "table": event.table,
                "tables": [_table_payload(t) for t in event.tables],
            }
        case PlayersSwapped():
            return {
                "round": event.round,
                "player": event.player,
                "other": event.other,
                "tables": [_table_payload(t) for t in event.tables],
            }
        case TableStarted():
            return {"round": event.round, "table": event.table, "series": event.series}
        case TableResultEntered():
            return {
                "round": event.round,
                "table": event.table,
                "order": [list(group) for group in event.order],
            }
        case RoundClosed():
            return {"round": event.round}
        case NightClosed():
            return {
                "method": event.method,
                "points": [
                    {
                        "player": p.player,
                        "place": p.place,
                        "points": p.points,
                        "per_deal": p.per_deal,
                        "rounds": p.rounds,
                    }
                    for p in event.points
                ],
            }
    raise TypeError(f"not a night's event: {event!r}")


def night_from_payload(type_name: str, data: Mapping[str, Any]) -> NightEvent:
    """A night's event from its stored form."""
    match type_name:
        case "NightOpened":
            return NightOpened(
                data["club"],
                data["date"],
                dict(data["rules"]),
                dict(data["scoring"]),
                data["large_table"],
            )
        case "PlayersCheckedIn":
            return PlayersCheckedIn(tuple(data["players"]))
        case "PlayerCheckedOut":
            return PlayerCheckedOut(data["player"])
        case "RoundDrawn":
            return RoundDrawn(
                data["number"],
                data["seed"],
                data["method"],
                tuple(data["sizes"]),
                tuple(_table_from(t) for t in data["tables"]),
            )
        case "PlayerMoved":
            return PlayerMoved(
                data["round"],
                data["player"],
                data["table"],
                tuple(_table_from(t) for t in data["tables"]),
            )
        case "PlayersSwapped":
            return PlayersSwapped(
                data["round"],
                data["player"],
                data["other"],
                tuple(_table_from(t) for t in data["tables"]),
            )
        case "TableStarted":
            return TableStarted(data["round"], data["table"], data["series"])
        case "TableResultEntered":
            return TableResultEntered(
                data["round"], data["table"], tuple(tuple(group) for group in data["order"])
            )
        case "RoundClosed":
            return RoundClosed(data["round"])
        case "NightClosed":
            return NightClosed(
                data["method"],
                tuple(
                    NightPoints(p["player"], p["place"], p["points"], p["per_deal"], p["rounds"])
                    for p in data["points"]
                ),
            )
    raise ValueError(f"unknown event type {type_name!r}")
