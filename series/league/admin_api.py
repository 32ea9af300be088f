"""The league's API for club admins: ladder rules and named seasons (the
club's players are ``series.clubs.api``). Anyone who may read the club
reads the rules and seasons."""

from __future__ import annotations

from drf_spectacular.utils import OpenApiParameter, extend_schema
from rest_framework import serializers, status
from rest_framework.exceptions import NotFound
from rest_framework.response import Response

from series.api.base import (
    READ_ERRORS,
    WRITE_ERRORS,
    error_responses,
)
from series.api.serializers import name_field
from series.clubs.access import Access
from series.clubs.api_view import SLUG
from series.league import selectors, services
from series.league.api import LeagueApiView, SeasonSerializer, season_data

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
        provisional_last = serializers.BooleanField(
            required=False,
            help_text="Provisional ratings (RULES D-26) listed after the settled ones "
            "(true) or marked where they stand (false, the default). Kept when left out.",
        )

    class InputSerializer(LadderSerializer):
        """The same fields as sent: a request's object takes no other."""

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
        description="The rules refuse (422): `invalid_ladder`, points that do not fall from first "
        "place down.",
        summary="Set the club's ladder rules (admins)",
        tags=["league"],
        parameters=[SLUG],
        request=InputSerializer,
        responses={200: LadderSerializer, **error_responses(*WRITE_ERRORS)},
    )
    def put(self, request, slug):
        club = self.club_for(slug, Access.ADMINISTER)
        data = self.validated(self.InputSerializer)
        rules = services.ladder_set(
            club=club,
            min_series=data["min_series"],
            best_n=data["best_n"],
            provisional_last=data.get("provisional_last"),
        )
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
        description="The rules refuse (422): `name_required`; `season_reversed`, an end before the "
        "start; `season_out_of_range`; `season_overlaps`, dates another season holds; "
        "`season_exists`, a name the club uses.",
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
        body = season_data(season.span())
        return Response(SeasonSerializer(body).data, status=status.HTTP_201_CREATED)


class ClubSeasonApi(LeagueApiView):
    @extend_schema(
        operation_id="club_season_remove",
        summary="Remove a named season (admins); its series return to their years",
        tags=["league"],
        parameters=[SLUG, SEASON_KEY],
        request=None,
        responses={204: None, **error_responses(401, 403, 404)},
    )
    def delete(self, request, slug, key):
        club = self.club_for(slug, Access.ADMINISTER)
        if not services.season_remove(club=club, key=key):
            raise NotFound()
        return Response(status=status.HTTP_204_NO_CONTENT)
