"""The league's pages: thin functions, selector → render; form → service.

Anyone reads a public club's league; members read their club's; admins edit
the ladder rules and the seasons (the club's players are the clubs' pages:
``series.clubs.views.roster_page``). A private club is a 404 to
those not in it (anonymous visitors are asked to sign in first, as on the
other pages).
"""

from __future__ import annotations

from urllib.parse import urlencode
from uuid import UUID

from django.contrib import messages
from django.core.paginator import Paginator
from django.http import Http404
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_http_methods, require_safe

from series.clubs import selectors as club_selectors
from series.clubs.access import Access, allows
from series.clubs.page_access import club_page, refuse_access
from series.league import csv_export, nights, player_record, selectors, services
from series.league import history as history_of
from series.league.forms import LadderForm, SeasonForm, SeasonRemoveForm
from series.league.presentation import game_choices, history_lines, player_page_context
from series.league.selectors import league_games
from series.nights import selectors as night_selectors
from series.nights.planned import planned_nights
from series.sheets import selectors as series_selectors
from series.web.forms import submit

HISTORY_PAGE = 50


def _game(request) -> str:
    game = request.GET.get("game") or league_games()[0]
    if game not in league_games():
        raise Http404
    return game


def _season(club, key: str | None) -> selectors.SeasonChoice:
    choice = selectors.season_choice(club, key or None)
    if choice is None:
        raise Http404
    return choice


def _is_admin(request, club) -> bool:
    return allows(getattr(request, "club_role", None), club, Access.ADMINISTER)


# -- reading ----------------------------------------------------------------------


@require_safe
@club_page(Access.READ)
def league_page(request, club):
    game = _game(request)
    choice = _season(club, request.GET.get("season"))
    table = selectors.standings(club, game, choice)
    context = {
        "club": club,
        "game": game,
        "games": game_choices(),
        "choice": choice,
        "standings": table,
        "night_standings": nights.night_standings_of(
            club, choice.chosen, choice.named, selectors.ladder_rules(club), game
        ),
        "records": selectors.club_records(club, game, choice.named),
        "updating": table.updating,
        "is_admin": _is_admin(request, club),
        "planned": planned_nights([club], request.user),  # the club's home: nights to come
    }
    return render(request, "league/league.html", context)


@require_safe
@club_page(Access.READ)
def standings_csv(request, club):
    game = _game(request)
    choice = _season(club, request.GET.get("season"))
    table = selectors.standings(club, game, choice)
    return csv_export.standings_response(club, table)


@require_safe
@club_page(Access.READ)
def history_page(request, club):
    key = request.GET.get("season") or None
    choice = _season(club, key)
    game = request.GET.get("game") or None
    if game is not None and game not in league_games():
        raise Http404
    player = _int(request.GET.get("player"))
    players = history_of.same_person(player) if player else None
    sheets = history_of.club_history(club, choice if key else None, players=players, game=game)
    page = Paginator(sheets, HISTORY_PAGE).get_page(request.GET.get("page"))
    history_of.with_seats(page.object_list)
    query = {"season": key or "", "game": game or "", "player": player or ""}
    context = {
        "club": club,
        "choice": choice,
        "season_key": key,
        "game": game,
        "games": game_choices(),
        "player": player,
        "page": page,
        "players": club_selectors.players_with_roster(club),
        "rows": history_lines(page.object_list),
        "query": urlencode(query),
    }
    return render(request, "league/history.html", context)


def _int(value: str | None) -> int | None:
    try:
        return int(value) if value else None
    except ValueError:
        raise Http404 from None


@require_safe
def player_page(request, slug: str, player_id: int):
    player = player_record.player_with_club(player_id)
    club = player.club if player is not None and player.club.slug == slug else None
    refused = refuse_access(request, club, Access.READ)
    if refused is not None:
        return refused
    person = player_record.person_of(player)
    if person != player.id:
        return redirect("league:player", slug=slug, player_id=person)
    named = selectors.named_seasons(player.club_id)
    record = player_record.player_record(player)
    page = player_record.series_page(person, request.GET.get("page"), record.series_count)
    context = player_page_context(record, named, page)
    context["updating"] = selectors.updating(player.club)
    context["nights"] = nights.players_nights(player, record.merged)
    context["tonight"] = night_selectors.tonight([player.id])
    return render(request, "league/player.html", context)


@require_safe
def sheet_csv(request, series_id: UUID):
    sheet = series_selectors.series_sheet(series_id)
    refused = refuse_access(request, sheet.club if sheet else None, Access.READ)
    if refused is not None:
        return refused
    return csv_export.sheet_response(series_selectors.series_sheet_rows(sheet))


# -- admins -------------------------------------------------------------------------


@require_http_methods(["GET", "POST"])
@club_page(Access.ADMINISTER)
def ladder_settings(request, club):
    rules = selectors.ladder_rules(club)
    ladder = LadderForm(
        initial={
            "min_series": rules.min_series,
            "best_n": rules.best_n,
            "night_count": rules.night_count,
            "night_min": rules.night_min,
            "night_best": rules.night_best,
            "provisional_last": "last" if rules.provisional_last else "",
        }
    )
    season = SeasonForm()
    action = request.POST.get("action")
    done = None
    if action == "ladder":
        ladder = LadderForm(request.POST)
        done = submit(ladder, lambda data: services.ladder_set(club=club, **data))
    elif action == "season_add":
        season = SeasonForm(request.POST)
        done = submit(season, lambda data: services.season_add(club=club, **data))
    elif action == "season_remove":
        done = submit(
            SeasonRemoveForm(request.POST),
            lambda data: services.season_remove(club=club, key=data["key"]),
        )
    if done:
        messages.success(request, _("Saved."))
        return redirect("league:settings", slug=club.slug)
    context = {
        "club": club,
        "ladder": ladder,
        "season": season,
        "seasons": selectors.named_seasons(club.id),
    }
    return render(request, "league/settings.html", context, status=422 if action else 200)
