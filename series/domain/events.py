"""Events: the facts a series is made of, and their stored form.

Events are frozen and named in the past tense. They name players by id only,
never by name, so a player's personal data can be erased without rewriting
history. ``to_payload`` / ``from_payload`` give the JSON stored in the log;
``from_payload`` upcasts payloads written by older schema versions.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field, replace
from typing import Any

from series.domain.cards import Card, parse_card
from series.domain.rules import Rules


@dataclass(frozen=True, slots=True)
class Hand:
    """What a player held when the deal ended: the cards, or just their points."""

    player: int
    cards: tuple[Card, ...] | None = None
    points: int | None = None


@dataclass(frozen=True, slots=True)
class GoingOut:
    """The winner's groups (or melds) and discard, as claimed at the table."""

    groups: tuple[tuple[Card, ...], ...]
    discard: Card | None = None


@dataclass(frozen=True, slots=True)
class DealEntry:
    """What a scorer records for one deal.

    ``went_out`` is None only in standard Rummy when the stock ran out with
    nobody going out. ``buys`` maps player ids to the discards they bought.
    """

    went_out: int | None
    hands: tuple[Hand, ...]
    going_out: GoingOut | None = None
    buys: Mapping[int, int] = field(default_factory=dict)
    rummy: bool = False

    def buys_of(self, player: int) -> int:
        return self.buys.get(player, 0)


@dataclass(frozen=True, slots=True)
class SeriesStarted:
    club: int
    players: tuple[int, ...]
    first_dealer: int
    rules: Mapping[str, Any]


@dataclass(frozen=True, slots=True)
class Outcome:
    """Where a series stands after a deal, as decided then.

    ``contenders`` play the next deal: everyone, the tied players of a
    tiebreak, or the players not yet eliminated.
    """

    finished: bool
    tiebreak: bool
    contenders: tuple[int, ...]
    eliminated: tuple[int, ...] = ()
    winner: int | None = None


# A deal's events record what was decided: each player's score for the deal
# and where the series stands afterwards, so that folding trusts them and a
# later change to a rule never changes a past total. Events written before
# schema version 2 have neither (``None``); ``series.decided`` works them out
# once, when they are read.


@dataclass(frozen=True, slots=True)
class DealRecorded:
    number: int
    dealer: int
    tiebreak: bool
    entry: DealEntry
    scores: Mapping[int, int] | None = None
    outcome: Outcome | None = None
    # Whether the club asked for a second member's confirmation when the deal was
    # recorded: a setting applies from when it is set, so the event keeps it.
    needs_confirmation: bool = False


@dataclass(frozen=True, slots=True)
class DealCorrected:
    number: int
    entry: DealEntry
    reason: str
    scores: Mapping[int, int] | None = None  # the corrected deal's
    outcome: Outcome | None = None  # the series' after the correction
    needs_confirmation: bool = False  # the corrected deal's (as for DealRecorded)


@dataclass(frozen=True, slots=True)
class DealVoided:
    number: int
    reason: str
    outcome: Outcome | None = None  # the series' after the void


@dataclass(frozen=True, slots=True)
class SeriesAbandoned:
    reason: str


@dataclass(frozen=True, slots=True)
class DealConfirmed:
    """A member other than the one who recorded the deal says it is right;
    ``player`` is the seated player they are, when they confirmed as one."""

    number: int
    user: int
    player: int | None = None


@dataclass(frozen=True, slots=True)
class DealDisputed:
    """A member says the deal is wrong: it waits for a correction."""

    number: int
    user: int
    reason: str
    player: int | None = None


# -- a club's roster (series.league): who is who over time ------------------------
# Names live in the Player table only; these events name player ids.


@dataclass(frozen=True, slots=True)
class GuestAdded:
    player: int


@dataclass(frozen=True, slots=True)
class PlayerRenamed:
    player: int


@dataclass(frozen=True, slots=True)
class PlayersMerged:
    """``source`` turned out to be the same person as ``target``."""

    source: int
    target: int


@dataclass(frozen=True, slots=True)
class PlayersUnmerged:
    source: int
    target: int


@dataclass(frozen=True, slots=True)
class PlayerRetired:
    """The player left the club: kept in history, no longer offered for new series."""

    player: int


@dataclass(frozen=True, slots=True)
class PlayerReturned:
    player: int


@dataclass(frozen=True, slots=True)
class PlayerLinked:
    """The player's member account changed (set or cleared); the account itself
    lives in the Player table, as the name does."""

    player: int


RosterEvent = (
    GuestAdded
    | PlayerRenamed
    | PlayersMerged
    | PlayersUnmerged
    | PlayerRetired
    | PlayerReturned
    | PlayerLinked
)

Confirmation = DealConfirmed | DealDisputed

Event = (
    SeriesStarted | DealRecorded | DealCorrected | DealVoided | SeriesAbandoned | Confirmation
    | RosterEvent
)  # fmt: skip

EVENT_TYPES: dict[str, type] = {
    cls.__name__: cls
    for cls in (SeriesStarted, DealRecorded, DealCorrected, DealVoided, SeriesAbandoned,
                DealConfirmed, DealDisputed, GuestAdded, PlayerRenamed, PlayersMerged,
                PlayersUnmerged, PlayerRetired, PlayerReturned, PlayerLinked)
}  # fmt: skip

# The schema version written today for every event type; raise one when a
# payload's shape changes and add an upcaster below.
SCHEMA_VERSION = 2


def _unchanged(payload: dict[str, Any]) -> dict[str, Any]:
    return payload


# (type, schema version) -> function turning that payload into the next version.
# Version 2 added the decided scores and outcome to a deal's events: a version 1
# payload has none, and the fold works them out from the entry (``series.decided``).
UPCASTERS: dict[tuple[str, int], Callable[[dict[str, Any]], dict[str, Any]]] = {
    (name, 1): _unchanged for name in EVENT_TYPES
}


# -- payloads -----------------------------------------------------------------


def _cards(cards: tuple[Card, ...] | None) -> list[str] | None:
    return None if cards is None else [str(card) for card in cards]


def entry_payload(entry: DealEntry) -> dict[str, Any]:
    payload: dict[str, Any] = {
        "went_out": entry.went_out,
        "hands": [
            {"player": h.player, "cards": _cards(h.cards)}
            if h.cards is not None
            else {"player": h.player, "points": h.points}
            for h in entry.hands
        ],
    }
    if entry.going_out is not None:
        payload["going_out"] = {
            "groups": [_cards(group) for group in entry.going_out.groups],
            "discard": None if entry.going_out.discard is None else str(entry.going_out.discard),
        }
    if entry.buys:
        payload["buys"] = {str(player): n for player, n in sorted(entry.buys.items())}
    if entry.rummy:
        payload["rummy"] = True
    return payload


def _read_cards(items: list[str] | None) -> tuple[Card, ...] | None:
    return None if items is None else tuple(parse_card(item) for item in items)


def entry_from_payload(payload: Mapping[str, Any]) -> DealEntry:
    going_out = payload.get("going_out")
    return DealEntry(
        went_out=payload["went_out"],
        hands=tuple(
            Hand(player=h["player"], cards=_read_cards(h.get("cards")), points=h.get("points"))
            for h in payload["hands"]
        ),
        going_out=None
        if going_out is None
        else GoingOut(
            groups=tuple(_read_cards(group) for group in going_out["groups"]),
            discard=None if going_out.get("discard") is None else parse_card(going_out["discard"]),
        ),
        buys={int(player): n for player, n in payload.get("buys", {}).items()},
        rummy=payload.get("rummy", False),
    )


def _decided_payload(event: DealRecorded | DealCorrected | DealVoided) -> dict[str, Any]:
    payload: dict[str, Any] = {}
    scores = getattr(event, "scores", None)
    if scores is not None:
        payload["scores"] = {str(player): points for player, points in scores.items()}
    if event.outcome is not None:
        payload["outcome"] = outcome_payload(event.outcome)
    return payload


def outcome_payload(outcome: Outcome) -> dict[str, Any]:
    return {
        "finished": outcome.finished,
        "tiebreak": outcome.tiebreak,
        "contenders": list(outcome.contenders),
        "eliminated": list(outcome.eliminated),
        "winner": outcome.winner,
    }


def _read_scores(data: Mapping[str, Any]) -> dict[int, int] | None:
    scores = data.get("scores")
    return None if scores is None else {int(player): n for player, n in scores.items()}


def _read_outcome(data: Mapping[str, Any]) -> Outcome | None:
    outcome = data.get("outcome")
    return None if outcome is None else outcome_from_payload(outcome)


def outcome_from_payload(outcome: Mapping[str, Any]) -> Outcome:
    return Outcome(
        finished=outcome["finished"],
        tiebreak=outcome["tiebreak"],
        contenders=tuple(outcome["contenders"]),
        eliminated=tuple(outcome["eliminated"]),
        winner=outcome["winner"],
    )


def _asked(event: DealRecorded | DealCorrected) -> dict[str, Any]:
    """Written only when asked: an event without it (and every event from before
    it was recorded) needs no confirmation."""
    return {"needs_confirmation": True} if event.needs_confirmation else {}


def to_payload(event: Event) -> tuple[str, dict[str, Any]]:
    """The event's type name and JSON payload, as stored in the log."""
    match event:
        case SeriesStarted():
            payload = {
                "club": event.club,
                "players": list(event.players),
                "first_dealer": event.first_dealer,
                "rules": dict(event.rules),
            }
        case DealRecorded():
            payload = {"number": event.number, "dealer": event.dealer, "tiebreak": event.tiebreak}
            payload |= entry_payload(event.entry) | _decided_payload(event) | _asked(event)
        case DealCorrected():
            payload = {"number": event.number, "reason": event.reason}
            payload |= entry_payload(event.entry) | _decided_payload(event) | _asked(event)
        case DealVoided():
            payload = {"number": event.number, "reason": event.reason} | _decided_payload(event)
        case SeriesAbandoned():
            payload = {"reason": event.reason}
        case DealConfirmed():
            payload = {"number": event.number, "user": event.user, "player": event.player}
        case DealDisputed():
            payload = {"number": event.number, "user": event.user, "player": event.player,
                       "reason": event.reason}  # fmt: skip
        case GuestAdded() | PlayerRenamed() | PlayerRetired() | PlayerReturned() | PlayerLinked():
            payload = {"player": event.player}
        case PlayersMerged() | PlayersUnmerged():
            payload = {"source": event.source, "target": event.target}
        case _:
            from series.domain.nights.events import night_payload  # a night's stream

            payload = night_payload(event)
    return type(event).__name__, payload


def without_members(event: Event) -> Event:
    """The event as readers outside the club see it: who confirmed or disputed a
    deal (their account, and the seated player they are) is for its members, as
    who recorded it is; that it was, and why, is for everyone."""
    if isinstance(event, DealConfirmed | DealDisputed):
        return replace(event, user=None, player=None)
    return event


def from_payload(type_name: str, payload: Mapping[str, Any], schema_version: int) -> Event:
    """Rebuild an event from its stored form, upcasting older payloads first."""
    data = dict(payload)
    while schema_version < SCHEMA_VERSION:
        data = UPCASTERS[(type_name, schema_version)](data)
        schema_version += 1
    if type_name == "SeriesStarted":
        return SeriesStarted(
            club=data["club"],
            players=tuple(data["players"]),
            first_dealer=data["first_dealer"],
            # Options added since the event was written read as their defaults.
            rules=Rules.from_dict(data["rules"]).as_dict(),
        )
    if type_name == "DealRecorded":
        return DealRecorded(
            number=data["number"],
            dealer=data["dealer"],
            tiebreak=data["tiebreak"],
            entry=entry_from_payload(data),
            scores=_read_scores(data),
            outcome=_read_outcome(data),
            needs_confirmation=data.get("needs_confirmation", False),
        )
    if type_name == "DealCorrected":
        return DealCorrected(
            number=data["number"],
            entry=entry_from_payload(data),
            reason=data["reason"],
            scores=_read_scores(data),
            outcome=_read_outcome(data),
            needs_confirmation=data.get("needs_confirmation", False),
        )
    if type_name == "DealVoided":
        return DealVoided(number=data["number"], reason=data["reason"],
                          outcome=_read_outcome(data))  # fmt: skip
    if type_name == "SeriesAbandoned":
        return SeriesAbandoned(reason=data["reason"])
    if type_name == "DealConfirmed":
        return DealConfirmed(number=data["number"], user=data["user"], player=data.get("player"))
    if type_name == "DealDisputed":
        return DealDisputed(number=data["number"], user=data["user"], reason=data["reason"],
                            player=data.get("player"))  # fmt: skip
    if type_name in ("GuestAdded", "PlayerRenamed", "PlayerRetired", "PlayerReturned",
                     "PlayerLinked"):  # fmt: skip
        return EVENT_TYPES[type_name](player=data["player"])
    if type_name in ("PlayersMerged", "PlayersUnmerged"):
        return EVENT_TYPES[type_name](source=data["source"], target=data["target"])
    from series.domain.nights.events import night_from_payload  # a night's stream

    return night_from_payload(type_name, data)
