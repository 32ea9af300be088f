"""A club's roster over time, as a fold of its events, and the commands on it.

A roster's fact is asked for as itself: ``decide(state, PlayerRetired(7))``
checks that it may be recorded and records it. Only an unmerge is asked for
otherwise (``UnmergePlayer``: whom the player was merged into, the roster knows).

Players are renamed, guests are added, players who leave are retired (kept
in history, no longer offered for a new series), and two players who turn out to be the
same person are merged (and unmerged if that was a mistake). A merge rewrites
no series: whoever reads the league maps each player onto their ``person``,
the player they are merged into, following merges of merges. Events name
player ids only; names live in the Player table.
"""

from __future__ import annotations

import uuid
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field, replace
from functools import reduce
from typing import Protocol

from series.domain.errors import DomainError, _
from series.domain.events import (
    GuestAdded,
    PlayerLinked,
    PlayerRenamed,
    PlayerRetired,
    PlayerReturned,
    PlayersMerged,
    PlayersUnmerged,
    RosterEvent,
)
from series.domain.registry import records, stream_of

# Any constant works; it names the roster streams of the event log.
ROSTER_NAMESPACE = uuid.UUID("6f1d3c2a-8a4e-5b7c-9d2e-1a0b3c4d5e6f")


def roster_stream(club_id: int) -> uuid.UUID:
    """The id of a club's roster stream in the event log."""
    return uuid.uuid5(ROSTER_NAMESPACE, f"club-roster:{club_id}")


def is_roster_event(event: object) -> bool:
    return stream_of(event) == "roster"


@dataclass(frozen=True, slots=True)
class RosterState:
    version: int = 0
    guests: frozenset[int] = frozenset()
    merged: Mapping[int, int] = field(default_factory=dict)  # source -> target
    retired: frozenset[int] = frozenset()

    def person(self, player: int) -> int:
        """The player ``player`` stands for in the league, following merges."""
        while player in self.merged:
            player = self.merged[player]
        return player

    def mentioned(self) -> set[int]:
        """Every player the roster's events name."""
        return set(self.guests) | set(self.merged) | set(self.merged.values()) | self.retired

    def merged_into(self, person: int) -> set[int]:
        """The players that stand for ``person`` (``person`` included)."""
        return {p for p in self.mentioned() | {person} if self.person(p) == person}


# -- the fold -----------------------------------------------------------------


def apply(state: RosterState, event: RosterEvent) -> RosterState:
    version = state.version + 1
    match event:
        case GuestAdded():
            return replace(state, version=version, guests=state.guests | {event.player})
        case PlayerRenamed() | PlayerLinked():
            return replace(state, version=version)
        case PlayerRetired():
            return replace(state, version=version, retired=state.retired | {event.player})
        case PlayerReturned():
            return replace(state, version=version, retired=state.retired - {event.player})
        case PlayersMerged():
            return replace(
                state, version=version, merged={**state.merged, event.source: event.target}
            )
        case PlayersUnmerged():
            merged = {s: t for s, t in state.merged.items() if s != event.source}
            return replace(state, version=version, merged=merged)
    raise TypeError(f"not a roster event: {event!r}")


def fold(events: Iterable[RosterEvent], state: RosterState | None = None) -> RosterState:
    return reduce(apply, events, state or RosterState())


# -- commands -----------------------------------------------------------------

# The facts asked for as themselves, each the command that records it.
for fact in (GuestAdded, PlayerRenamed, PlayersMerged, PlayerRetired, PlayerReturned, PlayerLinked):
    records(fact)(fact)


@records(PlayersUnmerged)
@dataclass(frozen=True, slots=True)
class UnmergePlayer:
    source: int


RosterCommand = (
    GuestAdded
    | PlayerRenamed
    | PlayersMerged
    | UnmergePlayer
    | PlayerRetired
    | PlayerReturned
    | PlayerLinked
)


class Tables(Protocol):
    """The series the club has played so far, as far as a merge needs them."""

    def shared(self, players: set[int], others: set[int]) -> bool:
        """Whether one series seated one of ``players`` and one of ``others``."""


class _NoTables:
    def shared(self, players: set[int], others: set[int]) -> bool:
        return False


NO_TABLES = _NoTables()  # a club that has played no series yet


def decide(
    state: RosterState, command: RosterCommand, tables: Tables = NO_TABLES
) -> list[RosterEvent]:
    """The events a command records, or a DomainError. ``tables`` tells a merge
    who sat together; whether the players exist in the club, the caller checks."""
    match command:
        case GuestAdded():
            if command.player in state.guests:
                raise DomainError(
                    _("Player {player} is a guest already."),
                    code="already_guest",
                    player=command.player,
                )
            return [command]
        case PlayerRenamed() | PlayerLinked():
            return [command]
        case PlayerRetired() | PlayerReturned():
            return [_retire_or_return(state, command)]
        case PlayersMerged():
            return [_merge(state, command, tables)]
        case UnmergePlayer():
            if command.source not in state.merged:
                raise DomainError(
                    _("Player {player} is not merged into anyone."),
                    code="not_merged",
                    player=command.source,
                    field="player",
                )
            return [PlayersUnmerged(command.source, state.merged[command.source])]
    raise TypeError(f"not a roster command: {command!r}")


def _retire_or_return(state: RosterState, command: PlayerRetired | PlayerReturned) -> RosterEvent:
    retired = command.player in state.retired
    if isinstance(command, PlayerRetired):
        if retired:
            raise DomainError(
                _("Player {player} is retired already."),
                code="already_retired",
                player=command.player,
                field="player",
            )
        return command
    if not retired:
        raise DomainError(
            _("Player {player} is not retired."),
            code="not_retired",
            player=command.player,
            field="player",
        )
    return command


def _merge(state: RosterState, command: PlayersMerged, tables: Tables) -> PlayersMerged:
    source, target = command.source, command.target
    if source == target:
        raise DomainError(
            _("A player cannot be merged into themselves."), code="merge_into_self", field="target"
        )
    if source in state.merged:
        raise DomainError(
            _("Player {player} is merged into another player already."),
            code="already_merged",
            player=source,
            field="player",
        )
    if state.person(target) != target:
        raise DomainError(
            _("Player {player} was merged into another player; merge into that player."),
            code="target_merged",
            player=target,
            field="target",
        )
    # Two people at one table are not one person, whoever they stand for.
    if tables.shared(state.merged_into(state.person(source)), state.merged_into(target)):
        raise DomainError(
            _("{player} and {partner} sat at the same table, so they are not one person."),
            code="players_sat_together",
            field="target",
            player=source,
            partner=target,
        )
    # The target stands for no one else and the source is merged into no one,
    # so no merge can make a cycle.
    return command
