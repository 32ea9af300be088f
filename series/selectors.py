"""Read queries for pages and the API."""

from __future__ import annotations

from .models import SeriesSheet


def recent_series(*, limit: int = 20) -> list[SeriesSheet]:
    return list(SeriesSheet.objects.select_related("club", "winner").order_by("-updated_at")[:limit])
