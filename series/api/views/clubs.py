"""Clubs, their players and their members."""

from __future__ import annotations

from django.utils.translation import gettext_lazy as _
from drf_spectacular.utils import OpenApiParameter, extend_schema
from rest_framework import serializers, status
from rest_framework.exceptions import ValidationError
from rest_framework.permissions import IsAuthenticated
from rest_framework.response import Response

from ... import selectors, services
from ...access import Access
from ...models import Club, Membership
from ..base import READ_ERRORS, WRITE_ERRORS, ApiView, error_responses
from ..club_view import SLUG, ClubApiView
from ..serializers import name_field, options_field, preset_field


class DefaultRulesSerializer(serializers.Serializer):
    preset = preset_field()
    options = options_field()


DEFAULT_RULES_HELP = "The rules a new series starts from; {} for the plain preset."
TIME_ZONE_HELP = "An IANA time zone, e.g. Europe/Rome; empty for the server's."


class ClubCreateApi(ApiView):
    permission_classes = [IsAuthenticated]

    class InputSerializer(serializers.Serializer):
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

    class OutputSerializer(serializers.Serializer):
        slug = serializers.SlugField()
        name = serializers.CharField()
        public = serializers.BooleanField()
        default_rules = serializers.DictField()
        time_zone = serializers.CharField()

    @extend_schema(
        operation_id="club_create",
        summary="Create a club; you become its admin",
        tags=["clubs"],
        request=InputSerializer,
        responses={201: OutputSerializer, **error_responses(400, 401, 413, 415, 422)},
    )
    def post(self, request):
        data = self.validated(self.InputSerializer)
        club = services.club_create(admin=request.user, **data)
        return Response(self.OutputSerializer(club).data, status=status.HTTP_201_CREATED)


class ClubDetailApi(ClubApiView):
    class OutputSerializer(serializers.Serializer):
        slug = serializers.SlugField()
        name = serializers.CharField()
        public = serializers.BooleanField()
        deals_need_confirmation = serializers.BooleanField()
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

    @extend_schema(
        operation_id="club_update",
        summary="Change a club's name, public pages, default rules, time zone or "
        "whether deals need confirmation (admins)",
        tags=["clubs"],
        parameters=[SLUG],
        request=UpdateInputSerializer,
        responses={200: OutputSerializer, **error_responses(*WRITE_ERRORS)},
    )
    def patch(self, request, slug):
        club = self.club_for(slug, Access.ADMINISTER)
        data = self.validated(self.UpdateInputSerializer)
        return self._respond(services.club_update(club=club, **data))

    def _respond(self, club: Club) -> Response:
        role = selectors.club_role(user=self.request.user, club=club)
        body = {"slug": club.slug, "name": club.name, "public": club.public, "role": role,
                "deals_need_confirmation": club.deals_need_confirmation,
                "default_rules": club.default_rules, "time_zone": club.time_zone}  # fmt: skip
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
        players = selectors.club_players(club=club)
        return Response(self.ListOutputSerializer(players, many=True).data)

    @extend_schema(
        operation_id="club_player_add",
        summary="Add a player (admins)",
        tags=["clubs"],
        parameters=[SLUG],
        request=AddInputSerializer,
        responses={201: AddOutputSerializer, **error_responses(*WRITE_ERRORS)},
    )
    def post(self, request, slug):
        club = self.club_for(slug, Access.ADMINISTER)
        data = self.validated(self.AddInputSerializer)
        player = services.player_add(club=club, name=data["name"])
        return Response(self.AddOutputSerializer(player).data, status=status.HTTP_201_CREATED)


class PlayerEraseApi(ClubApiView):
    class OutputSerializer(serializers.Serializer):
        id = serializers.IntegerField()
        name = serializers.CharField()

    @extend_schema(
        operation_id="player_erase",
        summary="Erase a player's personal data; scores stay (admins)",
        tags=["clubs"],
        parameters=[SLUG, OpenApiParameter("player_id", int, OpenApiParameter.PATH)],
        request=None,
        responses={200: OutputSerializer, **error_responses(*WRITE_ERRORS)},
    )
    def post(self, request, slug, player_id):
        club = self.club_for(slug, Access.ADMINISTER)
        player = services.player_erase(club=club, player_id=player_id)
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
        members = selectors.club_members(club=club)
        return Response(self.ListOutputSerializer(members, many=True).data)

    @extend_schema(
        operation_id="club_member_set",
        summary="Give a user a role in the club (admins)",
        tags=["clubs"],
        parameters=[SLUG],
        request=SetInputSerializer,
        responses={201: SetOutputSerializer, **error_responses(*WRITE_ERRORS)},
    )
    def post(self, request, slug):
        club = self.club_for(slug, Access.ADMINISTER)
        data = self.validated(self.SetInputSerializer)
        user = selectors.user_addable_to(club, by=request.user, username=data["username"])
        if user is None:
            # The same answer whether the name exists or not (selectors.user_addable_to).
            raise ValidationError(
                {"username": [_("You can add only people who share a club with you.")]}
            )
        membership = services.member_set(club=club, user=user, role=data["role"])
        return Response(self.SetOutputSerializer(membership).data, status=status.HTTP_201_CREATED)
