"""CSV downloads: a season's standings and a series' score sheet, each with a
header row. Every cell goes through ``_cell``: text a spreadsheet would run as
a formula (a player called ``=HYPERLINK(…)``, or ``|cmd`` for a DDE call, or
either behind spaces or invisible characters such as a zero-width space) is
written as text, while numbers are written as numbers, negative ones included."""

from __future__ import annotations

import csv
import unicodedata
from numbers import Real

from django.http import HttpResponse
from django.utils.translation import gettext as _

from series.league.selectors import Standings
from series.models import Club, SeriesSheet

FORMULA_STARTS = ("=", "+", "-", "@", "|", "\t", "\r", "\n", "＝", "＋", "－", "＠", "｜")


def _visible_start(text: str) -> str:
    """``text`` from its first character that shows: spaces and invisible
    format characters (zero-width space, joiners, byte-order mark) skipped,
    since a spreadsheet may skip them too before it reads a formula."""
    for index, char in enumerate(text):
        if char in "\t\r\n" or not (char.isspace() or unicodedata.category(char) in ("Cf", "Zs")):
            return text[index:]
    return ""


def _cell(value) -> object:
    """A number stays a number; text that a spreadsheet would read as a formula
    gets a leading apostrophe, so it shows as the text it is."""
    if isinstance(value, bool):
        return int(value)
    if isinstance(value, int | float) or value is None:
        return value
    text = str(value)
    if _visible_start(text).startswith(FORMULA_STARTS):
        return "'" + text
    return text


def _response(filename: str, header: list[str], rows: list[list]) -> HttpResponse:
    response = HttpResponse(content_type="text/csv; charset=utf-8")
    response["Content-Disposition"] = f'attachment; filename="{filename}"'
    writer = csv.writer(response)
    for row in [header, *rows]:
        writer.writerow([_cell(value) for value in row])
    return response


def _number(value: Real | None, digits: int = 2) -> float | str:
    """A figure rounded to ``digits`` (a fraction too); blank when there is none."""
    return "" if value is None else round(float(value), digits)


def standings_response(club: Club, table: Standings) -> HttpResponse:
    header = [
        _("rank"),
        _("player"),
        _("name"),
        _("guest"),
        _("series played"),
        _("series won"),
        _("deals played"),
        _("went out"),
        _("went out rate"),
        _("penalty total"),
        _("penalty per deal"),
        _("tiebreaks played"),
        _("tiebreaks won"),
        _("rating"),
        # The page's placement column (RULES D-16): its points, and their mean a series.
        _("Placement"),
        _("points / a series"),
    ]
    rows = [
        [
            row.rank or "",
            row.player,
            row.name,
            int(row.guest),
            row.figures.series_played,
            row.figures.series_won,
            row.figures.deals_played,
            row.figures.went_out,
            _number(row.figures.went_out_rate, 3),
            row.figures.penalty_total,
            _number(row.figures.penalty_per_deal),
            row.figures.tiebreaks_played,
            row.figures.tiebreaks_won,
            _number(row.rating),
            _number(row.placement_points),
            _number(row.placement_per_series),
        ]
        for row in table.rows
    ]
    filename = f"{club.slug}-{table.season.key}-{table.game}-standings.csv"
    return _response(filename, header, rows)


def sheet_response(sheet: SeriesSheet) -> HttpResponse:
    """A score sheet loaded with ``series.sheets.selectors.series_sheet_rows``: no more queries."""
    seats = list(sheet.seats.all())
    points = {(score.number, score.player_id): score.points for score in sheet.scores.all()}
    header = [
        _("deal"),
        _("dealer"),
        _("went out"),
        _("tiebreak"),
        _("corrected"),
        _("void"),
        *(seat.player.name for seat in seats),
    ]
    names = {seat.player_id: seat.player.name for seat in seats}
    rows = [
        [
            line.number,
            names.get(line.dealer_id, line.dealer_id),
            names.get(line.went_out_id, "") if line.went_out_id else "",
            int(line.tiebreak),
            int(line.corrected),
            int(line.void),
            *(points.get((line.number, seat.player_id), "") for seat in seats),
        ]
        for line in sheet.deals.all()
    ]
    rows.append(
        [
            _("total"),
            "",
            "",
            "",
            "",
            "",
            *(sheet.totals.get(str(seat.player_id), 0) for seat in seats),
        ]
    )
    return _response(f"series-{sheet.id}.csv", header, rows)
