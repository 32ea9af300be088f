"""The federations' pages: thin functions, selector → render; form → service.

Anyone signed in makes a federation; its admins renew its join link and answer
the clubs that ask; a club's admin joins with the link; anyone reads a public
federation's ranking list and a person's results (RULES D-25); a member
confirms their players across clubs on their account's page.
"""

from __future__ import annotations

import re

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.paginator import Paginator
from django.http import Http404, HttpResponse, HttpResponseNotAllowed
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_http_methods, require_POST, require_safe

from series.domain.errors import DomainError
from series.federations import persons, selectors, services
from series.federations.forms import FederationForm, InitialsForm, JoinForm, PlayerForm
from series.league.csv_export import _response
from series.league.presentation import game_label
from series.models import Club, Federation, FederationMember, Membership
from series.web.forms import submit
from series.web.messages import render as error_message

PAGE = 50


def _readable(request, slug: str) -> Federation:
    federation = selectors.federation_by_slug(slug)
    if federation is None or not selectors.may_read(federation, request.user):
        raise Http404
    return federation


def _game(request, federation: Federation) -> tuple[str | None, list[str]]:
    games = selectors.games_played(federation)
    game = request.GET.get("game") or (games[0] if games else None)
    if game is not None and game not in games:
        raise Http404
    return game, games


def _page_number(request) -> int:
    """The page asked for: 1 unless it is a plain number (ASCII digits), at most 10⁶."""
    raw = request.GET.get("page") or "1"
    if not re.fullmatch(r"[0-9]{1,7}", raw):
        return 1
    return min(max(int(raw), 1), 10**6)


def _link_page(request, federation: Federation, token: str, status: int = 200) -> HttpResponse:
    url = request.build_absolute_uri(reverse("federations:join", args=[federation.slug, token]))
    return render(
        request, "federations/link.html", {"federation": federation, "url": url}, status=status
    )


# -- making and running a federation -----------------------------------------------------


@login_required
@require_http_methods(["GET", "POST"])
def federation_new(request):
    form = FederationForm(request.POST or None)
    made = request.method == "POST" and submit(
        form,
        lambda data: services.federation_create(
            user=request.user, name=data["name"], slug=data["slug"], public=data["public"]
        ),
    )
    if made:
        return _link_page(request, form.written.federation, form.written.token, 201)
    return render(
        request, "federations/new.html", {"form": form}, status=422 if form.errors else 200
    )


@login_required
@require_POST
def link_new(request, slug: str):
    federation = _readable(request, slug)
    try:
        token = services.link_renew(federation=federation, user=request.user)
    except services.Forbidden:
        raise Http404 from None
    return _link_page(request, federation, token, 201)


def _asking_clubs(federation: Federation, user) -> list[Club]:
    """The clubs ``user`` runs that are in the federation or ask to join it."""
    if not user.is_authenticated:
        return []
    return list(
        Club.objects.filter(
            memberships__user=user,
            memberships__role=Membership.Role.ADMIN,
            federations__federation=federation,
            federations__status__in=(FederationMember.PENDING, FederationMember.ACTIVE),
        ).order_by("name")
    )


def _clubs_run(user) -> list[Club]:
    return list(
        Club.objects.filter(memberships__user=user, memberships__role=Membership.Role.ADMIN)
        .order_by("name")
        .distinct()
    )


@login_required
@require_http_methods(["GET", "POST"])
def member_answer(request, slug: str, club: str, action: str):
    """A federation admin accepts a club; either side ends its membership (or its
    request) after a confirmation page: its nights leave the ranking list."""
    federation = selectors.federation_by_slug(slug)
    member = Club.objects.filter(slug=club).first()
    if federation is None or member is None or action not in ("accept", "end"):
        raise Http404
    if not (
        selectors.may_read(federation, request.user)
        or member in _asking_clubs(federation, request.user)
    ):
        raise Http404  # a private federation: only its clubs' side knows it
    membership = FederationMember.objects.filter(federation=federation, club=member).first()
    status = membership.status if membership else None
    if request.method == "GET" and action == "accept":
        return HttpResponseNotAllowed(["POST"])  # accepting removes nothing: one tap
    if request.method == "GET":
        if status not in (FederationMember.PENDING, FederationMember.ACTIVE):
            raise Http404
        by_federation = services.is_admin(federation, request.user)
        if not (by_federation or services.administers_club(member, request.user)):
            raise Http404
        context = {
            "federation": federation,
            "club": member,
            "pending": status == FederationMember.PENDING,
            "by_federation": by_federation,
            "back": selectors.may_read(federation, request.user),
        }
        return render(request, "federations/member_end.html", context)
    write = services.club_accept if action == "accept" else services.membership_end
    try:
        write(federation=federation, club=member, user=request.user)
    except services.Forbidden:
        raise Http404 from None
    except DomainError as error:
        messages.error(request, error_message(error))
    else:
        if action == "end":
            messages.success(request, _ended(member, federation, status))
    if not selectors.may_read(federation, request.user):
        return redirect("home")
    return redirect("federations:federation", slug=federation.slug)


def _ended(club: Club, federation: Federation, status: str | None) -> str:
    names = {"club": club.name, "federation": federation.name}
    if status == FederationMember.PENDING:
        return _("%(club)s no longer asks to join %(federation)s.") % names
    return _("%(club)s is no longer a member of %(federation)s.") % names


@login_required
@require_http_methods(["GET", "POST"])
def ask(request, slug: str):
    """A club's admin asks to join a federation whose page they read, without its
    link: a federation admin answers (at once when they run the federation too)."""
    federation = _readable(request, slug)
    taken = {club.id for club in _asking_clubs(federation, request.user)}
    clubs = [club for club in _clubs_run(request.user) if club.id not in taken]
    if not clubs:
        return redirect("federations:federation", slug=federation.slug)
    form = JoinForm(request.POST or None, clubs=clubs)

    def asked(data):
        club = next(c for c in clubs if c.slug == data["club"])
        return services.club_join(
            federation=federation, club=club, user=request.user, names_shown=data["names_shown"]
        )

    if request.method == "POST" and submit(form, asked):
        names = {"name": federation.name}
        if services.is_member(form.written):
            messages.success(request, _("Your club is a member of %(name)s.") % names)
        else:
            messages.success(
                request,
                _("Your club asks to join %(name)s: the federation's admins answer.") % names,
            )
        return redirect("federations:federation", slug=federation.slug)
    context = {"federation": federation, "form": form}
    return render(request, "federations/ask.html", context, status=422 if form.errors else 200)


@login_required
@require_http_methods(["GET", "POST"])
def join(request, slug: str, token: str):
    """A club's admin joins the federation with its link."""
    federation = selectors.federation_by_slug(slug)
    if federation is None or not (
        federation.public
        or selectors.may_read(federation, request.user)
        or services.link_known(federation, token)
    ):
        raise Http404  # a private federation shows itself only to its link's holders
    clubs = list(
        Club.objects.filter(
            memberships__user=request.user, memberships__role=Membership.Role.ADMIN
        ).order_by("name")
    )
    form = JoinForm(request.POST or None, clubs=clubs)

    def joined(data):
        club = next(c for c in clubs if c.slug == data["club"])
        return services.club_join(
            federation=federation,
            club=club,
            user=request.user,
            token=token,
            names_shown=data["names_shown"],
        )

    if request.method == "POST" and submit(form, joined):
        messages.success(
            request, _("Your club is a member of %(name)s.") % {"name": federation.name}
        )
        return redirect("federations:federation", slug=federation.slug)
    context = {"federation": federation, "form": form, "clubs": clubs}
    return render(request, "federations/join.html", context, status=422 if form.errors else 200)


# -- reading ------------------------------------------------------------------------------


@require_safe
def federation_page(request, slug: str):
    federation = selectors.federation_by_slug(slug)
    if federation is not None and not selectors.may_read(federation, request.user):
        asking = _asking_clubs(federation, request.user)
        if asking:  # a private federation's list waits until their club is accepted
            context = {"federation": federation, "clubs": asking}
            return render(request, "federations/asking.html", context)
    federation = _readable(request, slug)
    game, games = _game(request, federation)
    page = Paginator(range(0), PAGE).get_page(1)
    lines = []
    if game is not None:
        number = _page_number(request)
        count, lines = selectors.ranking(federation, game, offset=(number - 1) * PAGE, limit=PAGE)
        page = Paginator(range(count), PAGE).get_page(number)
    context = {
        "federation": federation,
        "game": game,
        "game_label": game_label(game) if game else "",
        "games": [(choice, game_label(choice)) for choice in games],
        "lines": lines,
        "page": page,
        "members": selectors.members(federation),
        "is_admin": services.is_admin(federation, request.user),
        "runs": {club.id for club in _asking_clubs(federation, request.user)},
    }
    context["asking"] = [m for m in context["members"] if m.status == "pending"]
    # A club of theirs is not in it yet: it may ask to join (``ask``).
    run = _clubs_run(request.user) if request.user.is_authenticated else []
    context["may_ask"] = any(club.id not in context["runs"] for club in run)
    return render(request, "federations/federation.html", context)


@require_safe
def person_page(request, slug: str, person: str):
    federation = _readable(request, slug)
    game, _games = _game(request, federation)
    if game is None:
        raise Http404
    number = _page_number(request)
    found = selectors.person_results(
        federation, game, person, offset=(number - 1) * PAGE, limit=PAGE
    )
    if found is None:
        raise Http404
    page = Paginator(range(found.score.results), PAGE).get_page(number)
    context = {"federation": federation, "game": game, "found": found, "page": page}
    return render(request, "federations/person.html", context)


@require_safe
def ranking_csv(request, slug: str) -> HttpResponse:
    """The whole list of a game, as the API lists it, one line a person."""
    federation = _readable(request, slug)
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


# -- a person's players across clubs ----------------------------------------------------------


@login_required
@require_http_methods(["GET", "POST"])
def account_players(request):
    """The member's players in every club: confirm each that is them (RULES D-25)."""
    action = request.POST.get("action")
    if request.method == "POST" and action in ("confirm", "withdraw"):
        form = PlayerForm(request.POST)

        def write(data):
            if action == "withdraw":
                return persons.link_withdraw(user=request.user, player_id=data["player"])
            club = Club.objects.filter(players__id=data["player"]).values_list("slug", flat=True)
            return persons.link_confirm(
                user=request.user, club_slug=club.first() or "", player_id=data["player"]
            )

        if submit(form, write):
            messages.success(request, _("Saved."))
            return redirect("federations:account_players")
        for error in form.non_field_errors() or [e for es in form.errors.values() for e in es]:
            messages.error(request, error)
        return redirect("federations:account_players")
    initials = InitialsForm(
        request.POST if action == "initials" else None,
        initial={"initials_only": persons.initials_only(request.user)},
    )
    if action == "initials" and submit(
        initials,
        lambda data: persons.initials_choose(
            user=request.user, initials_only=data["initials_only"]
        ),
    ):
        messages.success(request, _("Saved."))
        return redirect("federations:account_players")
    context = {"linked": persons.linked_players(request.user), "initials": initials}
    return render(request, "federations/account_players.html", context)
