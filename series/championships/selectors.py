"""Reads of a championship for its page, its big screen and its API, from its read
model and the nights' (a fixed number of queries whatever its nights and deals).

Before the cut the standings are the qualifying nights' last closes added up
(RULES D-23); from the cut on, the lines the cut recorded. The final's ranking
is carry-over plus the final night's points (RULES D-24): "if every table ended
now" while it plays, its last close once closed, the recorded ranking once the
championship closes.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date
from fractions import Fraction
from uuid import UUID

from series.domain.championships.championship import (
    QUALIFYING,
    ChampionshipState,
    qualified,
    standing_of,
)
from series.domain.championships.events import CutLine, RankedLine
from series.domain.championships.final import FinalLine, FinalPlayed, final_ranking
from series.domain.championships.standings import QualifyingNight, StandingLine, standings
from series.domain.errors import DomainError, _
from series.domain.league.night_standings import NightLineRecorded, season_points
from series.domain.nights import scoring as scorings
from series.eventstore.transcoder import from_stored
from series.models import Championship, ChampionshipNight, Club, Night, Player


@dataclass(frozen=True, slots=True)
class NightView:
    id: UUID
    date: date
    closed: bool
    closes: int
    counted: bool  # it has closed at least once: its last close counts


@dataclass(frozen=True, slots=True)
class NightCell:
    night: UUID
    points: Fraction | None  # None: not played
    counted: bool


@dataclass(frozen=True, slots=True)
class StandingView:
    player: int
    name: str
    place: int
    points: Fraction
    per_deal: Fraction | None
    cells: list[NightCell]  # one a qualifying night, in the nights' order
    qualified: bool | None  # None before the cut
    reason: str | None

    @property
    def counted(self) -> list[str]:
        return [str(c.night) for c in self.cells if c.points is not None and c.counted]

    @property
    def dropped(self) -> list[str]:
        return [str(c.night) for c in self.cells if c.points is not None and not c.counted]


@dataclass(frozen=True, slots=True)
class FinalLineView:
    player: int
    name: str
    place: int
    standing: str  # played, absent, out
    carry: Fraction | None
    final: Fraction | None
    final_place: int | None
    total: Fraction | None


@dataclass(frozen=True, slots=True)
class FinalView:
    night: UUID
    date: date | None
    closed: bool
    provisional: bool  # tables still play: "if every table ended now"
    recorded: bool  # the championship closed: the ranking as its close recorded it
    lines: list[FinalLineView]


@dataclass(frozen=True, slots=True)
class ChampionshipPage:
    id: UUID
    club: Club
    name: str
    version: int
    state: str
    rules: dict
    scoring: dict
    qualifying_nights: int
    best: int | None
    final_size: int
    carry_over: str
    nights: list[NightView]
    withdrawn: list[dict]
    standings: list[StandingView]
    finalists: list[int]
    final: FinalView | None

    @property
    def method(self) -> str:
        return self.scoring.get("method", scorings.DEFAULT)

    @property
    def all_closed(self) -> bool:
        return len(self.nights) == self.qualifying_nights and all(n.closed for n in self.nights)


def championship_club(championship_id: UUID) -> Club | None:
    """The club a championship belongs to (for the access policy), one query."""
    return Club.objects.filter(championships__id=championship_id).first()


def club_championships(club: Club) -> list[Championship]:
    return list(Championship.objects.filter(club=club).only("id", "name", "state", "version"))


def _state_of(row: Championship) -> ChampionshipState:
    """The parts of the state the page reads, from the read model's row."""
    return ChampionshipState(
        version=row.version,
        club=row.club_id,
        name=row.name,
        rules=row.rules,
        scoring=row.scoring,
        qualifying_nights=row.qualifying_nights,
        best=row.best,
        final_size=row.final_size,
        carry_over=row.carry_over,
        nights=tuple(row.nights),
        cut=None if row.cut is None else tuple(from_stored(CutLine, c) for c in row.cut),
        final_night=None if row.final_night is None else str(row.final_night),
        ranking=None
        if row.ranking is None
        else tuple(from_stored(RankedLine, r) for r in row.ranking),
    )


def championship_page(championship_id: UUID) -> ChampionshipPage | None:
    """Everything the championship's page, big screen and API show; None for none."""
    row = Championship.objects.filter(id=championship_id).select_related("club").first()
    if row is None:
        return None
    state = _state_of(row)
    ids = [*state.nights, *([state.final_night] if state.final_night else [])]
    rows = {
        str(n.id): n
        for n in Night.objects.filter(id__in=ids).only(
            "id", "date", "opened_at", "closed", "closes", "method", "points", "club_id"
        )
    }
    qualifying = sorted(
        (rows[n] for n in state.nights if n in rows), key=lambda n: (n.date, n.opened_at, str(n.id))
    )
    lines = _standings(state, qualifying)
    final_row = rows.get(state.final_night) if state.final_night else None
    final, provisional = _final(state, final_row) if state.final_night else (None, False)
    players = {line.player for line in lines} | {line.player for line in final or ()}
    names = dict(Player.objects.filter(id__in=players).values_list("id", "name"))
    reasons = {line.player: line for line in state.cut or ()}
    order = [n.id for n in qualifying]
    return ChampionshipPage(
        row.id,
        row.club,
        row.name,
        row.version,
        row.state,
        dict(row.rules),
        dict(row.scoring),
        row.qualifying_nights,
        row.best,
        row.final_size,
        row.carry_over,
        [NightView(n.id, n.date, n.closed, n.closes, n.closes > 0) for n in qualifying],
        list(row.withdrawn),
        [_standing_view(line, names, reasons.get(line.player), order) for line in lines],
        list(state.finalists),
        None
        if final is None
        else FinalView(
            UUID(state.final_night),
            final_row.date if final_row else None,
            bool(final_row and final_row.closed),
            provisional,
            state.ranking is not None,
            [_final_view(line, names) for line in final],
        ),
    )


def _standings(state: ChampionshipState, qualifying: list[Night]) -> tuple[StandingLine, ...]:
    if state.cut is not None:
        return tuple(standing_of(line) for line in state.cut)
    closes = [
        QualifyingNight(str(n.id), n.method, recorded_lines(n)) for n in qualifying if n.closes
    ]
    return standings(closes, state.best)


def _standing_view(
    line: StandingLine, names: dict, cut: CutLine | None, order: list[UUID]
) -> StandingView:
    by_night = {n.night: n for n in line.nights}
    cells = [
        NightCell(
            night,
            by_night[str(night)].points if str(night) in by_night else None,
            by_night[str(night)].counted if str(night) in by_night else False,
        )
        for night in order
    ]
    return StandingView(
        line.player,
        names.get(line.player, str(line.player)),
        line.place,
        line.points,
        line.per_deal,
        cells,
        None if cut is None else cut.qualified,
        None if cut is None else cut.reason,
    )


def _final(state: ChampionshipState, night: Night | None) -> tuple[tuple[FinalLine, ...], bool]:
    """The final ranking, and whether it is provisional: recorded at the
    championship's close; else from the final night's last close; else "if every
    table ended now" from its tables."""
    if state.ranking is not None:
        return tuple(_recorded(line, state.cut or ()) for line in state.ranking), False
    provisional = False
    if night is not None and night.closed:
        final, _closed = final_points(night)
    else:
        final, provisional = live_final_points(UUID(state.final_night))
    return final_ranking(qualified(state), state.carry_over, final), provisional


def live_final_points(night_id: UUID) -> tuple[dict[int, FinalPlayed], bool]:
    """What the final night gives each player if every table ended now, and
    whether tables still play."""
    from series.nights.selectors import night_ranking

    ranking = night_ranking(night_id)
    if ranking is None:
        return {}, False
    lines = [
        NightLineRecorded(line.player, line.place, line.points, line.penalty, line.deals)
        for line in ranking.lines
        if line.rounds
    ]
    points = season_points(ranking.method, lines)
    return {
        line.player: FinalPlayed(points[line.player], line.place)
        for line in lines
        if line.player in points
    }, ranking.provisional


def _recorded(line: RankedLine, cut: tuple[CutLine, ...]) -> FinalLine:
    def fraction(value: str | None) -> Fraction | None:
        return None if value is None else Fraction(value)

    places = {c.player: c.place for c in cut}
    return FinalLine(
        line.player,
        line.place,
        line.standing,
        fraction(line.carry),
        fraction(line.final),
        line.final_place,
        fraction(line.total),
        places.get(line.player, 0),
    )


def _final_view(line: FinalLine, names: dict) -> FinalLineView:
    return FinalLineView(
        line.player,
        names.get(line.player, str(line.player)),
        line.place,
        line.standing,
        line.carry,
        line.final,
        line.final_place,
        line.total,
    )


# -- what the nights ask of a championship ------------------------------------


@dataclass(frozen=True, slots=True)
class NightOf:
    """The championship a night counts for, and whether it is its final."""

    id: UUID
    name: str
    state: str
    final: bool


def championship_of_night(night_id: UUID) -> NightOf | None:
    """The championship a night counts for (one query), None for none."""
    row = (
        ChampionshipNight.objects.filter(night_id=night_id)
        .values_list("championship_id", "championship__name", "championship__state", "final")
        .first()
    )
    return None if row is None else NightOf(*row)


def refuse_reopen_after_cut(night_id: UUID) -> None:
    """A night whose championship has made its cut does not reopen (RULES D-22);
    run under the log's lock by the night's reopening."""
    of = championship_of_night(night_id)
    if of is not None and of.state != QUALIFYING:
        raise DomainError(
            _(
                "The night counts for the championship “{name}”, whose cut is made: it no "
                "longer reopens."
            ),
            code="night_championship_cut",
            name=of.name,
        )


def final_order(night_id: UUID) -> tuple[int, ...]:
    """The finalists, best first, for a draw by the championship (its final night);
    a DomainError for a night that is no championship's final."""
    of = championship_of_night(night_id)
    if of is None or not of.final:
        raise DomainError(
            _("Only a championship's final night is drawn by the championship's standings."),
            code="night_not_a_final",
            field="method",
        )
    cut = Championship.objects.filter(id=of.id).values_list("cut", flat=True).first() or []
    lines = [from_stored(CutLine, c) for c in cut]
    return tuple(line.player for line in lines if line.qualified)


def joinable_nights(club: Club) -> list[Night]:
    """The club's nights that may join a championship: open (not planned ahead),
    never closed, and no championship's yet (the championship checks the rest)."""
    taken = ChampionshipNight.objects.filter(club=club).values("night_id")
    return list(
        Night.objects.filter(club=club, planned=False, closed=False, closes=0)
        .exclude(id__in=taken)
        .only("id", "date")
    )


def final_ranking_of_night(night_id: UUID):
    """For the night's page: the championship the night counts for and, on its
    final night, the championship's ranking "if every table ended now"."""
    of = championship_of_night(night_id)
    if of is None:
        return None, None
    page = championship_page(of.id) if of.final else None
    return of, page


# -- what the cut and the close read of the nights (the services' writes read them too) --


def qualifying_nights(state: ChampionshipState) -> list[Night]:
    """The qualifying nights' rows, earliest first (by date, then opening)."""
    rows = Night.objects.filter(id__in=list(state.nights)).only(
        "id", "date", "opened_at", "closed", "closes", "method", "points"
    )
    return sorted(rows, key=lambda n: (n.date, n.opened_at, str(n.id)))


def recorded_lines(night: Night) -> tuple[NightLineRecorded, ...]:
    """A night's lines as recorded at its last close (RULES D-22)."""
    return tuple(
        NightLineRecorded(
            line["player"],
            line["place"],
            None if line["points"] is None else Fraction(line["points"]),
            line.get("penalty"),
            line.get("deals"),
        )
        for line in night.points
    )


def cut_reading(state: ChampionshipState) -> tuple[tuple[QualifyingNight, ...], tuple[str, ...]]:
    """What a cut reads of the qualifying nights: each one's last close, earliest
    first, and the nights not closed now (never closed, or reopened)."""
    rows = qualifying_nights(state)
    closes = tuple(
        QualifyingNight(str(n.id), n.method, recorded_lines(n)) for n in rows if n.closes
    )
    still_open = tuple(str(n.id) for n in rows if not n.closed)
    return closes, still_open


def final_points(night: Night | None) -> tuple[dict[int, FinalPlayed], bool]:
    """What a final night's last close gave each player who played it, and whether
    it has closed."""
    if night is None or not night.closes:
        return {}, False
    lines = recorded_lines(night)
    points = season_points(night.method, lines)
    places = {line.player: line.place for line in lines}
    return {p: FinalPlayed(points[p], places[p]) for p in points}, night.closed
