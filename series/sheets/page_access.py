"""A series' page after the access policy's answer (``series.clubs.page_access``):
the sheet of the URL's series, at its night's table when it is one."""

from __future__ import annotations

from functools import wraps
from uuid import UUID

from series.clubs.access import Access, Table
from series.clubs.page_access import in_club_time, refuse_access
from series.sheets import selectors


def series_page(access: Access):
    """Load the series' sheet for the view, after checking the user's access."""

    def decorate(view):
        @wraps(view)
        def page(request, series_id: UUID, **kwargs):
            sheet, role = selectors.series_sheet_and_role(series_id, request.user)
            table = Table(sheet.id, sheet.night) if sheet else None
            refused = refuse_access(request, sheet.club if sheet else None, access, role, table)
            if refused is not None:
                return refused
            return in_club_time(sheet.club, view, request, sheet, **kwargs)

        return page

    return decorate
