"""Club pages: create a club, its settings, its players (the roster), its
members and invitations, and joining through an invitation link. Thin:
form → service, selector → render.

An invitation's token appears in one URL only, the link itself: opening it
puts the token in the session and redirects to ``/join/``, so the token is
never in a URL again (nor in a log of one) once it was used.
"""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from django.views.decorators.http import require_http_methods, require_safe

from series.accounts import subscriptions
from series.clubs import membership
from series.clubs import players as player_services
from series.clubs import selectors as club_selectors
from series.clubs import services as club_services
from series.clubs.access import Access, allows
from series.clubs.forms import (
    AddPlayersForm,
    ClubForm,
    GuestForm,
    InvitationForm,
    LinkForm,
    MergeForm,
    PlayerForm,
    RenameForm,
    RevokeForm,
    RoleForm,
    rules_initial,
)
from series.clubs.page_access import club_page
from series.domain import names as domain_names
from series.domain.errors import DomainError
from series.web.forms import submit
from series.web.messages import render as error_message

MADE_SESSION_KEY = "invitation-made"  # a new link's token, until its page shows it
JOIN_SESSION_KEY = "invitation_token"


def _save(form, write):
    """The service's result for a valid form; None when the form or the service
    refuses (the refusal becomes the form's error, in the page's language)."""
    if not form.is_valid():
        return None
    try:
        return write(form.cleaned_data)
    except DomainError as error:
        form.add_error(error.field if error.field in form.fields else None, error_message(error))
        return None


@login_required
@require_http_methods(["GET", "POST"])
def club_new(request):
    form = ClubForm(request.POST or None)

    def create(data):
        try:
            return club_services.club_create(
                name=data["name"],
                slug=data["slug"] or None,
                public=data["public"],
                admin=request.user,
                default_rules=form.default_rules(),
                time_zone=data["time_zone"],
            )
        except DomainError as error:
            if error.code == "slug_unavailable":  # the form offers the free one
                form.data = form.data.copy()
                form.data["slug"] = error.params["free"]
            raise

    club = request.method == "POST" and _save(form, create)
    if club:
        messages.success(
            request, _("The club %(name)s is ready. Add its players next.") % {"name": club.name}
        )
        return redirect("roster", slug=club.slug)
    return render(
        request, "clubs/club_new.html", {"form": form}, status=422 if form.errors else 200
    )


@require_http_methods(["GET", "POST"])
@club_page(Access.ADMINISTER)
def club_settings(request, club):
    initial = {
        "name": club.name,
        "public": club.public,
        "time_zone": club.time_zone,
        "deals_need_confirmation": club.deals_need_confirmation,
        "results_by_email": club.results_by_email,
        **rules_initial(club.default_rules),
    }
    form = ClubForm(request.POST or None, initial=initial, with_slug=False)
    if request.method == "POST" and _save(
        form,
        lambda data: club_services.club_update(
            club=club,
            name=data["name"],
            public=data["public"],
            default_rules=form.default_rules(),
            time_zone=data["time_zone"],
            deals_need_confirmation=data["deals_need_confirmation"],
            results_by_email=data["results_by_email"],
        ),
    ):
        messages.success(request, _("Saved."))
        return redirect("club_settings", slug=club.slug)
    return render(request, "clubs/club_settings.html", {"club": club, "form": form})


# -- members and invitations ---------------------------------------------------------


@require_http_methods(["GET", "POST"])
@club_page(Access.MEMBER)
def members(request, club):
    is_admin = allows(request.club_role, club, Access.ADMINISTER)
    invite = InvitationForm()
    action = request.POST.get("action")
    if action and not is_admin:
        messages.error(request, _("Only the club's admins change members and invitations."))
        return redirect("members", slug=club.slug)
    if action == "invite":
        invite = InvitationForm(request.POST)
        made = _save(
            invite,
            lambda d: membership.invitation_create(
                club=club,
                role=d["role"],
                created_by=request.user,
                days=d["days"],
                multi_use=d["multi_use"],
            ),
        )
        if made:
            return _invitation_made(request, club, made)
    elif action in MEMBER_ACTIONS and _member_action(request, club, action):
        messages.success(request, _("Saved."))
        return redirect("members", slug=club.slug)
    context = {
        "club": club,
        "is_admin": is_admin,
        "members": club_selectors.club_members(club=club),
        "invitations": club_selectors.club_invitations(club=club) if is_admin else [],
        "invite": invite,
        "roles": RoleForm.base_fields["role"].choices,
    }
    return render(request, "clubs/members.html", context, status=422 if action else 200)


MEMBER_ACTIONS = {
    "role": (
        RoleForm,
        lambda club, user, d: membership.member_set(club=club, user=user, role=d["role"]),
    ),
    "revoke": (
        RevokeForm,
        lambda club, _user, d: membership.invitation_revoke(
            club=club, invitation_id=d["invitation"]
        ),
    ),
}


@require_http_methods(["GET", "POST"])
@club_page(Access.ADMINISTER)
def member_remove(request, club, user_id: int):
    """Ask first, naming the member; a tap on the members page removes nobody."""
    user = club_selectors.club_member_user(club=club, user_id=user_id)
    if user is None and request.method == "POST":
        # Sent again (a double tap, a lost answer): the removal stands, as the
        # first answer said; naming them would name any account by its id.
        messages.success(request, _("That person is no longer a member of the club."))
        return redirect("members", slug=club.slug)
    if user is None:
        messages.error(request, _("That person is not a member of the club."))
        return redirect("members", slug=club.slug)
    if request.method == "POST":
        try:
            membership.member_remove(club=club, user=user)
        except DomainError as error:
            messages.error(request, error_message(error))
            return redirect("members", slug=club.slug)
        messages.success(
            request,
            _("%(name)s is no longer a member of the club.") % {"name": user.get_username()},
        )
        return redirect("members", slug=club.slug)
    return render(request, "clubs/member_remove.html", {"club": club, "member": user})


def _member_action(request, club, action: str) -> bool:
    form_class, write = MEMBER_ACTIONS[action]
    form = form_class(request.POST)
    if not form.is_valid():
        return False
    user = None
    if "user" in form.cleaned_data:
        user = club_selectors.club_member_user(club=club, user_id=form.cleaned_data["user"])
        if user is None:
            messages.error(request, _("That person is not a member of the club."))
            return False
    try:
        write(club, user, form.cleaned_data)
    except DomainError as error:
        messages.error(request, error_message(error))
        return False
    return True


def _invitation_made(request, club, made):
    """Show the new link on a page of its own, so that reloading it sends nothing
    again: the token waits in the session until that page shows it, once."""
    request.session[MADE_SESSION_KEY] = made.token
    return redirect("invitation_made", slug=club.slug)


@require_safe
@club_page(Access.ADMINISTER)
def invitation_made(request, club):
    token = request.session.pop(MADE_SESSION_KEY, "")
    invitation = membership.invitation_for(token) if token else None
    if invitation is None or invitation.club_id != club.id:
        messages.info(request, _("An invitation link is shown once. Make a new one if it is lost."))
        return redirect("members", slug=club.slug)
    url = request.build_absolute_uri(reverse("join_link", args=[token]))
    context = {"club": club, "invitation": invitation, "url": url}
    return render(request, "clubs/invitation_made.html", context)


# -- joining ----------------------------------------------------------------------------


@require_safe
def join_link(request, token: str):
    """The link itself: keep the token in the session and leave this URL at once."""
    request.session[JOIN_SESSION_KEY] = token
    return redirect("join")


@require_http_methods(["GET", "POST"])
def join(request):
    token = request.session.get(JOIN_SESSION_KEY, "")
    invitation = membership.invitation_for(token) if token else None
    refused = membership.refusal(invitation)
    if refused is not None:
        request.session.pop(JOIN_SESSION_KEY, None)
        context = {"problem": error_message(refused)}
        return render(request, "clubs/join.html", context, status=410 if invitation else 404)
    role = club_selectors.club_role(user=request.user, club=invitation.club)
    if request.method == "POST" and request.user.is_authenticated:
        try:
            membership.invitation_accept(token=token, user=request.user)
        except DomainError as error:
            return render(request, "clubs/join.html", {"problem": error_message(error)}, status=410)
        request.session.pop(JOIN_SESSION_KEY, None)
        messages.success(request, _("Welcome to %(club)s.") % {"club": invitation.club.name})
        if request.POST.get("results_by_email"):
            results = subscriptions.results_by_email_set(
                user=request.user, on=True, language=request.LANGUAGE_CODE
            )
            messages.success(request, _results_asked(results))
        return redirect("home")
    context = {
        "invitation": invitation,
        "club": invitation.club,
        "role": role,
        "next": reverse("join"),
        "results": subscriptions.results_by_email(request.user)
        if request.user.is_authenticated
        else None,
    }
    return render(request, "clubs/join.html", context)


def _results_asked(results) -> str:
    """What a member who ticked results by e-mail as they joined is told."""
    if not results.address:
        return _("Add your e-mail address on your account page: your results are sent there.")
    if not results.confirmed:
        return _("A link was sent to %(email)s: open it, and your results are sent there.") % {
            "email": results.address
        }
    return _("Your results are sent to %(email)s after each club night.") % {
        "email": results.address
    }


# -- the club's players (the roster): names, guests, merges, retirements, accounts --

ROSTER_CHANGED = gettext_lazy(
    "Someone changed the club's players while this page was open: "
    "check the list, then send it again."
)


@require_http_methods(["GET", "POST"])
@club_page(Access.ADMINISTER)
def roster_page(request, club):
    players = club_selectors.players_with_roster(club)
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
        if submit(
            form,
            lambda data: write(club, data, _recording(form, request)),
            names=names,
            changed=str(ROSTER_CHANGED),
        ):
            messages.success(request, _("Saved."))
            _warn_of_lookalikes(request, action, form.cleaned_data, players)
            return redirect("roster", slug=club.slug)
    context = {
        "club": club,
        "players": players,
        "forms": forms,
        "names": names,
        "version": player_services.roster_version(club) if action else version,
        "failed": forms.get(action) if action in ROW_ACTIONS else None,
    }
    return render(request, "clubs/roster.html", context, status=422 if action else 200)


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
    if hasattr(form, "recording"):
        return form.recording(request)
    return {"actor_id": request.user.id}


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
