"""The club's players for its admins (the roster): guests, renames, merges,
retirements and account links. Each write goes through the roster's writers
(``series.clubs.players``) with the players list's version and the
Idempotency-Key (``write_arguments``); a stale version is a 409."""

from __future__ import annotations

from drf_spectacular.utils import extend_schema
from rest_framework import serializers, status
from rest_framework.exceptions import NotFound
from rest_framework.response import Response

from series.api.base import (
    IDEMPOTENCY_KEY_PARAMETER,
    WRITE_ERRORS,
    error_responses,
    write_arguments,
)
from series.api.club_view import PLAYER_ID, SLUG, ClubApiView
from series.api.serializers import name_field, player_id
from series.clubs import players as player_services
from series.clubs import selectors as club_selectors
from series.clubs.access import Access
from series.models import Player


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
