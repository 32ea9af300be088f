"""Read queries for a night's pages, its big screen and the API.

Each costs a fixed number of queries whatever the number of deals played: the
night's events (its own stream, folded on every read), its tables' standings
kept on their score sheets (one query, no snapshot decoded) and the players'
names (one query).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import datetime
from decimal import Decimal
from fractions import Fraction
from typing import Any
from uuid import UUID

from django.utils.formats import number_format
from django.utils.translation import gettext, ngettext, pgettext

from series.domain.names import sort_key
from series.domain.nights import report
from series.domain.nights import scoring as scorings
from series.domain.nights.night import NightRound, NightState, NightTable, fold, scoring_method
from series.domain.nights.ranking import RoundPoints
from series.domain.nights.ranking import night_ranking as rank_night
from series.domain.nights.results import table_result
from series.domain.rules import rules_from
from series.domain.series.finishing import places_from_order
from series.domain.series.standing import Standing, standing_of
from series.eventstore import store
from series.eventstore.writer import Loaded
from series.models import Club, Event, Night, NightSeat, Player, SeriesSheet
from series.nights import planned
from series.sheets import standing as kept_standing
from series.sheets.selectors import series_state
from series.templatetags.pagetags import names_and

# What the contexts above the night show on its page, registered by the app when
# it is ready, so that the night imports none of them: the championship a night
# counts for and, on its final night, the championship's ranking "if every table
# ended now" (RULES D-24: ``series.championships``).
COUNTS_FOR: list[Callable[[UUID], tuple[Any, Any]]] = []


def counts_for(night_id: UUID) -> tuple[Any, Any]:
    """What ``night_id`` counts for and, on a final, its ranking; (None, None)
    when it counts for nothing but the club's league."""
    for read in COUNTS_FOR:
        found = read(night_id)
        if found[0] is not None:
            return found
    return None, None


def method_explained(method: str) -> str:
    """How the night's scoring method ranks, in the reader's language."""
    found = scorings.find(method)
    return gettext(found.explained) if found is not None else ""


@dataclass(frozen=True, slots=True)
class RankingLine:
    player: int
    name: str
    place: int
    points: Fraction | None  # summed points, or the average per deal (per-deal method)
    per_deal: Fraction | None
    rounds: int
    penalty: int | None = None  # over the tables played; None: a close recorded before it
    deals: int | None = None
    per_round: tuple[RoundPoints, ...] = ()  # why these points: each round's table

    @property
    def leads(self) -> bool:
        """First once a deal was played: before the first deal nobody leads."""
        return self.place == 1 and self.per_deal is not None

    @property
    def points_display(self) -> str:
        return "–" if self.points is None else f"{float(self.points):.2f}".rstrip("0").rstrip(".")

    @property
    def per_round_display(self) -> str:
        """ "R1 T3 2nd 7.5 · R2 T1 4th 4": each round's table, place and points."""
        return " · ".join(_round_display(line) for line in self.per_round)


def _short(value: Fraction) -> str:
    """Points as the page shows them: up to two decimals, in the reader's language."""
    return number_format(Decimal(f"{float(value):.2f}".rstrip("0").rstrip(".")))


def ordinal(place: int) -> str:
    """1st, 2nd, 3rd, 4th … in the reader's language (a table seats at most 8)."""
    if place % 10 == 1 and place % 100 != 11:
        return pgettext("place", "%(n)sst") % {"n": place}
    if place % 10 == 2 and place % 100 != 12:
        return pgettext("place", "%(n)snd") % {"n": place}
    if place % 10 == 3 and place % 100 != 13:
        return pgettext("place", "%(n)srd") % {"n": place}
    return pgettext("place", "%(n)sth") % {"n": place}


def _round_display(line: RoundPoints) -> str:
    if line.place is None or line.points is None:
        return gettext("R%(round)s T%(table)s not played") % {
            "round": line.round,
            "table": line.table,
        }
    return gettext("R%(round)s T%(table)s %(place)s %(points)s") % {
        "round": line.round,
        "table": line.table,
        "place": ordinal(line.place),
        "points": _short(line.points),
    }


@dataclass(frozen=True, slots=True)
class RankingView:
    lines: list[RankingLine]
    provisional: bool  # "if every table ended now"
    method: str
    explained: str


@dataclass(frozen=True, slots=True)
class SeatView:
    seat: int
    player: int
    name: str
    total: int | None  # None before the table's series starts
    first_dealer: bool
    leader: bool
    place: int | None = None  # an abandoned table's: as entered, else as its totals stand
    rating: float | None = None  # as a draw balanced by rating read it


@dataclass(frozen=True, slots=True)
class TableView:
    number: int
    series: UUID | None
    seats: list[SeatView]
    first_dealer: int
    first_dealer_name: str
    large_table: str | None  # the large-table preset this table plays, else None
    rules: dict
    status: str  # "drawn", "playing", "finished", "abandoned"
    deal_number: int  # the deal being played (k), 0 before the series starts
    deals: int | None  # deals the series plays (n), when fixed
    result: tuple[tuple[int, ...], ...] | None = None  # the director's (RULES D-18)
    tiebreak: tuple[str, ...] = ()  # who plays the tiebreak deal due, by name

    @property
    def seats_placed(self) -> list[SeatView]:
        """The seats in their places (an abandoned table's), seat order between equals."""
        return sorted(self.seats, key=lambda seat: (seat.place or len(self.seats), seat.seat))

    @property
    def players(self) -> list[int]:
        return [seat.player for seat in self.seats]

    @property
    def result_entered(self) -> bool:
        return self.result is not None

    @property
    def seats_late_arrivals(self) -> bool:
        """Whether a player can still sit down here: drawn, or playing and no deal
        recorded yet (RULES D-22)."""
        return self.status == "drawn" or (self.status == "playing" and self.deal_number == 1)


@dataclass(frozen=True, slots=True)
class SwapView:
    """Two players a draw by standings swapped to keep repeat meetings low, each
    with the table they sit at now."""

    name: str
    table: int | None
    other: str
    other_table: int | None


@dataclass(frozen=True, slots=True)
class RoundView:
    number: int
    seed: int
    method: str
    closed: bool
    tables: list[TableView]
    swaps: list[SwapView] = field(default_factory=list)

    @property
    def note_templates(self) -> tuple[str, str]:
        """What the night's page says of how the round was drawn: its draw method's
        own note when it has one (the swaps made, the ratings read), else none."""
        return f"nights/draws/_{self.method}.html", "nights/draws/_round.html"


@dataclass(frozen=True, slots=True)
class PlayerLine:
    id: int
    name: str


@dataclass(frozen=True, slots=True)
class NightPage:
    id: UUID
    club_id: int
    date: str
    version: int
    closed: bool
    method: str
    method_explained: str
    scoring: dict
    rules: dict
    min_table: int  # the sizes of table the night seats, declared when it opened
    max_table: int
    present: list[PlayerLine]
    rounds: list[RoundView]
    ranking: RankingView
    checkable: list[PlayerLine] = field(default_factory=list)
    closes: int = 0  # how often it closed (RULES D-22: it may reopen)
    plan: Any = None  # planned.PlanView: the night as planned ahead, and who is coming

    @property
    def state(self) -> str:
        """planned, open, closed or withdrawn."""
        if self.plan is not None:
            return self.plan.stage
        return "closed" if self.closed else "open"

    @property
    def planned(self) -> bool:
        return self.state in ("planned", "withdrawn")

    @property
    def reopened(self) -> bool:
        """Open again after a close: the league keeps its last close meanwhile."""
        return not self.closed and self.closes > 0

    @property
    def current_round(self) -> RoundView | None:
        return self.rounds[-1] if self.rounds else None

    @property
    def earlier_rounds(self) -> list[RoundView]:
        """The rounds before the current one, latest first."""
        return self.rounds[-2::-1]


def night_log(night_id: UUID, *, up_to_version: int | None = None) -> Loaded[NightState]:
    """The night folded from its log, and when its first event was recorded (the
    night's stream kind loads it so; a page that must see every event reads it)."""
    events = store.load_stream(night_id, up_to_version=up_to_version)
    since = events[0].recorded_at if events else None
    return Loaded(fold(stored.event for stored in events), since)


def _night_state(night_id: UUID) -> NightState | None:
    state = night_log(night_id).state
    return None if state.club is None else state


def _table_states(state: NightState) -> dict[UUID, Standing]:
    """Each started table's series standing, from its sheets (one query, no
    snapshot decoded: the same cost however many deals the tables played)."""
    ids = [t.series for r in state.rounds for t in r.tables if t.started]
    if not ids:
        return {}
    sheets = SeriesSheet.objects.filter(id__in=ids).values_list("id", "standing")
    found = {series_id: kept_standing.decode(data) for series_id, data in sheets}
    stale = [series_id for series_id, kept in found.items() if kept is None]
    if stale:  # kept by an earlier schema: from the series' state (a rebuild rewrites it)
        for sheet in SeriesSheet.objects.filter(id__in=stale).only("id", "version", "snapshot"):
            found[sheet.id] = standing_of(series_state(sheet))
    return found


def _names(state: NightState) -> dict[int, str]:
    ids = set(state.present) | set(state.left) | {player for player, _yes in state.answers}
    ids |= {p for r in state.rounds for t in r.tables for p in t.seats}
    return dict(Player.objects.filter(club_id=state.club, id__in=ids).values_list("id", "name"))


def _ranking(state: NightState, tables, names) -> RankingView:
    """The night's ranking: a closed night's as recorded at its close (RULES D-17:
    a table's later correction does not change a night that is over), an open
    night's from its tables' series."""
    if state.closed and state.points:
        return _recorded_ranking(state, names)
    rounds = []
    for round_ in state.rounds:
        results = []
        for table in round_.tables:
            if table.started and table.series in tables:
                results.append(table_result(tables[table.series], table.result, table=table.number))
        rounds.append(results)
    ranked = rank_night(rounds, scoring_method(state.scoring))
    lines = [
        RankingLine(
            line.player,
            names.get(line.player, str(line.player)),
            line.place,
            line.score,
            line.per_deal,
            line.rounds,
            line.penalty,
            line.deals,
            line.per_round,
        )
        for line in ranked.lines
    ]
    return RankingView(
        lines,
        ranked.provisional and not state.closed,
        state.method,
        method_explained(state.method),
    )


def _recorded_ranking(state: NightState, names) -> RankingView:
    lines = [
        RankingLine(
            line.player,
            names.get(line.player, str(line.player)),
            line.place,
            None if line.points is None else Fraction(line.points),
            None if line.per_deal is None else Fraction(line.per_deal),
            line.rounds,
            line.penalty,
            line.deals,
            tuple(
                RoundPoints(
                    r.round, r.table, r.place, None if r.points is None else Fraction(r.points)
                )
                for r in line.per_round
            ),
        )
        for line in state.points
    ]
    return RankingView(lines, False, state.method, method_explained(state.method))


def night_ranking(night_id: UUID, *, state: NightState | None = None) -> RankingView | None:
    """The night's ranking from its tables' series, "if every table ended now"
    while tables play (``provisional``); None for no such night."""
    state = state or _night_state(night_id)
    if state is None:
        return None
    return _ranking(state, _table_states(state), _names(state))


def disputed_deals(state: NightState) -> tuple[tuple[int, int, int], ...]:
    """(round, table, deal) of each disputed deal of the night's tables (one query)."""
    tables = _table_states(state)
    return tuple(
        (round_.number, table.number, deal)
        for round_ in state.rounds
        for table in round_.tables
        if table.series in tables
        for deal in tables[table.series].disputed
    )


def standings_order(night_id: UUID, state: NightState) -> tuple[int, ...]:
    """The night's players best first (a draw by the night's standings)."""
    ranking = night_ranking(night_id, state=state)
    return tuple(line.player for line in ranking.lines) if ranking else ()


def _table_view(table: NightTable, tables, names, ratings=None) -> TableView:
    series = tables.get(table.series) if table.started else None
    totals = dict(series.totals) if series is not None else {}
    leaders = set(series.leaders) if series is not None else set()
    if not table.started:
        state_name = "drawn"
    elif series is not None and series.is_open:
        state_name = "playing"
    elif series is not None and series.abandoned:
        state_name = "abandoned"
    else:
        state_name = "finished"
    places = _result_places(table, series) if state_name == "abandoned" else {}
    seats = [
        SeatView(
            seat,
            player,
            names.get(player, str(player)),
            totals.get(player) if table.started else None,
            player == table.first_dealer,
            player in leaders,
            places.get(player),
            (ratings or {}).get(player),
        )
        for seat, player in enumerate(table.seats, start=1)
    ]
    deal_number = 0
    if series is not None:
        deal_number = series.dealt + (1 if state_name == "playing" else 0)
    fixed = table.rules.get("deals") or len(table.seats)
    return TableView(
        table.number,
        table.series,
        seats,
        table.first_dealer,
        names.get(table.first_dealer, ""),
        table.large_table,
        dict(table.rules),
        state_name,
        deal_number,
        fixed,
        table.result,
        tuple(names.get(p, str(p)) for p in series.tiebreak_players)
        if series is not None and state_name == "playing"
        else (),
    )


def _result_places(table: NightTable, series: Standing) -> dict[int, int]:
    """An abandoned table's places: the director's result once entered, else as its
    series' totals stood when abandoned (none before its first deal)."""
    if table.result is not None:
        return places_from_order(table.result)
    if not series.dealt:
        return {}
    return places_from_order(series.order)


def _swaps(round_: NightRound, names) -> list[SwapView]:
    def table_of(player: int) -> int | None:
        table = round_.table_of(player)
        return table.number if table else None

    return [
        SwapView(
            names.get(one, str(one)), table_of(one), names.get(other, str(other)), table_of(other)
        )
        for one, other in round_.swaps
    ]


def night_page(night_id: UUID) -> NightPage | None:
    """Everything a night's page, the API's GET and the big screen show; None for
    no such night."""
    state = _night_state(night_id)
    if state is None:
        return None
    tables, names = _table_states(state), _names(state)
    rounds = [
        RoundView(
            r.number,
            r.seed,
            r.method,
            r.closed,
            [_table_view(t, tables, names, r.ratings) for t in r.tables],
            _swaps(r, names),
        )
        for r in state.rounds
    ]
    return NightPage(
        id=night_id,
        club_id=state.club,
        date=state.date,
        version=state.version,
        closed=state.closed,
        method=state.method,
        method_explained=method_explained(state.method),
        scoring=dict(state.scoring),
        rules=dict(state.rules),
        min_table=state.min_table,
        max_table=state.max_table,
        present=[PlayerLine(p, names.get(p, str(p))) for p in state.present],
        rounds=rounds,
        ranking=_ranking(state, tables, names),
        closes=state.closes,
        plan=planned.plan_view(state, names),
    )


@dataclass(frozen=True, slots=True)
class TableTotal:
    player: int
    name: str
    total: int


@dataclass(frozen=True, slots=True)
class ReportTable:
    """A started table of the night as its report shows it: each seat's final
    total (as it stood, for an abandoned table) in seat order."""

    round: int
    number: int
    status: str  # "playing", "finished", "abandoned"
    totals: list[TableTotal]
    result_entered: bool = False


@dataclass(frozen=True, slots=True)
class FactLine:
    kind: str
    text: str
    players: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class NightReport:
    """The night's report: its page data (club, date, method, the ranking with
    each round's table and place), each started table's final totals and the
    night's notable facts in words."""

    night: NightPage
    tables: list[ReportTable]
    facts: list[FactLine]

    @property
    def rounds(self) -> list[int]:
        """The numbers of the rounds a ranking line has a column for."""
        return sorted({r.round for line in self.night.ranking.lines for r in line.per_round})

    @property
    def rows(self) -> list[tuple[RankingLine, list[str]]]:
        """Each ranking line with its cell for each round ("T3 2nd 7.5"; empty for a
        round it sat out)."""
        rounds = self.rounds
        return [
            (line, [_round_cell({r.round: r for r in line.per_round}.get(n)) for n in rounds])
            for line in self.night.ranking.lines
        ]


def _round_cell(line: RoundPoints | None) -> str:
    """A round's cell of the report's ranking: its table, place and points."""
    if line is None:
        return ""
    if line.place is None or line.points is None:
        return gettext("T%(table)s not played") % {"table": line.table}
    return gettext("T%(table)s %(place)s %(points)s") % {
        "table": line.table,
        "place": ordinal(line.place),
        "points": _short(line.points),
    }


def night_report(night_id: UUID) -> NightReport | None:
    """The night's report in four queries whatever the deals played: the night's
    page (three) and its tables' series states, from their sheets' snapshots (one;
    a stale snapshot is folded from the log, as a command would); None for no such
    night."""
    night = night_page(night_id)
    if night is None:
        return None
    states = _series_states([t.series for r in night.rounds for t in r.tables if t.series])
    names = {seat.player: seat.name for r in night.rounds for t in r.tables for seat in t.seats}
    names.update((line.player, line.name) for line in night.ranking.lines)
    facts = report.night_facts(
        report.ReportTable(r.number, t.number, states.get(t.series), t.result)
        for r in night.rounds
        for t in r.tables
    )
    tables = [
        ReportTable(
            r.number,
            t.number,
            t.status,
            [TableTotal(seat.player, seat.name, seat.total or 0) for seat in t.seats],
            t.result_entered,
        )
        for r in night.rounds
        for t in r.tables
        if t.status != "drawn"
    ]
    return NightReport(night, tables, [_fact_line(fact, names) for fact in facts])


def _series_states(ids) -> dict:
    if not ids:
        return {}
    sheets = SeriesSheet.objects.filter(id__in=ids).only("id", "version", "snapshot")
    return {sheet.id: series_state(sheet) for sheet in sheets}


SHOWN_PLACES = 3


def _fact_line(fact: report.Fact, names: dict[int, str]) -> FactLine:
    def name(player: int | None) -> str:
        return names.get(player, str(player))

    def where(at: report.Where) -> str:
        if at.deal:
            return gettext("%(name)s (round %(round)s, table %(table)s, deal %(deal)s)") % {
                "name": name(at.player),
                "round": at.round,
                "table": at.table,
                "deal": at.deal,
            }
        return gettext("%(name)s (round %(round)s, table %(table)s)") % {
            "name": name(at.player),
            "round": at.round,
            "table": at.table,
        }

    def places(at: tuple[report.Where, ...]) -> str:
        """Up to three places a figure was reached, then how many more: the
        report holds one printed page."""
        if len(at) <= SHOWN_PLACES:
            return names_and(where(one) for one in at)
        return gettext("%(names)s and %(count)s more") % {
            "names": ", ".join(where(one) for one in at[:SHOWN_PLACES]),
            "count": len(at) - SHOWN_PLACES,
        }

    match fact.kind:
        case report.HIGHEST_DEAL:
            text = gettext("The highest penalty in one deal: %(points)s, %(where)s.") % {
                "points": fact.value,
                "where": places(fact.at),
            }
        case report.LOWEST_TOTAL:
            text = gettext("The lowest total at a table: %(total)s, %(where)s.") % {
                "total": fact.value,
                "where": places(fact.at),
            }
        case report.WENT_OUT_MOST:
            text = ngettext(
                "Went out most: %(names)s, %(count)s time.",
                "Went out most: %(names)s, %(count)s times.",
                fact.value,
            ) % {"names": names_and(name(p) for p in fact.players), "count": fact.value}
        case report.TIEBREAK:
            text = gettext(
                "Tiebreak at round %(round)s, table %(table)s (deal %(deal)s): "
                "%(names)s played it; %(out)s went out."
            ) % {
                "round": fact.round,
                "table": fact.table,
                "deal": fact.deal,
                "names": names_and(name(p) for p in fact.players),
                "out": name(fact.went_out),
            }
        case _:  # report.DIRECTOR_RESULT
            places = places_from_order(fact.order)
            text = gettext("The director's result at round %(round)s, table %(table)s: %(places)s.")
            text %= {
                "round": fact.round,
                "table": fact.table,
                "places": "; ".join(
                    f"{ordinal(places[group[0]])} {names_and(name(p) for p in group)}"
                    for group in fact.order
                ),
            }
    return FactLine(fact.kind, text, fact.players)


@dataclass(frozen=True, slots=True)
class ClosedOrReopened:
    """A line of a night's closes and reopenings: when, who (the name they signed
    up with, else their user name, as the audit trail names a scorer) and why."""

    reopened: bool
    at: datetime
    by: str | None  # None: the user is gone
    reason: str = ""


def closes_and_reopenings(night_id: UUID) -> list[ClosedOrReopened]:
    """Every close and reopening of the night, in order, with who and why, from
    its log (one query)."""
    rows = Event.objects.filter(stream=night_id, type__in=("NightClosed", "NightReopened"))
    lines = rows.order_by("version").values_list(
        "type",
        "recorded_at",
        "recorded_by__first_name",
        "recorded_by__last_name",
        "recorded_by__username",
        "payload__reason",
    )
    return [
        ClosedOrReopened(
            kind == "NightReopened",
            at,
            " ".join(name for name in (first, last) if name) or username,
            reason or "",
        )
        for kind, at, first, last, username, reason in lines
    ]


def game_table_sizes(club: Club) -> tuple[int, int]:
    """The smallest and largest table of the game the club plays by default (a new
    night's table sizes, unless its director chooses others)."""
    defaults = club.default_rules or {}
    rules = rules_from(defaults.get("preset", "continental"), defaults.get("options"))
    return rules.min_players, rules.max_players


def checkable_players(night: NightPage) -> list[PlayerLine]:
    """The club's active players not checked in yet (the check-in list), those who
    said they are coming first."""
    here = {line.id for line in night.present}
    coming = {line.id for line in night.plan.coming} if night.plan is not None else set()
    players = Player.objects.filter(club_id=night.club_id).exclude(roster__retired=True)
    found = sorted(
        players.values_list("id", "name"),
        key=lambda row: (row[0] not in coming, sort_key(row[1]), row[0]),
    )
    return [PlayerLine(p, name) for p, name in found if p not in here]


# The big screen shows what the night's page shows: one read, the same numbers.
screen_data = night_page


def night_club(night_id: UUID) -> Club | None:
    """The club a night belongs to (for the access policy), one query."""
    return Club.objects.filter(nights__id=night_id).first()


def club_nights(club: Club) -> list[Night]:
    """The club's nights, latest first."""
    return list(Night.objects.filter(club=club))


@dataclass(frozen=True, slots=True)
class OfTheDay:
    """Which of the club's nights of its date a night is, by opening, and when
    it opened: what tells two nights of one date apart."""

    number: int
    opened_at: datetime


def night_of_the_day(night: NightPage) -> OfTheDay | None:
    """``night``'s number among the club's nights of its date, in one query;
    None when it is the date's only night."""
    opened = Night.objects.filter(club_id=night.club_id, date=night.date)
    found = sorted(opened.values_list("opened_at", "id"), key=lambda row: (row[0], str(row[1])))
    if len(found) < 2:
        return None
    numbers = {night_id: (number, at) for number, (at, night_id) in enumerate(found, start=1)}
    number, at = numbers[night.id]
    return OfTheDay(number, at)


@dataclass(frozen=True, slots=True)
class NightSummary:
    """A line of the club's nights: who played and how many rounds were played."""

    id: UUID
    date: object
    players: int  # present now, or seated at a table that started
    rounds: int  # rounds with a table that started
    closed: bool
    opened_at: object = None
    # the night's number among the club's nights of its date, by opening (0: the
    # only one): two open nights of one date are told apart by it and its time
    of_the_day: int = 0


def night_summaries(club: Club) -> list[NightSummary]:
    """The club's nights, latest first, in two queries: a player who played and
    left still counts, a round drawn and never started does not."""
    played: dict[UUID, tuple[set[int], set[int]]] = {}
    seats = NightSeat.objects.filter(club=club, series__isnull=False).order_by()
    for night_id, round_, player in seats.values_list("night_id", "round", "player_id"):
        players, rounds = played.setdefault(night_id, (set(), set()))
        players.add(player)
        rounds.add(round_)
    summaries = []
    nights = [night for night in club_nights(club) if not night.planned]  # opened ones
    days = Counter(night.date for night in nights)
    by_opening = sorted(nights, key=lambda night: (night.opened_at, str(night.id)))
    numbers, seen = {}, Counter()
    for night in by_opening:
        seen[night.date] += 1
        numbers[night.id] = seen[night.date] if days[night.date] > 1 else 0
    for night in nights:
        players, rounds = played.get(night.id, (set(), set()))
        summaries.append(
            NightSummary(
                night.id,
                night.date,
                len(players | set(night.present)),
                len(rounds),
                night.closed,
                night.opened_at,
                numbers[night.id],
            )
        )
    return summaries


@dataclass(frozen=True, slots=True)
class Tonight:
    """Where a player sits in the current round of an open night."""

    night_id: UUID
    round: int
    table: int
    seat: int
    first_dealer: int
    first_dealer_name: str
    series: UUID | None


def tonight(player_ids) -> Tonight | None:
    """ "Tonight: Table 3, seat 2, Anna deals first" for one of ``player_ids`` (a
    person's players): their seat in an open round of an open night."""
    seat = (
        NightSeat.objects.filter(player_id__in=list(player_ids), open=True)
        .order_by("-night__date", "-round")
        .first()
    )
    if seat is None:
        return None
    dealer = NightSeat.objects.filter(
        night_id=seat.night_id, round=seat.round, table=seat.table, first_dealer=True
    )
    first = dealer.values_list("player_id", "player__name").first() or (None, "")
    return Tonight(
        seat.night_id, seat.round, seat.table, seat.seat, first[0], first[1], seat.series
    )


def checked_in(user, night: NightPage) -> bool:
    """Whether one of the user's players of the night's club is present tonight."""
    if not user.is_authenticated or night.closed:
        return False
    players = Player.objects.filter(club_id=night.club_id, user_id=user.id)
    here = {line.id for line in night.present}
    return any(p in here for p in players.values_list("id", flat=True))


def tonight_for_user(user, club: Club) -> Tonight | None:
    if not user.is_authenticated:
        return None
    players = Player.objects.filter(club=club, user_id=user.id).values_list("id", flat=True)
    return tonight(list(players))


def table_labels(series_ids) -> dict[UUID, tuple[UUID, int]]:
    """The night and table number of each series played at a night's table."""
    rows = SeriesSheet.objects.filter(id__in=list(series_ids), table_number__isnull=False)
    return {s: (n, t) for s, n, t in rows.values_list("id", "night", "table_number")}
