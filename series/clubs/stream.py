"""A club's roster as a stream kind of the one writer (``series.eventstore.writer``).

The domain decides (``domain/roster.py``); this kind gives it what only the
database knows: which tables the club's players sat at, for a merge
(``SeatedTables``; a restore gives its own, from the log it replays). Its
``decide`` writes nothing and reads nothing but that: a new name or an account
link changes the player's row in the projection, inside the writer's
transaction, so a replayed
retry changes nothing twice; a new guest's row is made by
``series.clubs.players.guest_add`` in the same transaction as the event that
names its id.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from uuid import UUID

from series.domain.errors import DomainError, _
from series.domain.events import (
    GuestAdded,
    PlayerLinked,
    PlayerRenamed,
    PlayerRetired,
    PlayerReturned,
    PlayersMerged,
)
from series.domain.registry import command_for
from series.domain.roster import (
    RosterCommand,
    RosterState,
    Tables,
    decide,
    fold,
    roster_stream,
)
from series.domain.series import OPEN_STATUSES
from series.eventstore import projectors, store, writer
from series.eventstore.writer import Change, Loaded, digest
from series.models import Player, SeriesSeat


@dataclass(frozen=True, slots=True)
class NewGuest:
    """Record that ``player``, a row just made for ``name``, is a guest of the club.

    Only the name is the request a retry repeats (its digest): the row is made
    again on every attempt, and a retry's is rolled back."""

    name: str
    player: int = field(repr=False)


@dataclass(frozen=True, slots=True)
class Rename:
    player: int
    name: str


@dataclass(frozen=True, slots=True)
class Link:
    player: int
    user_id: int | None


RosterRequest = NewGuest | Rename | Link | RosterCommand

# What a retry's digest calls each fact asked for as itself: the name of the
# command the log's earlier digests were written with, so a retry matches them.
ASKED_AS = {
    GuestAdded: "AddGuest",
    PlayerRenamed: "RenamePlayer",
    PlayersMerged: "MergePlayers",
    PlayerRetired: "RetirePlayer",
    PlayerReturned: "ReturnPlayer",
    PlayerLinked: "LinkPlayer",
}


@dataclass(frozen=True, slots=True)
class SeatedTables:
    """The tables of a club's series, from the seats of its score sheets."""

    club_id: int

    def shared(self, players: set[int], others: set[int]) -> bool:
        seated = SeriesSeat.objects.filter(club_id=self.club_id)
        return seated.filter(
            player__in=others, series__in=seated.filter(player__in=players).values("series")
        ).exists()


@dataclass(frozen=True, slots=True)
class RosterStream:
    """The roster of club ``club_id`` (``writer.StreamKind``)."""

    club_id: int
    tables: Tables | None = None  # SeatedTables of the club when not given

    stale = _(
        "The club's list of players is at version {current}, not {expected}: "
        "reload it and try again."
    )
    remembered = False  # its id is the club's, which a restored database may give again

    @property
    def stream(self) -> UUID:
        return roster_stream(self.club_id)

    def load(self, stream: UUID, *, up_to_version: int | None = None) -> Loaded[RosterState]:
        events = store.load_stream(stream, up_to_version=up_to_version)
        since = events[0].recorded_at if events else None
        return Loaded(fold(stored.event for stored in events), since)

    def version(self, state: RosterState) -> int:
        return state.version

    def decide(self, state: RosterState, request: RosterRequest) -> list:
        match request:
            case NewGuest():
                return decide(state, GuestAdded(request.player))
            case Rename():
                return decide(state, PlayerRenamed(request.player))
            case Link():
                return decide(state, PlayerLinked(request.player))
        return decide(state, request, self.tables or SeatedTables(self.club_id))

    def fold(self, events, state: RosterState) -> RosterState:
        return fold(events, state)

    def new_stream(self, command: RosterRequest) -> None:
        return None  # a club's roster is one stream, loaded even when it has no event

    def project(self, stream: UUID, change: Change[RosterState]) -> None:
        """The reference row a rename or a link changes (the events name the player
        only), then the read models that follow the roster (the league's copy)."""
        match change.command:
            case Rename():
                Player.objects.filter(id=change.command.player).update(name=change.command.name)
            case Link():
                Player.objects.filter(id=change.command.player).update(
                    user_id=change.command.user_id
                )
        projectors.roster_changed(
            projectors.RosterChanged(
                self.club_id, before=change.before, after=change.after, events=tuple(change.events)
            )
        )

    def appended(self, stream: UUID, change: Change[RosterState]) -> None:
        """A merge's check of who sat at one table, again under the log's lock: a
        series started a moment before, not yet committed when the merge
        decided, has committed now, and a restore, which replays the log in
        order, would refuse the merge after it."""
        for event in change.events:
            if isinstance(event, PlayersMerged) and self.tables is None:
                decide(change.before, command_for(event), SeatedTables(self.club_id))
            if isinstance(event, PlayersMerged):
                self.refuse_two_open_tables(change.after.merged_into(event.target), event)

    def refuse_two_open_tables(self, person: set[int], event: PlayersMerged) -> None:
        """One person is never seated at two open series (RULES D-19): two players
        seated at different open series are not merged until one series ends."""
        seats = SeriesSeat.objects.filter(
            club_id=self.club_id, player__in=person, series__status__in=OPEN_STATUSES
        )
        if seats.values("series").distinct().count() > 1:
            raise DomainError(
                _(
                    "{player} and {partner} are seated at two open series: finish or abandon "
                    "one of them first."
                ),
                code="players_seated_apart",
                field="target",
                player=event.source,
                partner=event.target,
            )

    def in_append(self, stream: UUID, change: Change[RosterState]) -> bool:
        return False  # its rows are written by ``project``

    def club_of(self, state: RosterState) -> int:
        return self.club_id

    def fingerprint(self, stream: UUID, request: RosterRequest) -> str:
        asked = repr(request)
        if type(request) in ASKED_AS:
            asked = ASKED_AS[type(request)] + asked.removeprefix(type(request).__name__)
        return digest(f"{stream}|{asked}")

    def restore(self, state: RosterState | None, event) -> RosterState:
        return writer.restored(self, state or RosterState(), event, fold=fold)
