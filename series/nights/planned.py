"""Reads of nights planned ahead: the night's plan and who is coming (its page),
the club's planned nights (its home, the nights list, each member's home), and
the tables the draw would make of those coming (RULES D-15's sizes)."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date, time
from uuid import UUID

from django.utils.formats import number_format
from django.utils.text import get_text_list
from django.utils.translation import pgettext_lazy

from series.clubs.selectors import club_today
from series.domain.errors import DomainError
from series.domain.names import sort_key
from series.domain.nights.night import NightState
from series.domain.nights.planning import PLANNED, WITHDRAWN, coming, not_coming, stage
from series.domain.nights.sizes import table_sizes
from series.domain.rules import rules_from
from series.models import Club, Night, Player
from series.web.messages import render


@dataclass(frozen=True, slots=True)
class Answered:
    id: int
    name: str


@dataclass(frozen=True, slots=True)
class PlanView:
    """A night as planned: its stage, start time and venue, how often it moved,
    why it was withdrawn, and who answered (in the order of their answers)."""

    stage: str  # planned, open, closed or withdrawn
    time: time | None
    venue: str
    moves: int
    withdrawn: str | None
    coming: list[Answered]
    not_coming: list[Answered]

    @property
    def planned(self) -> bool:
        return self.stage == PLANNED

    @property
    def withdrawn_night(self) -> bool:
        return self.stage == WITHDRAWN

    def answer_of(self, player: int | None) -> bool | None:
        """``player``'s answer: True (coming), False (not coming) or None (none)."""
        if any(line.id == player for line in self.coming):
            return True
        if any(line.id == player for line in self.not_coming):
            return False
        return None

    @property
    def coming_by_name(self) -> list[Answered]:
        return sorted(self.coming, key=lambda line: (sort_key(line.name), line.id))

    @property
    def not_coming_by_name(self) -> list[Answered]:
        return sorted(self.not_coming, key=lambda line: (sort_key(line.name), line.id))


def plan_view(state: NightState, names: dict[int, str]) -> PlanView:
    def lines(players) -> list[Answered]:
        return [Answered(p, names.get(p, str(p))) for p in players]

    return PlanView(
        stage(state),
        time.fromisoformat(state.time) if state.time else None,
        state.venue,
        state.moves,
        state.withdrawn,
        lines(coming(state)),
        lines(not_coming(state)),
    )


@dataclass(frozen=True, slots=True)
class TablesFor:
    """The tables the draw would make of ``players`` at ``low`` to ``high`` a table."""

    players: int
    low: int
    high: int
    sizes: str  # "5 and 4"
    tables: int  # 0: too few for a table
    refusal: str = ""  # why these sizes seat none of them, in the reader's language


def tables_for(players: int, club: Club, low: int | None = None, high: int | None = None):
    """The tables a draw would make of ``players`` (RULES D-15) at the club's game's
    sizes, or ``low`` to ``high``: none when too few are coming, and why when
    these sizes seat none of them (10 at tables of 6: allow tables of 5)."""
    defaults = club.default_rules or {}
    game = rules_from(defaults.get("preset", "continental"), defaults.get("options"))
    low = game.min_players if low is None else low
    high = game.max_players if high is None else high
    try:
        sizes = table_sizes(players, low, high, game=game.game)
    except DomainError as refused:
        too_few = refused.code == "too_few_players"
        return TablesFor(players, low, high, "", 0, "" if too_few else render(refused))
    last = pgettext_lazy("the last of a list of numbers", "and")
    words = get_text_list([number_format(n) for n in sizes], last)
    return TablesFor(players, low, high, words, len(sizes))


@dataclass(frozen=True, slots=True)
class PlannedLine:
    """A night planned ahead as a club's home and a member's home list it:
    "Friday 20:30 at the Circolo: 9 coming", and the reader's own answer."""

    id: UUID
    club_id: int
    date: date
    time: time | None
    venue: str
    coming: int
    withdrawn: bool = False
    player: int | None = None  # the reader's player in the club, who may answer
    answer: bool | None = None  # the reader's player's answer


def planned_nights(
    clubs: list[Club], user=None, *, from_today: bool = True, withdrawn: bool = False
) -> list[PlannedLine]:
    """The planned nights of ``clubs``, soonest first, in two queries (the nights,
    the reader's players): from today in each club's time zone unless told
    otherwise, those withdrawn too when told."""
    by_id = {club.id: club for club in clubs}
    rows = Night.objects.filter(club_id__in=list(by_id), planned=True).order_by(
        "date", "time", "opened_at"
    )
    if not withdrawn:
        rows = rows.filter(withdrawn=False)
    nights = list(rows.only("id", "club_id", "date", "time", "venue", "coming", "not_coming"))
    if not nights:
        return []
    mine = {}
    if user is not None and user.is_authenticated:
        players = Player.objects.filter(club_id__in=list(by_id), user_id=user.id)
        mine = dict(players.values_list("club_id", "id"))
    today = {club_id: club_today(club) for club_id, club in by_id.items()} if from_today else {}
    lines = []
    for night in nights:
        if from_today and night.date < today[night.club_id]:
            continue
        player = mine.get(night.club_id)
        answer = True if player in night.coming else False if player in night.not_coming else None
        lines.append(
            PlannedLine(
                night.id,
                night.club_id,
                night.date,
                night.time,
                night.venue,
                len(night.coming),
                night.withdrawn,
                player,
                answer if player is not None else None,
            )
        )
    return lines


def planned_by_club(clubs: list[Club], user) -> dict[int, list[PlannedLine]]:
    """The member's home: each club's planned nights from today."""
    found: dict[int, list[PlannedLine]] = {}
    for line in planned_nights(clubs, user):
        found.setdefault(line.club_id, []).append(line)
    return found


def coming_to_check(night, checkable) -> list:
    """Those who said they are coming and are not checked in yet, by name: at the
    night, one tap each checks them in."""
    if night.plan is None:
        return []
    waiting = {line.id for line in checkable}
    return [line for line in night.plan.coming_by_name if line.id in waiting]
