"""A series: start it, read its score sheet and log, record and change its deals."""

from __future__ import annotations

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
    language,
    replay_headers,
    write_arguments,
)
from series.api.serializers import (
    INT_MAX,
    expected_version_field,
    options_field,
    player_id,
    preset_field,
)
from series.clubs import selectors as club_selectors
from series.clubs.access import Access, Table, allows
from series.clubs.api_view import require
from series.domain.rules import CONTINENTAL
from series.models import Club
from series.sheets import live_links, selectors, services
from series.sheets.parsing import deal_entry
from series.sheets.representation import (
    event_payload,
    night_table,
    series_from_sheet,
    series_from_state,
)
from series.sheets.serializers import DealEntrySerializer, SeriesSerializer
from series.web import conditional

SERIES_ID = OpenApiParameter("series_id", OpenApiTypes.UUID, OpenApiParameter.PATH)
DEAL_NUMBER = OpenApiParameter("number", int, OpenApiParameter.PATH, description="Deal number.")
IF_NONE_MATCH = OpenApiParameter(
    "If-None-Match",
    type=str,
    location=OpenApiParameter.HEADER,
    required=False,
    description="The ETag of the sheet you hold: answered 304, with no body, until it changes.",
)
WRITTEN = OpenApiResponse(SeriesSerializer, description="The series after the change.")
# RULES D-22: what a correction, a void or an abandon of a closed night's table answers.
CLOSED_NIGHT = (
    "A table of a club night that is closed is refused (422 `night_closed`, the night in "
    "`params.night`, its date in `params.date`): the night's director or a club admin "
    "reopens it first (`POST /nights/{id}/reopen`)."
)


def reason_field(**kwargs) -> serializers.CharField:
    return serializers.CharField(max_length=500, allow_blank=True, **kwargs)


class SeriesApiView(ApiView):
    """A view about one series; ``club`` is set once access is granted."""

    club: Club | None = None
    names: dict[int, str] | None = None  # the series' players, when read with the club
    night: dict | None = None  # the night whose table plays it (``night_table``)

    def club_of_series(self, series_id: UUID, access: Access) -> Club:
        found = selectors.series_access(series_id, self.request.user)
        club, role = (found.club, found.role) if found else (None, None)
        table = Table(series_id, found.night) if found else None
        self.club = require(self.request.user, club, access, role, table)
        self.role, self.names = role, found.names
        self.night = night_table(found.night, found.table)
        return self.club

    def scored(self, series_id: UUID) -> dict:
        """A scorer's command: the view's input, validated, once the user may
        score the series."""
        self.club_of_series(series_id, Access.SCORE)
        return self.validated(self.InputSerializer)

    def written(self, result: services.SeriesResult, *, status_code=status.HTTP_201_CREATED):
        """The series after a write; a replayed retry says so in a header. The
        body is built as plain data (the shape ``SeriesSerializer`` documents):
        it comes from the domain's state, so there is nothing to check."""
        body = series_from_state(result.series_id, result.state, self.club, self.names, self.night)
        return Response(body, status=status_code, headers=replay_headers(result.replayed))


class SeriesStartApi(SeriesApiView):
    permission_classes = [IsAuthenticated]

    class InputSerializer(serializers.Serializer):
        club = serializers.SlugField(max_length=60, help_text="The club's slug.")
        players = serializers.ListField(
            child=player_id(), max_length=20, help_text="Player ids in seat order."
        )
        first_dealer = player_id()
        rules = preset_field(max_length=40, default=CONTINENTAL)
        options = options_field()

    @extend_schema(
        operation_id="series_start",
        summary="Start a series (scorers)",
        description="A player seated at another open series of the club is refused "
        "(RULES D-19): 422 `player_seated_elsewhere`, with that series' id in "
        "`params.series`; finish or abandon it first.",
        tags=["series"],
        request=InputSerializer,
        parameters=[IDEMPOTENCY_KEY_PARAMETER],
        responses={201: WRITTEN, **error_responses(*WRITE_ERRORS)},
    )
    def post(self, request):
        data = self.validated(self.InputSerializer)
        # A new series' stream has no version yet: the start takes none.
        recording = write_arguments(request, versioned=False)
        self.club = require(request.user, club_selectors.club_by_slug(data["club"]), Access.SCORE)
        result = services.series_start(
            club=self.club,
            players=data["players"],
            first_dealer=data["first_dealer"],
            rules=data["rules"],
            options=data.get("options"),
            **recording,
        )
        response = self.written(result)
        response["Location"] = reverse("api:series", kwargs={"series_id": result.series_id})
        return response


class SeriesDetailApi(SeriesApiView):
    @extend_schema(
        operation_id="series_read",
        summary="A series' score sheet",
        tags=["series"],
        parameters=[SERIES_ID, IF_NONE_MATCH],
        responses={
            200: SeriesSerializer,
            304: OpenApiResponse(description="Unchanged since the ETag sent in If-None-Match."),
            **error_responses(*READ_ERRORS),
        },
    )
    def get(self, request, series_id):
        found = selectors.series_access(series_id, request.user)
        club, role = (found.club, found.role) if found else (None, None)
        self.club = require(request.user, club, Access.READ, role)
        # A client that polls with the ETag it got is answered 304 until the
        # sheet or its names change, after one query (conditional.py).
        tag = conditional.etag(request, (found.version, club.name, sorted(found.names.items())))
        if conditional.unchanged(request, tag):
            return conditional.not_modified(tag)
        body = series_from_sheet(selectors.series_sheet_rows(selectors.series_sheet(series_id)))
        return conditional.tagged(Response(SeriesSerializer(body).data), tag)


class DealRecordApi(SeriesApiView):
    class InputSerializer(DealEntrySerializer):
        expected_version = expected_version_field()
        number = serializers.IntegerField(
            required=False, min_value=1, max_value=INT_MAX, help_text="Checked if given."
        )
        dealer = player_id(required=False, help_text="Checked if given.")

    @extend_schema(
        operation_id="deal_record",
        summary="Record the next deal (scorers)",
        description="Card text is read in the request's language (Accept-Language): "
        "7C, 10H, QS, JK; Italian FC for the jack of clubs."
        " The rules refuse (422): a deal out of turn (`deal_out_of_order`, "
        "`dealer_out_of_turn`) or of a series that is over (`series_finished`, "
        "`series_abandoned`); hands that do not add up (`missing_hand`, `duplicate_hand`, "
        "`hand_of_winner`, `player_not_in_deal`, `cards_or_points`, `wrong_card_count`, "
        "`impossible_points`); cards (`unknown_card`, `card_not_in_pack`); buys "
        "(`buys_not_allowed`, `invalid_buys`); a Rummy (`rummy_not_allowed`, "
        "`rummy_without_winner`, `going_out_needs_rummy`).",
        tags=["series"],
        request=InputSerializer,
        parameters=[SERIES_ID, IDEMPOTENCY_KEY_PARAMETER],
        responses={201: WRITTEN, **error_responses(*SERIES_WRITE_ERRORS)},
    )
    def post(self, request, series_id):
        data = self.scored(series_id)
        result = services.deal_record(
            series_id=series_id,
            entry=deal_entry(data, language(request)),
            number=data.get("number"),
            dealer=data.get("dealer"),
            needs_confirmation=self.club.deals_need_confirmation,
            **write_arguments(request, data),
        )
        return self.written(result)


class DealCorrectApi(SeriesApiView):
    class InputSerializer(DealEntrySerializer):
        expected_version = expected_version_field()
        reason = reason_field()

    @extend_schema(
        operation_id="deal_correct",
        description=CLOSED_NIGHT,
        summary="Correct a recorded deal (scorers)",
        tags=["series"],
        request=InputSerializer,
        parameters=[SERIES_ID, DEAL_NUMBER, IDEMPOTENCY_KEY_PARAMETER],
        responses={201: WRITTEN, **error_responses(*SERIES_WRITE_ERRORS)},
    )
    def post(self, request, series_id, number):
        data = self.scored(series_id)
        result = services.deal_correct(
            series_id=series_id,
            number=number,
            entry=deal_entry(data, language(request)),
            reason=data["reason"],
            needs_confirmation=self.club.deals_need_confirmation,
            **write_arguments(request, data),
        )
        return self.written(result)


class DealVoidApi(SeriesApiView):
    class InputSerializer(serializers.Serializer):
        expected_version = expected_version_field()
        reason = reason_field()

    @extend_schema(
        operation_id="deal_void",
        description=CLOSED_NIGHT,
        summary="Void a recorded deal (scorers)",
        tags=["series"],
        request=InputSerializer,
        parameters=[SERIES_ID, DEAL_NUMBER, IDEMPOTENCY_KEY_PARAMETER],
        responses={201: WRITTEN, **error_responses(*SERIES_WRITE_ERRORS)},
    )
    def post(self, request, series_id, number):
        data = self.scored(series_id)
        result = services.deal_void(
            series_id=series_id,
            number=number,
            reason=data["reason"],
            **write_arguments(request, data),
        )
        return self.written(result)


class SeriesAbandonApi(SeriesApiView):
    class InputSerializer(serializers.Serializer):
        expected_version = expected_version_field(required=False)
        reason = reason_field(default="")

    @extend_schema(
        operation_id="series_abandon",
        description=CLOSED_NIGHT,
        summary="Abandon a series (scorers)",
        tags=["series"],
        request=InputSerializer,
        parameters=[SERIES_ID, IDEMPOTENCY_KEY_PARAMETER],
        responses={201: WRITTEN, **error_responses(*SERIES_WRITE_ERRORS)},
    )
    def post(self, request, series_id):
        data = self.scored(series_id)
        result = services.series_abandon(
            series_id=series_id, reason=data["reason"], **write_arguments(request, data)
        )
        return self.written(result)


class SeriesEventsApi(SeriesApiView):
    class OutputSerializer(serializers.Serializer):
        position = serializers.IntegerField()
        version = serializers.IntegerField()
        type = serializers.CharField()
        payload = serializers.DictField(
            help_text="The fact as stored; for callers outside the club, who confirmed or "
            "disputed a deal (`user`, `player`) is null."
        )
        recorded_by = serializers.CharField(
            allow_null=True, help_text="Username; null for callers outside the club."
        )
        recorded_at = serializers.DateTimeField()

    @extend_schema(
        operation_id="series_events",
        summary="A series' audit trail: every recorded fact, oldest first",
        tags=["series"],
        parameters=[SERIES_ID],
        responses={200: OutputSerializer(many=True), **error_responses(*READ_ERRORS)},
    )
    def get(self, request, series_id):
        club = self.club_of_series(series_id, Access.READ)
        # A public club's log is public; who recorded it, confirmed or disputed it
        # is for its members only.
        # (Reading a private club's log already takes a member.)
        members = not club.public or allows(self.role, club, Access.MEMBER)
        events = [
            {
                "position": row.position,
                "version": row.version,
                "type": row.type,
                "payload": event_payload(row, members=members),
                "recorded_by": row.recorded_by.username if members and row.recorded_by else None,
                "recorded_at": row.recorded_at,
            }
            for row in selectors.series_events(series_id)
        ]
        return Response(self.OutputSerializer(events, many=True).data)


class LiveLinkApi(SeriesApiView):
    """The series' live link: read it (your own), or revoke it and make a new one."""

    class OutputSerializer(serializers.Serializer):
        url = serializers.URLField(
            help_text="The live view spectators open without signing in. A member's link "
            "works while they are in the club; a visitor's while the club is public."
        )

    def _link(self, series_id, *, status_code=status.HTTP_200_OK) -> Response:
        sheet = selectors.series_sheet(series_id)
        key = live_links.key_for(sheet, self.request.user)
        body = {"url": live_links.url_for(self.request, key)}
        return Response(self.OutputSerializer(body).data, status=status_code)

    @extend_schema(
        operation_id="live_link_read",
        summary="Your live link of a series",
        tags=["series"],
        parameters=[SERIES_ID],
        responses={200: OutputSerializer, **error_responses(*READ_ERRORS)},
    )
    def get(self, request, series_id):
        self.club_of_series(series_id, Access.READ)
        return self._link(series_id)

    @extend_schema(
        operation_id="live_link_renew",
        summary="Revoke the series' live links and make a new one (scorers)",
        description="Every live link of the series shown before stops working; "
        "the answer is your new one.",
        tags=["series"],
        request=None,
        parameters=[SERIES_ID],
        responses={201: OutputSerializer, **error_responses(401, 403, 404)},
    )
    def post(self, request, series_id):
        self.club_of_series(series_id, Access.SCORE)
        live_links.live_link_renew(sheet=selectors.series_sheet(series_id), user=request.user)
        return self._link(series_id, status_code=status.HTTP_201_CREATED)
