"""The federations' pages: the ranking list as CSV (RULES D-25)."""

from __future__ import annotations

from django.http import Http404, HttpResponse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_safe

from series.domain.errors import DomainError
from series.federations import selectors
from series.league.csv_export import _response


@require_safe
def ranking_csv(request, slug: str) -> HttpResponse:
    """The whole list of a game, as the API lists it, one line a person."""
    federation = selectors.federation_by_slug(slug)
    if federation is None or not selectors.may_read(federation, request.user):
        raise Http404
    game = request.GET.get("game") or "continental"
    try:
        selectors.refuse_unplayed(federation, game)
    except DomainError:
        raise Http404 from None
    _count, lines = selectors.ranking(federation, game)
    header = [
        _("Place"),
        _("Person"),
        _("Name"),
        _("Score"),
        _("Part A"),
        _("Part B"),
        _("Results"),
    ]
    rows = [
        [
            line.place,
            line.person,
            line.name,
            round(line.score, 3),
            round(line.part_a, 3),
            round(line.part_b, 3),
            line.results,
        ]
        for line in lines
    ]
    return _response(f"{federation.slug}-{game}.csv", header, rows)
