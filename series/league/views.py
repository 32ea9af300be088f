"""The league's pages: thin functions, selector → render; form → service.

Anyone reads a public club's league; members read their club's; admins edit
the ladder rules, the seasons and the roster. A private club is a 404 to
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

from series.clubs import players as player_services
from series.clubs import selectors as club_selectors
from series.clubs.access import Access, allows
from series.domain import names as domain_names
from series.domain.errors import DomainError
from series.eventstore.store import VersionConflict
from series.league import csv_export, nights, player_record, selectors, services
from series.league import history as history_of
from series.league.forms import (
    AddPlayersForm,
    GuestForm,
    LadderForm,
    LinkForm,
    MergeForm,
    PlayerForm,
    RenameForm,
    SeasonForm,
    SeasonRemoveForm,
)
from series.league.presentation import game_choices, history_lines, player_page_context
from series.league.selectors import league_games
from series.nights import selectors as night_selectors
from series.sheets import selectors as series_selectors
from series.web.messages import render as error_message
from series.web.page_access import club_page, refuse_access

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
            club, choice.chosen, choice.named, selectors.ladder_rules(club)
        ),
        "records": selectors.club_records(club, game, choice.named),
        "updating": table.updating,
        "is_admin": _is_admin(request, club),
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
        "players": history_of.players_with_roster(club),
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
        }
    )
    season = SeasonForm()
    action = request.POST.get("action")
    done = None
    if action == "ladder":
        ladder = LadderForm(request.POST)
        done = _submit(ladder, lambda data: services.ladder_set(club=club, **data))
    elif action == "season_add":
        season = SeasonForm(request.POST)
        done = _submit(season, lambda data: services.season_add(club=club, **data))
    elif action == "season_remove":
        done = _submit(
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


def _submit(form, write, names=None) -> bool:
    """Hand a valid form's data to a service; a refusal becomes a form error,
    and a change someone made meanwhile a request to check the page again."""
    if not form.is_valid():
        return False
    try:
        write(form.cleaned_data)
    except DomainError as error:
        field = error.field if error.field in form.fields else None
        form.add_error(field, error_message(error, names))
        return False
    except VersionConflict as conflict:
        form.data = form.data.copy()
        form.data["expected_version"] = conflict.current  # sent again, it applies to today's list
        form.add_error(
            None,
            _(
                "Someone changed the club's players while this page was open: "
                "check the list, then send it again."
            ),
        )
        return False
    return True


@require_http_methods(["GET", "POST"])
@club_page(Access.ADMINISTER)
def roster_page(request, club):
    players = history_of.players_with_roster(club)
    members = club_selectors.club_members(club=club)
    names = {p.id: p.name for p in players}
    version = player_services.roster_version(club)
    forms = {
        "add": AddPlayersForm(),
        "rename": RenameForm(players=players, version=version),
        "guest": GuestForm(version=version),
        "merge": MergeForm(players=players, version=version),
        "link": LinkForm(players=players, members=members, version=version),
    }
    action = request.POST.get("action")
    if action in ROSTER_WRITES:
        form = _bound(action, request.POST, players, members)
        forms[action] = form
        write = ROSTER_WRITES[action]
        if _submit(form, lambda data: write(club, data, _recording(form, request)), names):
            messages.success(request, _("Saved."))
            _warn_of_lookalikes(request, action, form.cleaned_data, players)
            return redirect("league:roster", slug=club.slug)
    context = {
        "club": club,
        "players": players,
        "forms": forms,
        "names": names,
        "version": player_services.roster_version(club) if action else version,
        "failed": forms.get(action) if action in ROW_ACTIONS else None,
    }
    return render(request, "league/roster.html", context, status=422 if action else 200)


def _warn_of_lookalikes(request, action: str, data: dict, players) -> None:
    """A name written that only looks like a player's (a Cyrillic "а" for a
    Latin "a") is saved, with a warning: the club may have one person twice."""
    if action not in ("add", "rename", "guest"):
        return
    written = data["names"] if action == "add" else [data["name"]]
    others = [p.name for p in players if action != "rename" or p.id != data["player"]]
    for name in (line.strip() for line in written if line.strip()):
        for other in domain_names.lookalikes(name, others):
            messages.warning(
                request,
                _(
                    "“%(name)s” looks like “%(other)s”, a player of the club "
                    "already: if they are one person, merge them."
                )
                % {"name": name, "other": other},
            )
        others.append(name)  # the names of one list, each against those before it


def _recording(form, request) -> dict:
    """Who writes, with the key and version a roster form carries (not the list of names)."""
    carried = form.recording() if hasattr(form, "recording") else {}
    return {"actor_id": request.user.id, **carried}


ROSTER_WRITES = {
    "add": lambda club, d, by: player_services.players_add(club=club, names=d["names"]),
    "rename": lambda club, d, by: player_services.player_rename(
        club=club, player_id=d["player"], name=d["name"], **by
    ),
    "guest": lambda club, d, by: player_services.guest_add(club=club, name=d["name"], **by),
    "mark_guest": lambda club, d, by: player_services.guest_mark(
        club=club, player_id=d["player"], **by
    ),
    "retire": lambda club, d, by: player_services.player_retire(
        club=club, player_id=d["player"], **by
    ),
    "return": lambda club, d, by: player_services.player_return(
        club=club, player_id=d["player"], **by
    ),
    "link": lambda club, d, by: player_services.player_link(
        club=club, player_id=d["player"], user_id=d["user"], **by
    ),
    "merge": lambda club, d, by: player_services.players_merge(
        club=club, source_id=d["player"], target_id=d["target"], **by
    ),
    "unmerge": lambda club, d, by: player_services.players_unmerge(
        club=club, source_id=d["player"], **by
    ),
}


ROW_ACTIONS = ("mark_guest", "retire", "return", "unmerge")


def _bound(action: str, data, players, members):
    if action in ("rename", "merge"):
        return {"rename": RenameForm, "merge": MergeForm}[action](data, players=players)
    if action == "link":
        return LinkForm(data, players=players, members=members)
    if action in ROW_ACTIONS:  # a button on a player's row: the player is all it needs
        return PlayerForm(data)
    return {"add": AddPlayersForm, "guest": GuestForm}[action](data)
