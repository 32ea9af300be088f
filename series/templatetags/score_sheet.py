"""The score sheet as a table and a chart, read from the projection rows.

``score_table`` turns a sheet loaded by ``selectors.series_sheet_rows`` into
rows and columns without further queries; ``totals_chart`` draws the running
totals as an inline SVG with a text alternative.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from django import template
from django.utils.formats import number_format
from django.utils.html import format_html, format_html_join
from django.utils.safestring import SafeString
from django.utils.translation import gettext

from series.domain.rules import Rules
from series.domain.scoring import leaders
from series.domain.series import FINISHED, TIEBREAK
from series.domain.series.confirmation import waiting
from series.models import Player, SeriesSheet

register = template.Library()


@dataclass(frozen=True)
class Column:
    """One player of the sheet, in seat order."""

    player: Player
    seat: int
    total: int
    leader: bool
    winner: bool
    in_tiebreak: bool
    eliminated: bool
    deals_next: bool = False


@dataclass(frozen=True)
class Cell:
    points: int | None  # None: the player did not play this deal
    running: int
    won: str = ""  # "out": went out; "lowest": won a deal nobody went out of


@dataclass(frozen=True)
class Row:
    number: int
    dealer: Player
    went_out: Player | None
    tiebreak: bool
    corrected: bool
    void: bool
    cells: list[Cell]
    confirmation: str = ""
    dispute: Any = None  # selectors.Dispute, when the page read it (``with_disputes``)


@dataclass(frozen=True)
class ScoreTable:
    columns: list[Column]
    rows: list[Row]
    next_dealer: Player | None
    winner: Player | None
    tiebreak_players: list[Player]
    finished: bool
    version: int
    history: dict[int, list[int]] = field(default_factory=dict)  # running totals per player
    collects: bool = False  # the deal's winner collects the others' points (winner takes all)
    winnerless: bool = False  # a deal may end with nobody out (the lowest hand wins it)

    @property
    def to_confirm(self) -> list[int]:
        """Deals waiting for a second member (asked for when recorded), disputed ones too."""
        return waiting(self.rows)

    @property
    def next_number(self) -> int:
        """The number the next deal gets: a void deal keeps its number."""
        return len(self.rows) + 1


def _leaders(sheet: SeriesSheet, totals: dict[int, int]) -> set[int]:
    """Who stands best now: the winner once there is one; before that the lowest
    total of the players still in (the highest when the winner takes all)."""
    if sheet.winner_id is not None:
        return {sheet.winner_id}
    if not sheet.deals_played:
        return set()
    return leaders(Rules.from_dict(sheet.rules), totals, sheet.eliminated)


def _deal_won(line, scored: dict[int, int], higher_wins: bool) -> dict[int, str]:
    """Who won the deal and how: the player who went out; when nobody did (the
    stock ran out), the best score of the deal (RULES §3: the lowest hand, who
    collects when the winner takes all)."""
    if line.void or not scored:
        return {}
    if line.went_out_id is not None:
        return {line.went_out_id: "out"}
    best = (max if higher_wins else min)(scored.values())
    return {player: "lowest" for player, points in scored.items() if points == best}


def _rows(sheet: SeriesSheet, seats: list, history: dict[int, list[int]]) -> list[Row]:
    players = {seat.player_id: seat.player for seat in seats}
    points = {(score.number, score.player_id): score.points for score in sheet.scores.all()}
    running = dict.fromkeys(players, 0)
    disputes = getattr(sheet, "disputes", {})
    higher_wins = Rules.from_dict(sheet.rules).higher_wins
    rows = []
    for line in sheet.deals.all():
        scored = {
            seat.player_id: points[line.number, seat.player_id]
            for seat in seats
            if (line.number, seat.player_id) in points
        }
        won = _deal_won(line, scored, higher_wins)
        cells = []
        for seat in seats:
            scored_here = scored.get(seat.player_id)
            running[seat.player_id] += scored_here or 0
            cells.append(Cell(scored_here, running[seat.player_id], won.get(seat.player_id, "")))
        if not line.void:
            for player, total in running.items():
                history[player].append(total)
        rows.append(
            Row(
                line.number,
                players[line.dealer_id],
                players.get(line.went_out_id),
                line.tiebreak,
                line.corrected,
                line.void,
                cells,
                line.confirmation,
                disputes.get(line.number),
            )
        )
    return rows


def build_score_table(sheet: SeriesSheet) -> ScoreTable:
    seats = list(sheet.seats.all())
    players = {seat.player_id: seat.player for seat in seats}
    totals = {int(player): total for player, total in sheet.totals.items()}
    history = {seat.player_id: [0] for seat in seats}
    rows = _rows(sheet, seats, history)
    leaders = _leaders(sheet, totals)
    tiebreak = set(sheet.tiebreak_players) if sheet.status == TIEBREAK else set()
    rules = Rules.from_dict(sheet.rules)
    columns = [
        Column(
            player=seat.player,
            seat=seat.seat,
            total=totals.get(seat.player_id, 0),
            leader=seat.player_id in leaders,
            winner=seat.player_id == sheet.winner_id,
            in_tiebreak=seat.player_id in tiebreak,
            eliminated=seat.player_id in sheet.eliminated,
            deals_next=seat.player_id == sheet.next_dealer_id and sheet.status != FINISHED,
        )
        for seat in seats
    ]
    return ScoreTable(
        columns=columns,
        rows=rows,
        next_dealer=players.get(sheet.next_dealer_id),
        winner=players.get(sheet.winner_id),
        tiebreak_players=[players[p] for p in sheet.tiebreak_players if p in tiebreak],
        finished=sheet.status == FINISHED,
        version=sheet.version,
        history=history,
        collects=rules.higher_wins,
        winnerless=rules.game_object.winnerless_deals,
    )


@register.simple_tag
def score_table(sheet: SeriesSheet) -> ScoreTable:
    return build_score_table(sheet)


# -- the chart --------------------------------------------------------------------

# High-contrast colours on white, each with its own dash so lines differ without colour.
LINE_STYLES = [
    ("#0b3d91", ""),
    ("#b00020", "8 4"),
    ("#1b6e2a", "3 3"),
    ("#6a1b9a", "10 3 3 3"),
    ("#8a4b00", "14 4"),
    ("#00695c", "2 5"),
    ("#222222", "6 2 2 2 2 2"),
    ("#ad1457", "12 3 6 3"),
]
WIDTH, HEIGHT = 320, 180
LEFT, RIGHT, TOP, BOTTOM = 34, 10, 10, 24


def line_style(index: int) -> tuple[str, str]:
    return LINE_STYLES[index % len(LINE_STYLES)]


def _scale(table: ScoreTable) -> tuple[int, int]:
    deals = max((len(points) - 1 for points in table.history.values()), default=0)
    top = max((max(points) for points in table.history.values()), default=0)
    return max(deals, 1), max(top, 10)


def _polyline(points: list[int], deals: int, top: int, index: int) -> SafeString:
    plot_w, plot_h = WIDTH - LEFT - RIGHT, HEIGHT - TOP - BOTTOM
    coords = " ".join(
        f"{LEFT + plot_w * i / deals:.1f},{TOP + plot_h * (1 - value / top):.1f}"
        for i, value in enumerate(points)
    )
    colour, dash = line_style(index)
    return format_html(
        '<polyline points="{}" fill="none" stroke="{}" stroke-width="2.5" '
        'stroke-dasharray="{}" stroke-linejoin="round"/>',
        coords,
        colour,
        dash or "none",
    )


def _axes(deals: int, top: int) -> SafeString:
    bottom = HEIGHT - BOTTOM
    return format_html(
        '<line x1="{l}" y1="{t}" x2="{l}" y2="{b}" stroke="#000"/>'
        '<line x1="{l}" y1="{b}" x2="{r}" y2="{b}" stroke="#000"/>'
        '<text x="{lx}" y="{ty}" text-anchor="end" font-size="11">{top}</text>'
        '<text x="{lx}" y="{b}" text-anchor="end" font-size="11">0</text>'
        '<text x="{r}" y="{by}" text-anchor="end" font-size="11">{deals}</text>',
        l=LEFT,
        t=TOP,
        b=bottom,
        r=WIDTH - RIGHT,
        lx=LEFT - 4,
        ty=TOP + 8,
        top=number_format(top),
        by=HEIGHT - 6,
        deals=number_format(deals),
    )


def chart_summary(table: ScoreTable) -> str:
    """The chart in words: each player's running totals, deal by deal."""
    parts = [
        gettext("{name}: {totals}").format(
            name=column.player.name, totals=", ".join(map(str, table.history[column.player.id]))
        )
        for column in table.columns
    ]
    return gettext("Running totals from the start, deal by deal. {players}.").format(
        players="; ".join(parts)
    )


@register.simple_tag
def totals_chart(table: ScoreTable, chart_id: str = "totals-chart") -> SafeString:
    deals, top = _scale(table)
    lines = format_html_join(
        "",
        "{}",
        (
            (_polyline(table.history[column.player.id], deals, top, index),)
            for index, column in enumerate(table.columns)
        ),
    )
    return format_html(
        '<svg class="chart" id="{id}" viewBox="0 0 {w} {h}" role="img" '
        'aria-labelledby="{id}-title {id}-desc" preserveAspectRatio="xMidYMid meet">'
        '<title id="{id}-title">{title}</title><desc id="{id}-desc">{desc}</desc>'
        "{axes}{lines}</svg>",
        id=chart_id,
        w=WIDTH,
        h=HEIGHT,
        title=gettext("Running totals per player"),
        desc=chart_summary(table),
        axes=_axes(deals, top),
        lines=lines,
    )


@register.simple_tag
def legend_class(index: int) -> str:
    """The class of the ``index``-th player's legend swatch: ``swatch-N`` in
    static/css/app.css draws the line's colour and dash (no inline style: CSP)."""
    return f"swatch-{index % len(LINE_STYLES)}"


def legend_css(index: int) -> str:
    """The rule app.css holds for ``legend_class(index)`` (a test keeps them equal)."""
    colour, dash = line_style(index)
    return f".swatch-{index} {{ border-top: 4px {'dashed' if dash else 'solid'} {colour}; }}"
