"""Clubs, their players and their members; the club's players for its admins
(the roster): guests, renames, merges, retirements and account links. Each
roster write goes through the roster's writers (``series.clubs.players``) with
the players list's version and the Idempotency-Key (``write_arguments``); a
stale version is a 409."""

from __future__ import annotations

from django.urls import reverse
from django.utils.translation import gettext_lazy as _
from drf_spectacular.utils import OpenApiParameter, OpenApiResponse, extend_schema
from rest_framework import serializers, status
from rest_framework.exceptions import NotFound
from rest_framework.permissions import IsAuthenticated
from rest_framework.response import Response

from series.api.base import (
    IDEMPOTENCY_KEY_PARAMETER,
    READ_ERRORS,
    WRITE_ERRORS,
    ApiView,
    error_responses,
    write_arguments,
)
from series.api.serializers import name_field, options_field, player_id, preset_field
from series.clubs import membership
from series.clubs import players as player_services
from series.clubs import selectors as club_selectors
from series.clubs import services as club_services
from series.clubs.access import Access
from series.clubs.api_view import PLAYER_ID, SLUG, ClubApiView
from series.domain.errors import DomainError
from series.domain.errors import _ as domain_
from series.models import Club, Membership, Player


class DefaultRulesSerializer(serializers.Serializer):
    preset = preset_field()
    options = options_field()


USERNAME = OpenApiParameter("username", str, OpenApiParameter.PATH, description="A member.")
DEFAULT_RULES_HELP = "The rules a new series starts from; {} for the plain preset."
TIME_ZONE_HELP = "An IANA time zone, e.g. Europe/Rome; empty for the server's."


class ClubsApi(ApiView):
    """One URL, two operations: GET lists the caller's clubs, POST creates one."""

    class ListOutputSerializer(serializers.Serializer):
        slug = serializers.SlugField()
        name = serializers.CharField()
        public = serializers.BooleanField()
        role = serializers.ChoiceField(
            choices=Membership.Role.choices,
            allow_null=True,
            help_text="Your role in the club; null for a public club you are not in.",
        )

    @extend_schema(
        operation_id="clubs_list",
        summary="Your clubs and your role in each (signed out: the public clubs)",
        tags=["clubs"],
        responses={200: ListOutputSerializer(many=True), **error_responses(401)},
    )
    def get(self, request):
        if request.user.is_authenticated:
            rows = [
                {"slug": m.club.slug, "name": m.club.name, "public": m.club.public, "role": m.role}
                for m in club_selectors.user_memberships(request.user)
            ]
        else:
            rows = [
                {"slug": c.slug, "name": c.name, "public": c.public, "role": None}
                for c in club_selectors.public_clubs()
            ]
        return Response(self.ListOutputSerializer(rows, many=True).data)

    class CreateInputSerializer(serializers.Serializer):
        name = name_field(max_length=100)
        slug = serializers.SlugField(
            max_length=50,
            required=False,
            help_text="Made from the name when missing. One that is not free (taken by "
            "any club, or reserved) is refused as slug_unavailable, with a free one "
            "offered in the message and in params.free.",
        )
        public = serializers.BooleanField(default=False, help_text="Anyone may read the club.")
        default_rules = DefaultRulesSerializer(required=False, help_text=DEFAULT_RULES_HELP)
        time_zone = serializers.CharField(
            required=False, allow_blank=True, help_text=TIME_ZONE_HELP
        )

    class CreateOutputSerializer(serializers.Serializer):
        slug = serializers.SlugField()
        name = serializers.CharField()
        public = serializers.BooleanField()
        default_rules = serializers.DictField()
        time_zone = serializers.CharField()

    @extend_schema(
        operation_id="club_create",
        description="The rules refuse (422): a name that is empty, too long or unreadable "
        "(`name_required`, `name_too_long`, `name_marks`); `invalid_slug`, "
        "`slug_unavailable`; `invalid_time_zone`; default rules the games do not know "
        "(`unknown_rules`, `unknown_option`, `invalid_option`).",
        summary="Create a club; you become its admin",
        tags=["clubs"],
        request=CreateInputSerializer,
        responses={201: CreateOutputSerializer, **error_responses(400, 401, 413, 415, 422)},
    )
    def post(self, request):
        data = self.validated(self.CreateInputSerializer)
        club = club_services.club_create(admin=request.user, **data)
        return Response(self.CreateOutputSerializer(club).data, status=status.HTTP_201_CREATED)


class ClubDetailApi(ClubApiView):
    class OutputSerializer(serializers.Serializer):
        slug = serializers.SlugField()
        name = serializers.CharField()
        public = serializers.BooleanField()
        deals_need_confirmation = serializers.BooleanField()
        results_by_email = serializers.BooleanField(
            help_text="A closed night's results are e-mailed to the members who asked."
        )
        role = serializers.CharField(allow_null=True, help_text="Your role in the club.")
        default_rules = serializers.DictField()
        time_zone = serializers.CharField()

    @extend_schema(
        operation_id="club_read",
        summary="A club",
        tags=["clubs"],
        parameters=[SLUG],
        responses={200: OutputSerializer, **error_responses(*READ_ERRORS)},
    )
    def get(self, request, slug):
        club = self.club_for(slug, Access.READ)
        return self._respond(club)

    class UpdateInputSerializer(serializers.Serializer):
        name = name_field(max_length=100, required=False)
        public = serializers.BooleanField(required=False, help_text="Anyone may read the club.")
        deals_need_confirmation = serializers.BooleanField(
            required=False,
            help_text="Deals wait for a second member's confirmation; the league counts a "
            "finished series once all its deals are confirmed.",
        )
        default_rules = DefaultRulesSerializer(required=False, help_text=DEFAULT_RULES_HELP)
        time_zone = serializers.CharField(
            required=False, allow_blank=True, help_text=TIME_ZONE_HELP
        )
        results_by_email = serializers.BooleanField(
            required=False,
            help_text="When a night closes, e-mail each player's result to the members who "
            "turned results on and confirmed their address (on unless turned off).",
        )

    @extend_schema(
        operation_id="club_update",
        description="The rules refuse (422): a name that is empty, too long or unreadable "
        "(`name_required`, `name_too_long`, `name_marks`); `invalid_time_zone`; default "
        "rules the games do not know (`unknown_rules`, `unknown_option`, "
        "`invalid_option`).",
        summary="Change a club's name, public pages, default rules, time zone, "
        "whether deals need confirmation or whether results are e-mailed (admins)",
        tags=["clubs"],
        parameters=[SLUG],
        request=UpdateInputSerializer,
        responses={200: OutputSerializer, **error_responses(*WRITE_ERRORS)},
    )
    def patch(self, request, slug):
        club = self.club_for(slug, Access.ADMINISTER)
        data = self.validated(self.UpdateInputSerializer)
        return self._respond(club_services.club_update(club=club, **data))

    def _respond(self, club: Club) -> Response:
        role = club_selectors.club_role(user=self.request.user, club=club)
        body = {
            "slug": club.slug,
            "name": club.name,
            "public": club.public,
            "role": role,
            "deals_need_confirmation": club.deals_need_confirmation,
            "results_by_email": club.results_by_email,
            "default_rules": club.default_rules,
            "time_zone": club.time_zone,
        }
        return Response(self.OutputSerializer(body).data)


class ClubPlayersApi(ClubApiView):
    """One URL, two operations: GET lists the club's players, POST adds one."""

    class ListOutputSerializer(serializers.Serializer):
        id = serializers.IntegerField()
        name = serializers.CharField()

    class AddInputSerializer(serializers.Serializer):
        name = name_field(max_length=60)

    class AddOutputSerializer(serializers.Serializer):
        id = serializers.IntegerField()
        name = serializers.CharField()

    @extend_schema(
        operation_id="club_players_list",
        summary="The club's players",
        tags=["clubs"],
        parameters=[SLUG],
        responses={200: ListOutputSerializer(many=True), **error_responses(*READ_ERRORS)},
    )
    def get(self, request, slug):
        club = self.club_for(slug, Access.READ)
        players = club_selectors.club_players(club=club)
        return Response(self.ListOutputSerializer(players, many=True).data)

    @extend_schema(
        operation_id="club_player_add",
        description="The rules refuse (422): a name that is empty, too long or unreadable "
        "(`name_required`, `name_too_long`, `name_marks`), or another player's "
        "(`name_taken`).",
        summary="Add a player (admins)",
        tags=["clubs"],
        parameters=[SLUG],
        request=AddInputSerializer,
        responses={201: AddOutputSerializer, **error_responses(*WRITE_ERRORS)},
    )
    def post(self, request, slug):
        club = self.club_for(slug, Access.ADMINISTER)
        data = self.validated(self.AddInputSerializer)
        player = player_services.player_add(club=club, name=data["name"])
        return Response(self.AddOutputSerializer(player).data, status=status.HTTP_201_CREATED)


class PlayerEraseApi(ClubApiView):
    class OutputSerializer(serializers.Serializer):
        id = serializers.IntegerField()
        name = serializers.CharField()

    @extend_schema(
        operation_id="player_erase",
        description="The rules refuse (422): `player_not_in_club`.",
        summary="Erase a player's personal data; scores stay (admins)",
        tags=["clubs"],
        parameters=[SLUG, OpenApiParameter("player_id", int, OpenApiParameter.PATH)],
        request=None,
        responses={200: OutputSerializer, **error_responses(*WRITE_ERRORS)},
    )
    def post(self, request, slug, player_id):
        club = self.club_for(slug, Access.ADMINISTER)
        player = player_services.player_erase(club=club, player_id=player_id)
        return Response(self.OutputSerializer(player).data)


class ClubMembersApi(ClubApiView):
    """One URL, two operations: GET lists the members, POST gives a user a role."""

    class ListOutputSerializer(serializers.Serializer):
        username = serializers.CharField(source="user.username")
        role = serializers.ChoiceField(choices=Membership.Role.choices)

    class SetInputSerializer(serializers.Serializer):
        username = serializers.CharField(max_length=150)
        role = serializers.ChoiceField(choices=Membership.Role.choices)

    class SetOutputSerializer(serializers.Serializer):
        username = serializers.CharField(source="user.username")
        role = serializers.ChoiceField(choices=Membership.Role.choices)

    @extend_schema(
        operation_id="club_members_list",
        summary="The club's members and their roles (members)",
        tags=["clubs"],
        parameters=[SLUG],
        responses={200: ListOutputSerializer(many=True), **error_responses(401, 403, 404)},
    )
    def get(self, request, slug):
        club = self.club_for(slug, Access.MEMBER)
        members = club_selectors.club_members(club=club)
        return Response(self.ListOutputSerializer(members, many=True).data)

    @extend_schema(
        operation_id="club_member_set",
        summary="Give a user a role in the club (admins)",
        description="The rules refuse (422): `user_not_addable`, a user who shares no club "
        "with you (the same answer whether the name exists or not); `last_admin`, the "
        "club's only admin given another role.",
        tags=["clubs"],
        parameters=[SLUG],
        request=SetInputSerializer,
        responses={201: SetOutputSerializer, **error_responses(*WRITE_ERRORS)},
    )
    def post(self, request, slug):
        club = self.club_for(slug, Access.ADMINISTER)
        data = self.validated(self.SetInputSerializer)
        user = club_selectors.user_addable_to(club, by=request.user, username=data["username"])
        if user is None:
            # The same answer whether the name exists or not (club_selectors.user_addable_to):
            # a rule, not a shape, so a name the schema allows is refused 422.
            raise DomainError(
                domain_("You can add only people who share a club with you."),
                code="user_not_addable",
                field="username",
            )
        member = membership.member_set(club=club, user=user, role=data["role"])
        return Response(self.SetOutputSerializer(member).data, status=status.HTTP_201_CREATED)


class ClubMemberRemoveApi(ClubApiView):
    @extend_schema(
        operation_id="club_member_remove",
        description="The rules refuse (422): `last_admin`, the club's only admin.",
        summary="Take a member out of the club; the last admin stays (admins)",
        tags=["clubs"],
        parameters=[SLUG, USERNAME],
        request=None,
        responses={204: OpenApiResponse(description="Removed."), **error_responses(*WRITE_ERRORS)},
    )
    def post(self, request, slug, username):
        club = self.club_for(slug, Access.ADMINISTER)
        user = club_selectors.club_member_by_username(club=club, username=username)
        if user is None:
            raise NotFound(_("That person is not a member of the club."))
        membership.member_remove(club=club, user=user)
        return Response(status=status.HTTP_204_NO_CONTENT)


# -- invitation links ----------------------------------------------------------------


class InvitationSerializer(serializers.Serializer):
    id = serializers.IntegerField()
    role = serializers.ChoiceField(choices=Membership.Role.choices)
    created_at = serializers.DateTimeField()
    expires_at = serializers.DateTimeField()
    multi_use = serializers.BooleanField(help_text="False: the link lets one person in.")
    uses = serializers.IntegerField()
    revoked = serializers.BooleanField()
    usable = serializers.BooleanField(help_text="Whether the link lets someone in now.")


def invitation_body(invitation) -> dict:
    return {
        "id": invitation.id,
        "role": invitation.role,
        "created_at": invitation.created_at,
        "expires_at": invitation.expires_at,
        "multi_use": invitation.max_uses is None,
        "uses": invitation.uses,
        "revoked": invitation.revoked_at is not None,
        "usable": membership.refusal(invitation) is None,
    }


class ClubInvitationsApi(ClubApiView):
    """One URL, two operations: GET lists the club's links, POST makes one."""

    class MakeInputSerializer(serializers.Serializer):
        role = serializers.ChoiceField(choices=Membership.Role.choices, default="scorer")
        days = serializers.IntegerField(
            min_value=1, max_value=membership.MAX_DAYS, default=membership.DEFAULT_DAYS
        )
        multi_use = serializers.BooleanField(
            default=False, help_text="Several people may use it; otherwise one."
        )

    class MadeOutputSerializer(InvitationSerializer):
        token = serializers.CharField(help_text="Shown once: only its hash is stored.")
        url = serializers.URLField(help_text="The link to send; opening it joins the club.")

    @extend_schema(
        operation_id="club_invitations_list",
        summary="The club's invitation links, newest first, used and withdrawn too (admins)",
        tags=["clubs"],
        parameters=[SLUG],
        responses={200: InvitationSerializer(many=True), **error_responses(401, 403, 404)},
    )
    def get(self, request, slug):
        club = self.club_for(slug, Access.ADMINISTER)
        rows = [invitation_body(i) for i in club_selectors.club_invitations(club=club)]
        return Response(InvitationSerializer(rows, many=True).data)

    @extend_schema(
        operation_id="club_invitation_create",
        description="The rules refuse (422): `invalid_days`, a link valid for fewer or more days "
        "than the club allows.",
        summary="Make an invitation link (admins)",
        tags=["clubs"],
        parameters=[SLUG],
        request=MakeInputSerializer,
        responses={201: MadeOutputSerializer, **error_responses(*WRITE_ERRORS)},
    )
    def post(self, request, slug):
        club = self.club_for(slug, Access.ADMINISTER)
        data = self.validated(self.MakeInputSerializer)
        made = membership.invitation_create(club=club, created_by=request.user, **data)
        url = request.build_absolute_uri(reverse("join_link", args=[made.token]))
        body = invitation_body(made.invitation) | {"token": made.token, "url": url}
        return Response(self.MadeOutputSerializer(body).data, status=status.HTTP_201_CREATED)


class InvitationRevokeApi(ClubApiView):
    @extend_schema(
        operation_id="club_invitation_revoke",
        summary="Withdraw an invitation link (admins)",
        tags=["clubs"],
        parameters=[SLUG, OpenApiParameter("invitation_id", int, OpenApiParameter.PATH)],
        request=None,
        responses={200: InvitationSerializer, **error_responses(400, 401, 403, 404, 413, 415)},
    )
    def post(self, request, slug, invitation_id):
        club = self.club_for(slug, Access.ADMINISTER)
        revoked = membership.invitation_revoke(club=club, invitation_id=invitation_id)
        return Response(InvitationSerializer(invitation_body(revoked)).data)


class InvitationAcceptApi(ApiView):
    permission_classes = [IsAuthenticated]

    class InputSerializer(serializers.Serializer):
        token = serializers.CharField(
            max_length=100, help_text="The token at the end of the invitation link."
        )

    class OutputSerializer(serializers.Serializer):
        club = serializers.SlugField(help_text="The club's slug.")
        role = serializers.ChoiceField(
            choices=Membership.Role.choices, help_text="A member already keeps their role."
        )

    @extend_schema(
        operation_id="invitation_accept",
        description="The rules refuse (422): a link that does not let you in: "
        "`invitation_unknown`, `invitation_revoked`, `invitation_expired`, `invitation_used`.",
        summary="Join a club with an invitation link's token",
        tags=["clubs"],
        request=InputSerializer,
        responses={201: OutputSerializer, **error_responses(400, 401, 413, 415, 422)},
    )
    def post(self, request):
        data = self.validated(self.InputSerializer)
        joined = membership.invitation_accept(token=data["token"], user=request.user)
        body = {"club": joined.club.slug, "role": joined.role}
        return Response(self.OutputSerializer(body).data, status=status.HTTP_201_CREATED)


# -- the club's players for its admins (the roster) ------------------------------


class PlayerSerializer(serializers.Serializer):
    id = serializers.IntegerField()
    name = serializers.CharField()


class RosterWriteSerializer(serializers.Serializer):
    """What every roster write may carry besides its own fields."""

    expected_version = serializers.IntegerField(
        min_value=0,
        max_value=2**31 - 1,
        required=False,
        help_text="The players list's version you last saw; if it changed since, 409.",
    )


class RosterApiView(ClubApiView):
    """A roster write about one player; the writer's arguments besides the
    view's own fields are ``write_arguments``, as for the deals."""

    def administered(self, player_id: int) -> tuple[Player, dict]:
        """The player and the view's input, validated, once the user may
        administer the player's club."""
        player = self.player_for(player_id, Access.ADMINISTER)
        return player, self.validated(self.InputSerializer)


class ClubGuestsApi(ClubApiView):
    class InputSerializer(RosterWriteSerializer):
        name = name_field(max_length=60)

    @extend_schema(
        operation_id="club_guest_add",
        description="The rules refuse (422): a name that is empty, too long or unreadable "
        "(`name_required`, `name_too_long`, `name_marks`), or another player's "
        "(`name_taken`).",
        summary="Add a guest player (admins)",
        tags=["league"],
        parameters=[SLUG, IDEMPOTENCY_KEY_PARAMETER],
        request=InputSerializer,
        responses={201: PlayerSerializer, **error_responses(*WRITE_ERRORS, 409)},
    )
    def post(self, request, slug):
        club = self.club_for(slug, Access.ADMINISTER)
        data = self.validated(self.InputSerializer)
        guest = player_services.guest_add(
            club=club, name=data["name"], **write_arguments(request, data)
        )
        return Response(PlayerSerializer(guest).data, status=status.HTTP_201_CREATED)


class PlayerGuestApi(RosterApiView):
    class InputSerializer(RosterWriteSerializer):
        pass

    class OutputSerializer(serializers.Serializer):
        player = serializers.IntegerField()
        guest = serializers.BooleanField()

    @extend_schema(
        operation_id="player_guest_mark",
        description="The rules refuse (422): `already_guest`.",
        summary="Count a player already in the club as a guest (admins)",
        tags=["league"],
        parameters=[PLAYER_ID, IDEMPOTENCY_KEY_PARAMETER],
        request=InputSerializer,
        responses={200: OutputSerializer, **error_responses(*WRITE_ERRORS, 409)},
    )
    def post(self, request, player_id):
        player, data = self.administered(player_id)
        state = player_services.guest_mark(
            club=player.club, player_id=player.id, **write_arguments(request, data)
        )
        body = {"player": player.id, "guest": player.id in state.guests}
        return Response(self.OutputSerializer(body).data)


class PlayerRenameApi(RosterApiView):
    class InputSerializer(RosterWriteSerializer):
        name = name_field(max_length=60)

    @extend_schema(
        operation_id="player_rename",
        description="The rules refuse (422): a name that is empty, too long or unreadable "
        "(`name_required`, `name_too_long`, `name_marks`), or another player's "
        "(`name_taken`).",
        summary="Rename a player (admins); history follows",
        tags=["league"],
        parameters=[PLAYER_ID, IDEMPOTENCY_KEY_PARAMETER],
        request=InputSerializer,
        responses={200: PlayerSerializer, **error_responses(*WRITE_ERRORS, 409)},
    )
    def post(self, request, player_id):
        player, data = self.administered(player_id)
        renamed = player_services.player_rename(
            club=player.club,
            player_id=player.id,
            name=data["name"],
            **write_arguments(request, data),
        )
        return Response(PlayerSerializer(renamed).data)


class MergeOutputSerializer(serializers.Serializer):
    player = serializers.IntegerField()
    person = serializers.IntegerField(help_text="Whom the player counts as now.")


class PlayerMergeApi(RosterApiView):
    class InputSerializer(RosterWriteSerializer):
        target = player_id(help_text="The player they turned out to be.")

    @extend_schema(
        operation_id="player_merge",
        description="The rules refuse (422): `merge_into_self`; `already_merged`, `target_merged`; "
        "`players_sat_together`, two players who sat at one series.",
        summary="Merge a player into another who is the same person (admins)",
        tags=["league"],
        parameters=[PLAYER_ID, IDEMPOTENCY_KEY_PARAMETER],
        request=InputSerializer,
        responses={200: MergeOutputSerializer, **error_responses(*WRITE_ERRORS, 409)},
    )
    def post(self, request, player_id):
        player, data = self.administered(player_id)
        state = player_services.players_merge(
            club=player.club,
            source_id=player.id,
            target_id=data["target"],
            **write_arguments(request, data),
        )
        body = {"player": player.id, "person": state.person(player.id)}
        return Response(MergeOutputSerializer(body).data)


class PlayerUnmergeApi(RosterApiView):
    class InputSerializer(RosterWriteSerializer):
        pass

    @extend_schema(
        operation_id="player_unmerge",
        description="The rules refuse (422): `not_merged`.",
        summary="Undo a player's merge (admins)",
        tags=["league"],
        parameters=[PLAYER_ID, IDEMPOTENCY_KEY_PARAMETER],
        request=InputSerializer,
        responses={200: MergeOutputSerializer, **error_responses(*WRITE_ERRORS, 409)},
    )
    def post(self, request, player_id):
        player, data = self.administered(player_id)
        state = player_services.players_unmerge(
            club=player.club, source_id=player.id, **write_arguments(request, data)
        )
        body = {"player": player.id, "person": state.person(player.id)}
        return Response(MergeOutputSerializer(body).data)


class RetiredSerializer(serializers.Serializer):
    player = serializers.IntegerField()
    retired = serializers.BooleanField(help_text="Left the club: kept in history, not offered.")


class PlayerRetireApi(RosterApiView):
    class InputSerializer(RosterWriteSerializer):
        retired = serializers.BooleanField(help_text="true: retire; false: plays again.")

    @extend_schema(
        operation_id="player_retire",
        description="The rules refuse (422): `already_retired`.",
        summary="Retire a player who left, or bring them back (admins)",
        tags=["league"],
        parameters=[PLAYER_ID, IDEMPOTENCY_KEY_PARAMETER],
        request=InputSerializer,
        responses={200: RetiredSerializer, **error_responses(*WRITE_ERRORS, 409)},
    )
    def post(self, request, player_id):
        player, data = self.administered(player_id)
        write = player_services.player_retire if data["retired"] else player_services.player_return
        state = write(club=player.club, player_id=player.id, **write_arguments(request, data))
        body = {"player": player.id, "retired": player.id in state.retired}
        return Response(RetiredSerializer(body).data)


class PlayerAccountApi(RosterApiView):
    class InputSerializer(RosterWriteSerializer):
        username = serializers.CharField(
            allow_null=True, help_text="A member's user name; null unlinks the player."
        )

    class OutputSerializer(serializers.Serializer):
        player = serializers.IntegerField()
        username = serializers.CharField(allow_null=True)

    @extend_schema(
        operation_id="player_account_link",
        description="The rules refuse (422): `not_a_member`, a user who is not a member of the "
        "club; `account_linked`, an account already linked to another player.",
        summary="Link a player to a member's account, or unlink it (admins)",
        tags=["league"],
        parameters=[PLAYER_ID, IDEMPOTENCY_KEY_PARAMETER],
        request=InputSerializer,
        responses={200: OutputSerializer, **error_responses(*WRITE_ERRORS, 409)},
    )
    def post(self, request, player_id):
        player, data = self.administered(player_id)
        username = data["username"]
        user = None
        if username is not None:
            user = club_selectors.club_member_by_username(club=player.club, username=username)
            if user is None:
                raise NotFound()
        user_id = user.id if user else None
        player_services.player_link(
            club=player.club, player_id=player.id, user_id=user_id, **write_arguments(request, data)
        )
        body = {"player": player.id, "username": username}
        return Response(self.OutputSerializer(body).data)
