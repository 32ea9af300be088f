"""What the league's pages show, built from what the selectors read (no queries)."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from django.core.paginator import Page
from django.utils import timezone
from django.utils.safestring import SafeString
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from series.domain import games
from series.domain.league.rating import Standing
from series.domain.league.seasons import SeasonSpan, find_season
from series.league.aggregates import Figures
from series.league.charts import Panel, line_panel
from series.league.player_record import HeadToHead, PlayerRecord
from series.models import SeriesResult


def game_choices() -> list[tuple[str, Any]]:
    return [(game.name, gettext_lazy(game.label)) for game in games.all()]


def game_label(name: str) -> str:
    """A game's name for people, in the page's language (its code when unknown)."""
    return dict(game_choices()).get(name, name)


def per_deal(row: SeriesResult) -> float | None:
    return row.total / row.deals if row.deals else None


@dataclass
class SeasonLine:
    name: str
    figures: Figures
    rating: float | None  # as of the season's last day, or today (RULES D-26)


@dataclass(frozen=True)
class FormPoint:
    series_id: Any
    started_at: Any
    per_deal: float | None
    rating: float


@dataclass
class GameRecord:
    """A person's record in one game: totals, seasons, form, best and worst."""

    game: str
    label: Any
    all_time: Figures
    rating: Standing | None  # as of today (RULES D-26)
    provisional: str | None = None  # "few" or "away": why the rating is not settled
    seasons: list[SeasonLine] = field(default_factory=list)
    results: list[SeriesResult] = field(default_factory=list)  # the latest, oldest first
    best: SeriesResult | None = None
    worst: SeriesResult | None = None
    head_to_head: list[HeadToHead] = field(default_factory=list)
    form: list[FormPoint] = field(default_factory=list)
    penalty_chart: SafeString = field(default_factory=SafeString)
    rating_chart: SafeString = field(default_factory=SafeString)


def player_page_context(record: PlayerRecord, named: list[SeasonSpan], page: Page) -> dict:
    games = [_game_record(record, line.game, line.figures, named) for line in record.all_time]
    return {
        "player": record.player,
        "club": record.player.club,
        "merged": record.merged,
        "games": games,
        "history": page,
    }


def _game_record(
    record: PlayerRecord, game: str, all_time: Figures, named: list[SeasonSpan]
) -> GameRecord:
    drawn = record.games[game]
    game_record = GameRecord(
        game=game,
        label=game_label(game),
        all_time=all_time,
        rating=record.ratings.get(game),
        seasons=_seasons(record, game, named),
        results=drawn.recent,
        best=drawn.best,
        worst=drawn.worst,
        head_to_head=[h for h in record.head_to_head if h.game == game],
        form=[
            FormPoint(row.series_id, row.started_at, per_deal(row), row.ordinal)
            for row in drawn.recent
        ],
    )
    if game_record.rating is not None:
        game_record.provisional = game_record.rating.provisional_because(record.today)
    _draw(game_record)
    return game_record


def _seasons(record: PlayerRecord, game: str, named: list[SeasonSpan]) -> list[SeasonLine]:
    lines = []
    for line in record.seasons:
        if line.game != game:
            continue
        season = find_season(line.season, named)
        name = season.name if season else line.season
        form = record.season_ratings.get((game, line.season))
        rating = None
        if form is not None:
            day = record.today if season is None else min(record.today, season.last_day.toordinal())
            rating = form.on(day).ordinal
        lines.append(SeasonLine(name, line.figures, rating))
    return lines


def _draw(game: GameRecord) -> None:
    """The form chart: points a deal and rating, series after series."""
    if len(game.results) < 2:
        return
    penalties = [per_deal(row) or 0 for row in game.results]
    means = [row.mu for row in game.results]
    band = [(row.mu - 3 * row.sigma, row.mu + 3 * row.sigma) for row in game.results]
    first = game.results[0].started_at
    last = game.results[-1].started_at
    game.penalty_chart = line_panel(
        Panel(_("Points a deal, series by series"), penalties),
        chart_id=f"penalty-{game.game}",
        description=_(
            "%(count)d series from %(first)s to %(last)s: points a deal from %(low).1f to "
            "%(high).1f, %(recent).1f in the latest."
        )
        % {
            "count": len(penalties),
            "first": _date(first),
            "last": _date(last),
            "low": min(penalties),
            "high": max(penalties),
            "recent": penalties[-1],
        },
    )
    game.rating_chart = line_panel(
        Panel(_("Strength after each series, with its ± 3σ band"), means, "#8a3b00", band),
        chart_id=f"rating-{game.game}",
        description=_(
            "Estimated strength (mu) from %(start).1f after the first series to %(end).1f "
            "after the latest; the band shows where the app is almost sure the strength "
            "lies: from %(low).1f to %(high).1f after the latest series."
        )
        % {"start": means[0], "end": means[-1], "low": band[-1][0], "high": band[-1][1]},
    )


def _date(moment) -> str:
    return timezone.localdate(moment).isoformat()


@dataclass(frozen=True)
class SeatLine:
    name: str
    total: int
    won: bool


@dataclass(frozen=True)
class HistoryLine:
    sheet: Any
    game: Any
    seats: list[SeatLine]


def history_lines(sheets) -> list[HistoryLine]:
    """Series loaded ``with_seats``, as the history page lists them."""
    return [
        HistoryLine(
            sheet,
            game_label(sheet.rules.get("game")),
            [
                SeatLine(
                    seat.player.name,
                    sheet.totals.get(str(seat.player_id), 0),
                    seat.player_id == sheet.winner_id,
                )
                for seat in sheet.seats.all()
            ],
        )
        for sheet in sheets
    ]
