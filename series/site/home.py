"""The home page: each of the member's clubs with its open series, the deals
waiting for their confirmation, tonight's night and the nights planned; the
public clubs for a visitor; the federations the member belongs to."""

from __future__ import annotations

from django.shortcuts import render

from series.clubs import selectors as club_selectors
from series.clubs.access import Access, allows
from series.federations import selectors as federation_selectors
from series.nights import pages_data as night_pages
from series.nights import planned as planned_nights
from series.sheets import selectors


def home(request):
    memberships = club_selectors.user_memberships(request.user)
    sheets = selectors.open_series(club_ids=[m.club_id for m in memberships])
    waiting = selectors.deals_waiting_for(request.user, sheets)
    tonight = night_pages.tonight_by_club(request.user) if memberships else {}
    planned = planned_nights.planned_by_club([m.club for m in memberships], request.user)
    clubs = [
        {
            "club": m.club,
            "to_confirm": [(sheet, n) for sheet, n in waiting if sheet.club_id == m.club_id],
            "role": m.get_role_display(),
            "is_admin": allows(m.role, m.club, Access.ADMINISTER),
            "can_score": allows(m.role, m.club, Access.SCORE),
            "series": [sheet for sheet in sheets if sheet.club_id == m.club_id],
            "tonight": tonight.get(m.club_id),
            "planned": planned.get(m.club_id, []),
        }
        for m in memberships
    ]
    public_clubs = [] if request.user.is_authenticated else club_selectors.public_clubs()
    context = {
        "clubs": clubs,
        "public_clubs": public_clubs,
        "federations": federation_selectors.federations_for(request.user),
    }
    return render(request, "home.html", context)
