"""A championship's REST API: open one, read it, add or withdraw its nights,
make the cut, close it (RULES D-23, D-24). One view per operation; its nights
open through the nights' own operation (``"championship"`` and ``"final"``)."""

from __future__ import annotations

from fractions import Fraction
from uuid import UUID

from django.urls import reverse
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiParameter, OpenApiResponse, extend_schema
from rest_framework import serializers, status
from rest_framework.permissions import IsAuthenticated
from rest_framework.response import Response

from series.api.base import (
    IDEMPOTENCY_KEY_PARAMETER,
    READ_ERRORS,
    SERIES_WRITE_ERRORS,
    WRITE_ERRORS,
    ApiView,
    error_responses,
    replay_headers,
    write_arguments,
)
from series.api.serializers import expected_version_field, options_field, preset_field
from series.clubs import selectors as club_selectors
from series.clubs.access import Access
from series.clubs.api_view import SLUG as CLUB_SLUG
from series.clubs.api_view import require
from series.domain.championships.championship import (
    MOST_FINALISTS,
    MOST_NIGHTS,
    REASON_LENGTH,
    STATES,
)
from series.domain.championships.cut import CUT_REASONS
from series.domain.championships.final import CARRY_OVER, HALF
from series.domain.nights import scoring as scorings
from series.models import Club

from . import selectors, services
from .selectors import ChampionshipPage

CHAMPIONSHIP_ID = OpenApiParameter("championship_id", OpenApiTypes.UUID, OpenApiParameter.PATH)


def _number(value: Fraction | None) -> float | None:
    return None if value is None else round(float(value), 2)


def _exact(value: Fraction | None) -> str | None:
    return None if value is None else str(value)


class ChampionshipNightPointsSerializer(serializers.Serializer):
    night = serializers.UUIDField()
    points = serializers.FloatField(allow_null=True, help_text="Null: not played.")
    counted = serializers.BooleanField(help_text="Counted among the best N; else dropped.")


class ChampionshipStandingSerializer(serializers.Serializer):
    player = serializers.IntegerField()
    name = serializers.CharField()
    points = serializers.FloatField(help_text="Over the nights counted, rounded to 2 places.")
    exact = serializers.CharField(help_text="The points as an exact fraction.")
    nights_counted = serializers.ListField(child=serializers.UUIDField())
    nights_dropped = serializers.ListField(
        child=serializers.UUIDField(), help_text="Nights played and not among the best N."
    )
    nights = ChampionshipNightPointsSerializer(
        many=True, help_text="Every qualifying night, in order."
    )
    per_deal = serializers.FloatField(
        allow_null=True,
        help_text="The average penalty per deal over the nights counted, pooled: the tiebreak.",
    )
    place = serializers.IntegerField(help_text="Shared by level players (1, 2, 2, 4).")
    qualified = serializers.BooleanField(allow_null=True, help_text="Null before the cut.")
    reason = serializers.ChoiceField(CUT_REASONS, allow_null=True, help_text="Why in or out.")


class ChampionshipFinalLineSerializer(serializers.Serializer):
    player = serializers.IntegerField()
    name = serializers.CharField()
    place = serializers.IntegerField()
    standing = serializers.ChoiceField(
        ["played", "absent", "out"],
        help_text="A finalist who played the final, one who did not, or not a finalist.",
    )
    carry = serializers.FloatField(allow_null=True, help_text="The points carried over.")
    final = serializers.FloatField(allow_null=True, help_text="The final night's points.")
    final_place = serializers.IntegerField(allow_null=True)
    total = serializers.FloatField(allow_null=True, help_text="Carry-over plus the final's.")


class ChampionshipFinalSerializer(serializers.Serializer):
    night = serializers.UUIDField()
    closed = serializers.BooleanField(help_text="The final night has closed.")
    provisional = serializers.BooleanField(
        help_text="Tables still play: the ranking is as if every table ended now."
    )
    ranking = ChampionshipFinalLineSerializer(many=True)


class ChampionshipNightSerializer(serializers.Serializer):
    id = serializers.UUIDField()
    date = serializers.DateField()
    closed = serializers.BooleanField()
    counted = serializers.BooleanField(help_text="Closed once or more: its last close counts.")


class ChampionshipSerializer(serializers.Serializer):
    id = serializers.UUIDField()
    club = serializers.CharField(help_text="The club's slug.")
    name = serializers.CharField()
    version = serializers.IntegerField()
    state = serializers.ChoiceField(STATES)
    rules = serializers.DictField(help_text='{"preset", "options"}: what its nights play.')
    scoring = serializers.ChoiceField(scorings.codes())
    qualifying_nights = serializers.IntegerField()
    best = serializers.IntegerField(allow_null=True, help_text="Null: every night counts.")
    final_size = serializers.IntegerField()
    carry_over = serializers.ChoiceField(CARRY_OVER)
    nights = ChampionshipNightSerializer(many=True)
    standings = ChampionshipStandingSerializer(many=True)
    finalists = serializers.ListField(child=serializers.IntegerField())
    final = ChampionshipFinalSerializer(allow_null=True)


def championship_body(page: ChampionshipPage) -> dict:
    """The championship as the API shows it (``ChampionshipSerializer``)."""
    final = page.final
    return {
        "id": str(page.id),
        "club": page.club.slug,
        "name": page.name,
        "version": page.version,
        "state": page.state,
        "rules": page.rules,
        "scoring": page.method,
        "qualifying_nights": page.qualifying_nights,
        "best": page.best,
        "final_size": page.final_size,
        "carry_over": page.carry_over,
        "nights": [
            {"id": str(n.id), "date": n.date.isoformat(), "closed": n.closed, "counted": n.counted}
            for n in page.nights
        ],
        "standings": [
            {
                "player": line.player,
                "name": line.name,
                "points": _number(line.points),
                "exact": str(line.points),
                "nights_counted": line.counted,
                "nights_dropped": line.dropped,
                "nights": [
                    {"night": str(c.night), "points": _number(c.points), "counted": c.counted}
                    for c in line.cells
                ],
                "per_deal": _number(line.per_deal),
                "place": line.place,
                "qualified": line.qualified,
                "reason": line.reason,
            }
            for line in page.standings
        ],
        "finalists": page.finalists,
        "final": None
        if final is None
        else {
            "night": str(final.night),
            "closed": final.closed,
            "provisional": final.provisional,
            "ranking": [
                {
                    "player": line.player,
                    "name": line.name,
                    "place": line.place,
                    "standing": line.standing,
                    "carry": _number(line.carry),
                    "final": _number(line.final),
                    "final_place": line.final_place,
                    "total": _number(line.total),
                }
                for line in final.lines
            ],
        },
    }


class ChampionshipApiView(ApiView):
    club: Club | None = None

    def club_of(self, championship_id: UUID, access: Access) -> Club:
        club = selectors.championship_club(championship_id)
        self.club = require(self.request.user, club, access)
        return self.club

    def directed(self, championship_id: UUID) -> dict:
        data = self.validated(self.InputSerializer)
        self.club_of(championship_id, Access.DIRECT)
        return data

    def answer(self, championship_id: UUID, *, replayed=False, status_code=status.HTTP_200_OK):
        body = championship_body(selectors.championship_page(championship_id))
        return Response(body, status=status_code, headers=replay_headers(replayed))


WRITTEN = OpenApiResponse(ChampionshipSerializer, description="The championship after it.")


class ChampionshipSummarySerializer(serializers.Serializer):
    id = serializers.UUIDField()
    name = serializers.CharField()
    state = serializers.ChoiceField(STATES)
    version = serializers.IntegerField()


class ClubChampionshipsApi(ChampionshipApiView):
    class InputSerializer(serializers.Serializer):
        name = serializers.CharField(max_length=100)
        rules = preset_field(max_length=40, required=False)
        options = options_field()
        scoring = serializers.ChoiceField(scorings.codes(), default=scorings.DEFAULT)
        points_table = serializers.DictField(
            child=serializers.ListField(child=serializers.IntegerField(min_value=0)),
            required=False,
            help_text='Points per place by table size, for "points_table": {"4": [7, 4, 2, 0]}.',
        )
        qualifying_nights = serializers.IntegerField(
            min_value=1, max_value=MOST_NIGHTS, help_text="How many nights qualify."
        )
        best = serializers.IntegerField(
            min_value=1,
            max_value=MOST_NIGHTS,
            required=False,
            help_text="How many of a player's nights count (their best); all when left out.",
        )
        final_size = serializers.IntegerField(
            min_value=1,
            max_value=MOST_FINALISTS,
            default=8,
            help_text="K: the top K of the standings play the final (at least 3).",
        )
        carry_over = serializers.ChoiceField(
            CARRY_OVER, default=HALF, help_text="How much of their points finalists carry."
        )

    @extend_schema(
        operation_id="championship_list",
        summary="A club's championships, latest first",
        tags=["championships"],
        parameters=[CLUB_SLUG],
        responses={200: ChampionshipSummarySerializer(many=True), **error_responses(*READ_ERRORS)},
    )
    def get(self, request, slug: str):
        club = require(request.user, club_selectors.club_by_slug(slug), Access.READ)
        return Response(
            [
                {"id": str(c.id), "name": c.name, "state": c.state, "version": c.version}
                for c in selectors.club_championships(club)
            ]
        )

    @extend_schema(
        operation_id="championship_open",
        summary="Open a championship (admins and scorers)",
        description="RULES D-23, D-24. The rules refuse (422): the game's and the night "
        "method's codes (`unknown_rules`, `unknown_scoring`, `invalid_points_table` …); "
        "`championship_best_above_nights`; `championship_final_too_small` (K below 3); "
        "`championship_unknown_carry_over`.",
        tags=["championships"],
        parameters=[CLUB_SLUG, IDEMPOTENCY_KEY_PARAMETER],
        request=InputSerializer,
        responses={201: WRITTEN, **error_responses(*WRITE_ERRORS)},
    )
    def post(self, request, slug: str):
        data = self.validated(self.InputSerializer)
        self.club = require(request.user, club_selectors.club_by_slug(slug), Access.DIRECT)
        result = services.championship_open(
            club=self.club,
            name=data["name"],
            rules=data.get("rules"),
            options=data.get("options"),
            scoring=data["scoring"],
            points_table=data.get("points_table") or None,
            qualifying_nights=data["qualifying_nights"],
            best=data.get("best"),
            final_size=data["final_size"],
            carry_over=data["carry_over"],
            **write_arguments(request, versioned=False),
        )
        response = self.answer(
            result.championship_id, replayed=result.replayed, status_code=status.HTTP_201_CREATED
        )
        response["Location"] = reverse(
            "championships-api:championship", kwargs={"championship_id": result.championship_id}
        )
        return response


class ChampionshipDetailApi(ChampionshipApiView):
    @extend_schema(
        operation_id="championship_read",
        summary="A championship: its nights, standings, finalists and final",
        description="The standings add each player's night points over the qualifying nights "
        "closed so far, the best N counted (RULES D-23); from the cut, as the cut recorded "
        "them, with who qualified and why. The final's ranking is carry-over plus the final "
        "night's points, as if every table ended now while it plays (RULES D-24).",
        tags=["championships"],
        parameters=[CHAMPIONSHIP_ID],
        responses={200: ChampionshipSerializer, **error_responses(*READ_ERRORS)},
    )
    def get(self, request, championship_id: UUID):
        self.club_of(championship_id, Access.READ)
        return self.answer(championship_id)


class ChampionshipNightsApi(ChampionshipApiView):
    permission_classes = [IsAuthenticated]

    class InputSerializer(serializers.Serializer):
        expected_version = expected_version_field(required=False)
        night = serializers.UUIDField(help_text="A night of the club, not closed yet.")

    @extend_schema(
        operation_id="championship_night_add",
        summary="A night joins the championship as a qualifying night",
        description="Refused (422): a night of another club (`championship_night_other_club`), "
        "game (`championship_night_other_game`), method (`championship_night_other_method`) "
        "or points table; a closed night (`championship_night_closed`); one more than the "
        "qualifying nights (`championship_nights_full`); after the cut "
        "(`championship_cut_made`); a night of another championship.",
        tags=["championships"],
        parameters=[CHAMPIONSHIP_ID, IDEMPOTENCY_KEY_PARAMETER],
        request=InputSerializer,
        responses={200: WRITTEN, **error_responses(*SERIES_WRITE_ERRORS)},
    )
    def post(self, request, championship_id: UUID):
        data = self.directed(championship_id)
        result = services.championship_night_add(
            championship_id=championship_id,
            night_id=data["night"],
            **write_arguments(request, data),
        )
        return self.answer(championship_id, replayed=result.replayed)


class ChampionshipNightWithdrawApi(ChampionshipApiView):
    permission_classes = [IsAuthenticated]

    class InputSerializer(serializers.Serializer):
        expected_version = expected_version_field(required=False)
        reason = serializers.CharField(max_length=REASON_LENGTH, help_text="Why it is withdrawn.")

    @extend_schema(
        operation_id="championship_night_withdraw",
        summary="Withdraw a night from the championship, saying why (before the cut)",
        description="Refused (422): a night that is not the championship's "
        "(`championship_night_not_added`); after the cut (`championship_cut_made`); no reason "
        "(`reason_required`) or a longer one than 500 characters (`reason_too_long`).",
        tags=["championships"],
        parameters=[
            CHAMPIONSHIP_ID,
            OpenApiParameter("night_id", OpenApiTypes.UUID, OpenApiParameter.PATH),
            IDEMPOTENCY_KEY_PARAMETER,
        ],
        request=InputSerializer,
        responses={200: WRITTEN, **error_responses(*SERIES_WRITE_ERRORS)},
    )
    def post(self, request, championship_id: UUID, night_id: UUID):
        data = self.directed(championship_id)
        result = services.championship_night_withdraw(
            championship_id=championship_id,
            night_id=night_id,
            reason=data["reason"],
            **write_arguments(request, data),
        )
        return self.answer(championship_id, replayed=result.replayed)


class ChampionshipCutApi(ChampionshipApiView):
    permission_classes = [IsAuthenticated]

    class InputSerializer(serializers.Serializer):
        expected_version = expected_version_field(required=False)
        final_size = serializers.IntegerField(
            min_value=1,
            max_value=MOST_FINALISTS,
            required=False,
            help_text="K for this cut; the championship's when left out.",
        )

    @extend_schema(
        operation_id="championship_cut",
        summary="Make the cut: who plays the final, and why",
        description="RULES D-24: the top K of the standings, and every player sharing the "
        "K-th place. Refused (422) before every qualifying night has closed "
        "(`championship_nights_missing`, `championship_night_open`); K below 3 or above the "
        "players who played (`championship_final_too_small`, `championship_final_too_large`); "
        "a second cut (`championship_cut_made`). From the cut on, its nights do not reopen.",
        tags=["championships"],
        parameters=[CHAMPIONSHIP_ID, IDEMPOTENCY_KEY_PARAMETER],
        request=InputSerializer,
        responses={200: WRITTEN, **error_responses(*SERIES_WRITE_ERRORS)},
    )
    def post(self, request, championship_id: UUID):
        data = self.directed(championship_id)
        result = services.championship_cut(
            championship_id=championship_id,
            final_size=data.get("final_size"),
            **write_arguments(request, data),
        )
        return self.answer(championship_id, replayed=result.replayed)


class ChampionshipCloseApi(ChampionshipApiView):
    permission_classes = [IsAuthenticated]

    class InputSerializer(serializers.Serializer):
        expected_version = expected_version_field(required=False)

    @extend_schema(
        operation_id="championship_close",
        summary="Close the championship, recording its final ranking",
        description="RULES D-24: carry-over plus the final night's points, a tie broken by "
        "the place in the final night; finalists who did not play follow, then everyone "
        "else in qualifying order. Refused (422) before the final night has opened "
        "(`championship_no_final`) or closed (`championship_final_open`).",
        tags=["championships"],
        parameters=[CHAMPIONSHIP_ID, IDEMPOTENCY_KEY_PARAMETER],
        request=InputSerializer,
        responses={200: WRITTEN, **error_responses(*SERIES_WRITE_ERRORS)},
    )
    def post(self, request, championship_id: UUID):
        data = self.directed(championship_id)
        result = services.championship_close(
            championship_id=championship_id, **write_arguments(request, data)
        )
        return self.answer(championship_id, replayed=result.replayed)
