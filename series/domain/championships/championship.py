"""A championship as a fold of its events, and the commands on it (RULES D-23, D-24).

A championship belongs to a club and names the game, rules and night method
its nights play, how many qualifying nights it has, how many of a player's
nights count (best N), the size of its final (K) and the carry-over. Its
nights are their own streams: the championship knows them by id, and what it
needs of them (their club, game, method, whether they closed and the points
of their last close) the caller reads and hands to the commands
(``AddNight.night``, ``MakeCut.nights``, ``CloseChampionship.final``).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field, replace
from fractions import Fraction
from functools import reduce

from ..errors import _
from ..nights.commands import OpenNight
from ..nights.night import NightState
from ..nights.night import decide as night_decide
from ..registry import records
from ..rules import rules_from
from ..text import plain
from .cut import check_final_size, cut
from .errors import InvalidChampionship
from .events import (
    ChampionshipClosed,
    ChampionshipEvent,
    ChampionshipNightAdded,
    ChampionshipNightWithdrawn,
    ChampionshipOpened,
    CutLine,
    CutMade,
    CutNight,
    FinalNightOpened,
    RankedLine,
)
from .final import FinalPlayed, Qualified, check_carry_over, final_ranking
from .standings import NightScored, QualifyingNight, StandingLine, standings

NAME_LENGTH = 100
REASON_LENGTH = 500
MOST_NIGHTS = 100
MOST_FINALISTS = 200

QUALIFYING, CUT, FINAL, CLOSED = "qualifying", "cut", "final", "closed"
STATES = (QUALIFYING, CUT, FINAL, CLOSED)


@dataclass(frozen=True, slots=True)
class ChampionshipState:
    version: int = 0
    club: int | None = None
    name: str = ""
    rules: Mapping = field(default_factory=dict)  # {"preset", "options"}
    scoring: Mapping = field(default_factory=dict)  # {"method", "points_table"?}
    qualifying_nights: int = 0
    best: int | None = None
    final_size: int = 8
    carry_over: str = "half"
    nights: tuple[str, ...] = ()  # the qualifying nights, in the order added
    withdrawn: tuple[tuple[str, str], ...] = ()  # (night, reason), in order
    cut: tuple[CutLine, ...] | None = None  # the lines recorded at the cut
    final_night: str | None = None
    ranking: tuple[RankedLine, ...] | None = None  # recorded at the close

    @property
    def state(self) -> str:
        if self.ranking is not None:
            return CLOSED
        if self.final_night is not None:
            return FINAL
        return CUT if self.cut is not None else QUALIFYING

    @property
    def game(self) -> str:
        return rules_from(self.rules.get("preset", "continental"), self.rules.get("options")).game

    @property
    def finalists(self) -> tuple[int, ...]:
        return tuple(line.player for line in self.cut or () if line.qualified)


# -- the fold -----------------------------------------------------------------


def apply(state: ChampionshipState, event: ChampionshipEvent) -> ChampionshipState:
    state = replace(state, version=state.version + 1)
    match event:
        case ChampionshipOpened():
            return replace(
                state,
                club=event.club,
                name=event.name,
                rules=dict(event.rules),
                scoring=dict(event.scoring),
                qualifying_nights=event.qualifying_nights,
                best=event.best,
                final_size=event.final_size,
                carry_over=event.carry_over,
            )
        case ChampionshipNightAdded():
            return replace(state, nights=(*state.nights, event.night))
        case ChampionshipNightWithdrawn():
            nights = tuple(n for n in state.nights if n != event.night)
            return replace(
                state, nights=nights, withdrawn=(*state.withdrawn, (event.night, event.reason))
            )
        case CutMade():
            return replace(state, final_size=event.final_size, cut=tuple(event.lines))
        case FinalNightOpened():
            return replace(state, final_night=event.night)
        case ChampionshipClosed():
            return replace(state, ranking=tuple(event.lines))
    raise TypeError(f"not a championship's event: {event!r}")


def fold(
    events: Iterable[ChampionshipEvent], state: ChampionshipState | None = None
) -> ChampionshipState:
    return reduce(apply, events, state or ChampionshipState())


# -- commands -----------------------------------------------------------------


@records(ChampionshipOpened)
@dataclass(frozen=True, slots=True)
class OpenChampionship:
    club: int
    name: str
    rules: Mapping
    scoring: Mapping
    qualifying_nights: int
    best: int | None = None
    final_size: int = 8
    carry_over: str = "half"


@dataclass(frozen=True, slots=True)
class NightFacts:
    """A night as the caller read it: its club, rules and scoring, whether it has
    closed, and the championship it belongs to already (None: none)."""

    night: str
    club: int
    rules: Mapping
    scoring: Mapping
    closed: bool = False
    championship: str | None = None
    planned: bool = False  # planned ahead, not opened: no rules yet


@dataclass(frozen=True, slots=True)
class AddNight:
    night: NightFacts


@records(ChampionshipNightWithdrawn)
@dataclass(frozen=True, slots=True)
class WithdrawNight:
    night: str
    reason: str


@dataclass(frozen=True, slots=True)
class MakeCut:
    """``nights``: the qualifying nights' last closes, earliest first; ``open``: the
    nights not closed now (never closed, or reopened); ``final_size``: K, when the
    director changes it at the cut."""

    nights: tuple[QualifyingNight, ...]
    open: tuple[str, ...] = ()
    final_size: int | None = None


@records(FinalNightOpened)
@dataclass(frozen=True, slots=True)
class OpenFinal:
    night: str


@dataclass(frozen=True, slots=True)
class CloseChampionship:
    """``final``: what the final night's close gave each player who played it;
    ``final_closed``: whether the final night has closed."""

    final: Mapping[int, FinalPlayed]
    final_closed: bool = True


ChampionshipCommand = (
    OpenChampionship | AddNight | WithdrawNight | MakeCut | OpenFinal | CloseChampionship
)


def decide(state: ChampionshipState, command: ChampionshipCommand) -> list[ChampionshipEvent]:
    """The events ``command`` records, or a DomainError naming the fix."""
    if isinstance(command, OpenChampionship):
        return [_open(state, command)]
    if state.club is None:
        raise InvalidChampionship(
            _("There is no such championship."), code="championship_not_found"
        )
    if state.ranking is not None:
        raise InvalidChampionship(
            _("The championship is closed: its final ranking is recorded."),
            code="championship_closed",
        )
    match command:
        case AddNight():
            return [_add(state, command.night)]
        case WithdrawNight():
            return [_withdraw(state, command)]
        case MakeCut():
            return [_cut(state, command)]
        case OpenFinal():
            return [_open_final(state, command)]
        case CloseChampionship():
            return [_close(state, command)]
    raise TypeError(f"not a championship's command: {command!r}")


def _open(state: ChampionshipState, command: OpenChampionship) -> ChampionshipOpened:
    if state.version:
        raise InvalidChampionship(
            _("This championship is open already."), code="championship_open_already"
        )
    name = plain(command.name, field="name")
    if not name or len(name) > NAME_LENGTH:
        raise InvalidChampionship(
            _("Name the championship in 1 to {most} characters."),
            code="championship_name",
            field="name",
            most=NAME_LENGTH,
        )
    # The night's own checks of a game, its options, a method and a points table.
    night_decide(NightState(), OpenNight(command.club, "", command.rules, command.scoring))
    if not 1 <= command.qualifying_nights <= MOST_NIGHTS:
        raise InvalidChampionship(
            _("A championship has 1 to {most} qualifying nights, not {nights}."),
            code="championship_qualifying_nights",
            field="qualifying_nights",
            most=MOST_NIGHTS,
            nights=command.qualifying_nights,
        )
    if command.best is not None and not 1 <= command.best <= command.qualifying_nights:
        raise InvalidChampionship(
            _(
                "Best {best} of {nights} qualifying nights cannot be: count 1 to {nights} "
                "nights, or leave it out to count them all."
            ),
            code="championship_best_above_nights",
            field="best",
            best=command.best,
            nights=command.qualifying_nights,
        )
    check_final_size(command.final_size)
    if command.final_size > MOST_FINALISTS:
        raise InvalidChampionship(
            _("A final seats at most {most} players, not {size}."),
            code="championship_final_too_large",
            field="final_size",
            most=MOST_FINALISTS,
            size=command.final_size,
        )
    check_carry_over(command.carry_over)
    return ChampionshipOpened(
        command.club,
        name,
        dict(command.rules),
        dict(command.scoring),
        command.qualifying_nights,
        command.best,
        command.final_size,
        command.carry_over,
    )


def _before_cut(state: ChampionshipState) -> None:
    if state.cut is not None:
        raise InvalidChampionship(
            _("The cut is made: the qualifying nights no longer change."),
            code="championship_cut_made",
        )


def _game_of(rules: Mapping) -> str:
    return rules_from(rules.get("preset", "continental"), rules.get("options")).game


def check_plays(state: ChampionshipState, night: NightFacts) -> None:
    """A night of the championship, a qualifying night or its final, plays the
    championship's game, method and points table (RULES D-23)."""
    if _game_of(night.rules) != state.game:
        raise InvalidChampionship(
            _("The night plays another game than the championship's: open it with {game}."),
            code="championship_night_other_game",
            field="night",
            game=state.game.capitalize(),
        )
    method = state.scoring.get("method")
    if night.scoring.get("method") != method:
        raise InvalidChampionship(
            _(
                "The night is ranked by another method than the championship's: open its "
                "nights with “Open a qualifying night” on the championship's page."
            ),
            code="championship_night_other_method",
            field="night",
            method=method,
        )
    if dict(night.scoring.get("points_table") or {}) != dict(
        state.scoring.get("points_table") or {}
    ):
        raise InvalidChampionship(
            _(
                "The night's points table is not the championship's: open its nights with "
                "“Open a qualifying night” on the championship's page."
            ),
            code="championship_night_other_points_table",
            field="night",
        )


def _add(state: ChampionshipState, night: NightFacts) -> ChampionshipNightAdded:
    _before_cut(state)
    if night.night in state.nights:
        raise InvalidChampionship(
            _("This night counts for the championship already."),
            code="championship_night_added_already",
            field="night",
        )
    if night.club != state.club:
        raise InvalidChampionship(
            _("The night is another club's: only the club's own nights count."),
            code="championship_night_other_club",
            field="night",
        )
    if night.planned:
        raise InvalidChampionship(
            _(
                "The night is planned ahead and has no rules yet: on its day, open it "
                "for the championship."
            ),
            code="championship_night_planned",
            field="night",
        )
    if night.championship is not None:
        raise InvalidChampionship(
            _("The night counts for another championship already."),
            code="championship_night_taken",
            field="night",
        )
    check_plays(state, night)
    if night.closed:
        raise InvalidChampionship(
            _("The night has closed: a night joins a championship before it closes."),
            code="championship_night_closed",
            field="night",
        )
    if len(state.nights) >= state.qualifying_nights:
        raise InvalidChampionship(
            _(
                "The championship has its {nights} qualifying nights already: withdraw one "
                "to add another."
            ),
            code="championship_nights_full",
            field="night",
            nights=state.qualifying_nights,
        )
    return ChampionshipNightAdded(night.night)


def _withdraw(state: ChampionshipState, command: WithdrawNight) -> ChampionshipNightWithdrawn:
    _before_cut(state)
    if command.night not in state.nights:
        raise InvalidChampionship(
            _("The night is not one of the championship's."),
            code="championship_night_not_added",
            field="night",
        )
    reason = plain(command.reason, field="reason")
    if not reason:
        raise InvalidChampionship(
            _("Say why the night is withdrawn."), code="reason_required", field="reason"
        )
    if len(reason) > REASON_LENGTH:
        raise InvalidChampionship(
            _("Say why the night is withdrawn in at most {most} characters."),
            code="reason_too_long",
            field="reason",
            most=REASON_LENGTH,
        )
    return ChampionshipNightWithdrawn(command.night, reason)


def _cut(state: ChampionshipState, command: MakeCut) -> CutMade:
    _before_cut(state)
    if len(state.nights) < state.qualifying_nights:
        raise InvalidChampionship(
            _(
                "The championship has {added} of its {nights} qualifying nights: add and "
                "close the rest before the cut."
            ),
            code="championship_nights_missing",
            added=len(state.nights),
            nights=state.qualifying_nights,
        )
    if command.open:
        raise InvalidChampionship(
            _("A qualifying night has not closed: close it before the cut."),
            code="championship_night_open",
            night=command.open[0],
        )
    size = state.final_size if command.final_size is None else command.final_size
    lines = standings(command.nights, state.best)
    return CutMade(size, cut_lines(lines, size))


def cut_lines(lines: tuple[StandingLine, ...], size: int) -> tuple[CutLine, ...]:
    """The standings' lines with the cut's decision, as the event records them."""
    decisions = {d.player: d for d in cut(lines, size)}
    return tuple(
        CutLine(
            line.player,
            line.place,
            str(line.points),
            None if line.per_deal is None else str(line.per_deal),
            tuple(CutNight(n.night, str(n.points), n.counted) for n in line.nights),
            decisions[line.player].qualified,
            decisions[line.player].reason,
        )
        for line in lines
    )


def standing_of(line: CutLine) -> StandingLine:
    """A recorded cut line read back as a standings' line."""
    return StandingLine(
        line.player,
        line.place,
        Fraction(line.points),
        None if line.per_deal is None else Fraction(line.per_deal),
        tuple(NightScored(n.night, Fraction(n.points), None, n.counted) for n in line.nights),
    )


def _open_final(state: ChampionshipState, command: OpenFinal) -> FinalNightOpened:
    if state.cut is None:
        raise InvalidChampionship(
            _("Make the cut before the final: it says who plays it."),
            code="championship_no_cut",
        )
    if state.final_night is not None:
        raise InvalidChampionship(
            _("The championship has its final night already."),
            code="championship_final_exists",
        )
    return FinalNightOpened(command.night)


def qualified(state: ChampionshipState) -> tuple[Qualified, ...]:
    """The cut's lines as the final ranking reads them."""
    return tuple(
        Qualified(line.player, line.place, Fraction(line.points), line.qualified)
        for line in state.cut or ()
    )


def ranked_lines(
    state: ChampionshipState, final: Mapping[int, FinalPlayed]
) -> tuple[RankedLine, ...]:
    """The championship's ranking with ``final``'s points, as the close records it."""

    def text(value: Fraction | None) -> str | None:
        return None if value is None else str(value)

    return tuple(
        RankedLine(
            line.player,
            line.place,
            line.standing,
            text(line.carry),
            text(line.final),
            line.final_place,
            text(line.total),
        )
        for line in final_ranking(qualified(state), state.carry_over, final)
    )


def _close(state: ChampionshipState, command: CloseChampionship) -> ChampionshipClosed:
    if state.final_night is None:
        raise InvalidChampionship(
            _("The final has not been played: open the final night first."),
            code="championship_no_final",
        )
    if not command.final_closed:
        raise InvalidChampionship(
            _("The final night is still open: close it, then the championship."),
            code="championship_final_open",
        )
    return ChampionshipClosed(ranked_lines(state, command.final))


def check_recorded(state: ChampionshipState, event: ChampionshipEvent) -> None:
    """A restored event that no command decides again alone: a night added while the
    championship took nights; a cut whose decisions follow from its lines; a close
    whose ranking follows from the cut and the final's points it records."""
    if state.club is None or state.ranking is not None:
        raise InvalidChampionship(
            _("There is no such championship."), code="championship_not_found"
        )
    if isinstance(event, ChampionshipNightAdded):
        _before_cut(state)
        if event.night in state.nights or len(state.nights) >= state.qualifying_nights:
            raise InvalidChampionship(
                _("The night cannot join the championship."), code="championship_nights_full"
            )
    if isinstance(event, CutMade):
        _before_cut(state)
        lines = tuple(standing_of(line) for line in event.lines)
        if len(state.nights) != state.qualifying_nights or cut_lines(
            lines, event.final_size
        ) != tuple(event.lines):
            raise InvalidChampionship(
                _("The cut does not follow from its standings."), code="championship_cut_altered"
            )
    if isinstance(event, ChampionshipClosed):
        final = {
            line.player: FinalPlayed(Fraction(line.final), line.final_place)
            for line in event.lines
            if line.final is not None and line.final_place is not None
        }
        if state.final_night is None or ranked_lines(state, final) != tuple(event.lines):
            raise InvalidChampionship(
                _("The final ranking does not follow from the cut and the final."),
                code="championship_ranking_altered",
            )
