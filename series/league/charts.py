"""Charts drawn on the server as inline SVG (no script, no CDN).

``line_panel`` draws one series of numbers over time as a line with its
lowest and highest values marked, and a band around it where the panel has
one (a rating's uncertainty); the page puts a text alternative (a sentence
and a table of the values) beside it.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from django.utils.formats import number_format
from django.utils.html import format_html, format_html_join
from django.utils.safestring import SafeString

WIDTH, HEIGHT = 320, 120
LEFT, RIGHT, TOP, BOTTOM = 34, 6, 8, 18


@dataclass(frozen=True)
class Panel:
    title: str
    values: Sequence[float]
    colour: str = "#0b3d91"
    band: Sequence[tuple[float, float]] = ()  # (low, high) at each value


def _scale(values: Sequence[float]) -> tuple[float, float]:
    low, high = min(values), max(values)
    if high == low:
        return low - 1, high + 1
    return low, high


def _points(values: Sequence[float], scale: Sequence[float]) -> list[tuple[float, float]]:
    low, high = _scale(scale)
    width, height = WIDTH - LEFT - RIGHT, HEIGHT - TOP - BOTTOM
    step = width / max(len(values) - 1, 1)
    return [
        (LEFT + index * step, TOP + height * (high - value) / (high - low))
        for index, value in enumerate(values)
    ]


def line_panel(panel: Panel, *, chart_id: str, description: str) -> SafeString:
    """One panel: an ``<svg role="img">`` titled and described for screen readers."""
    if not panel.values:
        return SafeString("")
    scale = [*panel.values, *(edge for pair in panel.band for edge in pair)]
    points = _points(panel.values, scale)
    low, high = min(scale), max(scale)
    path = " ".join(f"{x:.1f},{y:.1f}" for x, y in points)
    band = SafeString("")
    if panel.band:
        lows = _points([pair[0] for pair in panel.band], scale)
        highs = _points([pair[1] for pair in panel.band], scale)
        outline = " ".join(f"{x:.1f},{y:.1f}" for x, y in [*highs, *reversed(lows)])
        band = format_html(
            '<polygon points="{}" fill="{}" fill-opacity="0.15" stroke="none"/>',
            outline,
            panel.colour,
        )
    dots = format_html_join(
        "",
        '<circle cx="{}" cy="{}" r="2" fill="{}"/>',
        ((f"{x:.1f}", f"{y:.1f}", panel.colour) for x, y in points),
    )
    return format_html(
        '<svg class="chart" viewBox="0 0 {w} {h}" role="img" aria-labelledby="{id}-t {id}-d">'
        '<title id="{id}-t">{title}</title><desc id="{id}-d">{desc}</desc>'
        '<line x1="{l}" y1="{top}" x2="{l}" y2="{bottom}" stroke="#767676"/>'
        '<line x1="{l}" y1="{bottom}" x2="{right}" y2="{bottom}" stroke="#767676"/>'
        '<text x="{tx}" y="{top_text}" font-size="9" text-anchor="end">{high}</text>'
        '<text x="{tx}" y="{bottom}" font-size="9" text-anchor="end">{low}</text>'
        '<text x="{l}" y="{label_y}" font-size="10" aria-hidden="true">{title}</text>{band}'
        '<polyline points="{path}" fill="none" stroke="{colour}" stroke-width="1.5"/>{dots}</svg>',
        w=WIDTH,
        h=HEIGHT,
        id=chart_id,
        title=panel.title,
        desc=description,
        l=LEFT,
        top=TOP,
        bottom=HEIGHT - BOTTOM,
        right=WIDTH - RIGHT,
        tx=LEFT - 3,
        top_text=TOP + 8,
        label_y=HEIGHT - 3,
        high=_number(high),
        low=_number(low),
        path=path,
        colour=panel.colour,
        dots=dots,
        band=band,
    )


def _number(value: float) -> str:
    """An axis label written as the page's tables write it (1.5, or 1,5 in Italian)."""
    return number_format(value, decimal_pos=1)
