"""The league's API for club admins: ladder rules, named seasons and the
roster (guests, renames, merges, retirements, account links). Anyone who may read the club reads the
rules and seasons."""

from __future__ import annotations

from drf_spectacular.utils import OpenApiParameter, extend_schema
from rest_framework import serializers, status
from rest_framework.exceptions import NotFound
from rest_framework.response import Response

from series.api.base import (
    IDEMPOTENCY_KEY_PARAMETER,
    READ_ERRORS,
    WRITE_ERRORS,
    error_responses,
    write_arguments,
)
from series.api.club_view import SLUG
from series.api.serializers import name_field, player_id
from series.clubs import players as player_services
from series.clubs import selectors as club_selectors
from series.clubs.access import Access
from series.league import selectors, services
from series.league.aggregates import span
from series.league.api import PLAYER_ID, LeagueApiView, SeasonSerializer, season_data
from series.models import Player

SEASON_KEY = OpenApiParameter("key", str, OpenApiParameter.PATH, description="A season's key.")


class ClubLadderApi(LeagueApiView):
    class LadderSerializer(serializers.Serializer):
        min_series = serializers.IntegerField(
            min_value=1, max_value=1000, help_text="Series to play to be ranked."
        )
        best_n = serializers.IntegerField(
            min_value=1,
            max_value=1000,
            allow_null=True,
            default=None,
            help_text="Only each player's best N series count.",
        )

    @extend_schema(
        operation_id="club_ladder_read",
        summary="The club's ladder rules",
        tags=["league"],
        parameters=[SLUG],
        responses={200: LadderSerializer, **error_responses(*READ_ERRORS)},
    )
    def get(self, request, slug):
        club = self.club_for(slug, Access.READ)
        return Response(self.LadderSerializer(selectors.ladder_rules(club)).data)

    @extend_schema(
        operation_id="club_ladder_set",
        summary="Set the club's ladder rules (admins)",
        tags=["league"],
        parameters=[SLUG],
        request=LadderSerializer,
        responses={200: LadderSerializer, **error_responses(*WRITE_ERRORS)},
    )
    def put(self, request, slug):
        club = self.club_for(slug, Access.ADMINISTER)
        data = self.validated(self.LadderSerializer)
        rules = services.ladder_set(club=club, min_series=data["min_series"], best_n=data["best_n"])
        return Response(self.LadderSerializer(rules).data)


class ClubSeasonsApi(LeagueApiView):
    class AddSerializer(serializers.Serializer):
        name = name_field(max_length=60)
        first_day = serializers.DateField()
        last_day = serializers.DateField()

    @extend_schema(
        operation_id="club_seasons_list",
        summary="The club's seasons, newest first (named ones and calendar years)",
        tags=["league"],
        parameters=[SLUG],
        responses={200: SeasonSerializer(many=True), **error_responses(*READ_ERRORS)},
    )
    def get(self, request, slug):
        club = self.club_for(slug, Access.READ)
        choice = selectors.season_choice(club, None)
        return Response(SeasonSerializer([season_data(s) for s in choice.seasons], many=True).data)

    @extend_schema(
        operation_id="club_season_add",
        summary="Name a range of days as a season (admins)",
        tags=["league"],
        parameters=[SLUG],
        request=AddSerializer,
        responses={201: SeasonSerializer, **error_responses(*WRITE_ERRORS)},
    )
    def post(self, request, slug):
        club = self.club_for(slug, Access.ADMINISTER)
        data = self.validated(self.AddSerializer)
        season = services.season_add(club=club, **data)
        body = season_data(span(season))
        return Response(SeasonSerializer(body).data, status=status.HTTP_201_CREATED)


class ClubSeasonApi(LeagueApiView):
    @extend_schema(
        operation_id="club_season_remove",
        summary="Remove a named season (admins); its series return to their years",
        tags=["league"],
        parameters=[SLUG, SEASON_KEY],
        request=None,
        responses={204: None, **error_responses(401, 403, 404, 422)},
    )
    def delete(self, request, slug, key):
        club = self.club_for(slug, Access.ADMINISTER)
        if not services.season_remove(club=club, key=key):
            raise NotFound()
        return Response(status=status.HTTP_204_NO_CONTENT)


# -- the roster (admins) -------------------------------------------------------------------


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


class RosterApiView(LeagueApiView):
    """A roster write about one player; the writer's arguments besides the
    view's own fields are ``write_arguments``, as for the deals."""

    def administered(self, player_id: int) -> tuple[Player, dict]:
        """The player and the view's input, validated, once the user may
        administer the player's club."""
        player = self.player_for(player_id, Access.ADMINISTER)
        return player, self.validated(self.InputSerializer)


class ClubGuestsApi(LeagueApiView):
    class InputSerializer(RosterWriteSerializer):
        name = name_field(max_length=60)

    @extend_schema(
        operation_id="club_guest_add",
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
