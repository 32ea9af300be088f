"""A night planned ahead: move it, withdraw it, and answer "I'm coming"."""

from __future__ import annotations

from urllib.parse import urlencode
from uuid import UUID

from django.urls import reverse
from drf_spectacular.utils import extend_schema
from rest_framework import serializers
from rest_framework.permissions import IsAuthenticated
from rest_framework.response import Response

from series.api.base import (
    IDEMPOTENCY_KEY_PARAMETER,
    READ_ERRORS,
    SERIES_WRITE_ERRORS,
    error_responses,
    write_arguments,
)
from series.api.serializers import expected_version_field, player_id
from series.clubs import selectors as club_selectors
from series.clubs.access import Access
from series.clubs.api_view import require
from series.domain.nights.planning import REASON_LENGTH, VENUE_LENGTH
from series.nights import calendar, planning
from series.nights.api import CLUB_SLUG, NIGHT_ID, WRITTEN, NightApiView


class MoveNightApi(NightApiView):
    permission_classes = [IsAuthenticated]

    class InputSerializer(serializers.Serializer):
        expected_version = expected_version_field(required=False)
        date = serializers.DateField(help_text="Today or a later day, in the club's time zone.")
        time = serializers.CharField(
            required=False,
            allow_null=True,
            allow_blank=True,
            max_length=5,
            help_text='The start time, "20:30"; null for the day only; kept when left out.',
        )
        venue = serializers.CharField(
            required=False,
            allow_blank=True,
            max_length=VENUE_LENGTH,
            help_text="Where it is played; kept when left out.",
        )

    @extend_schema(
        operation_id="night_planned_move",
        summary="Move a planned night to another day, time or venue (admins and scorers)",
        description="Only a night planned ahead moves (422 `night_not_planned` once it is "
        "open, `night_withdrawn` once withdrawn), to today or a later day (`night_date_past`), "
        "and somewhere it is not already (`night_not_moved`). Calendars show it moved: its "
        "`SEQUENCE` is raised.",
        tags=["nights"],
        parameters=[NIGHT_ID, IDEMPOTENCY_KEY_PARAMETER],
        request=InputSerializer,
        responses={200: WRITTEN, **error_responses(*SERIES_WRITE_ERRORS)},
    )
    def post(self, request, night_id: UUID):
        data = self.directed(night_id)
        kept = {name: data[name] for name in ("time", "venue") if name in data}
        result = planning.night_move(
            night_id=night_id, date=data["date"], **kept, **write_arguments(request, data)
        )
        return self.answer(night_id, replayed=result.replayed)


class WithdrawNightApi(NightApiView):
    permission_classes = [IsAuthenticated]

    class InputSerializer(serializers.Serializer):
        expected_version = expected_version_field(required=False)
        reason = serializers.CharField(
            max_length=REASON_LENGTH, help_text="Why it will not take place: its page shows it."
        )

    @extend_schema(
        operation_id="night_withdraw",
        summary="Withdraw a planned night (admins and scorers)",
        description="Only a night planned ahead is withdrawn (422 `night_not_planned`); its "
        "state becomes `withdrawn` and calendars show it `CANCELLED`, its `SEQUENCE` raised.",
        tags=["nights"],
        parameters=[NIGHT_ID, IDEMPOTENCY_KEY_PARAMETER],
        request=InputSerializer,
        responses={200: WRITTEN, **error_responses(*SERIES_WRITE_ERRORS)},
    )
    def post(self, request, night_id: UUID):
        data = self.directed(night_id)
        result = planning.night_withdraw(
            night_id=night_id, reason=data["reason"], **write_arguments(request, data)
        )
        return self.answer(night_id, replayed=result.replayed)


class RsvpApi(NightApiView):
    permission_classes = [IsAuthenticated]

    class InputSerializer(serializers.Serializer):
        answer = serializers.ChoiceField(["yes", "no"], help_text='"yes": I\'m coming.')
        player = player_id(
            required=False,
            help_text="A director answers for this player; members answer for their own.",
        )

    @extend_schema(
        operation_id="night_rsvp",
        summary="Answer \u201cI'm coming\u201d (or not) for a planned or open night",
        description="Members answer for the player their account is linked to in the club "
        "(422 `night_not_a_player` for an account linked to none); admins and scorers may "
        "answer for any `player` of the club (403 for a member naming one). No expected "
        "version, as for a self check-in: the last answer counts, and the same answer again "
        "is answered as done (`Idempotent-Replayed: true`). A withdrawn night (422 "
        "`night_withdrawn`) or a closed one (`night_closed`) takes no answer.",
        tags=["nights"],
        parameters=[NIGHT_ID, IDEMPOTENCY_KEY_PARAMETER],
        request=InputSerializer,
        responses={200: WRITTEN, **error_responses(400, 401, 403, 404, 413, 415, 422)},
    )
    def post(self, request, night_id: UUID):
        data = self.validated(self.InputSerializer)
        coming = data["answer"] == "yes"
        recording = write_arguments(request, versioned=False)
        if "player" in data:
            self.club_of_night(night_id, Access.DIRECT)
            result = planning.night_answer(
                night_id=night_id, player=data["player"], coming=coming, **recording
            )
        else:
            self.club_of_night(night_id, Access.MEMBER)
            result = planning.night_answer_own(night_id=night_id, coming=coming, **recording)
        return self.answer(night_id, replayed=result.replayed)


class CalendarSerializer(serializers.Serializer):
    url = serializers.URLField(
        help_text="The club's calendar of nights (RFC 5545) to subscribe to: a private "
        "club's holds your own secret key."
    )


class ClubCalendarApi(NightApiView):
    @extend_schema(
        operation_id="calendar_read",
        summary="The address of the club's calendar of nights",
        description="Every night planned and played, one event each; a public club's feed is "
        "public, a private club's opens with this member's own key (`renew` replaces it).",
        tags=["nights"],
        parameters=[CLUB_SLUG],
        responses={200: CalendarSerializer, **error_responses(*READ_ERRORS)},
    )
    def get(self, request, slug: str):
        club = require(request.user, club_selectors.club_by_slug(slug), Access.READ)
        return Response({"url": calendar_url(request, club)})


class CalendarRenewApi(NightApiView):
    permission_classes = [IsAuthenticated]

    @extend_schema(
        operation_id="calendar_renew",
        summary="Make your calendar link anew (members of a private club)",
        description="The link given before stops opening the club's calendar.",
        tags=["nights"],
        parameters=[CLUB_SLUG],
        request=None,
        responses={200: CalendarSerializer, **error_responses(401, 403, 404)},
    )
    def post(self, request, slug: str):
        club = require(request.user, club_selectors.club_by_slug(slug), Access.MEMBER)
        calendar.calendar_link_renew(club=club, user=request.user)
        return Response({"url": calendar_url(request, club)})


def calendar_url(request, club) -> str:
    """The club's feed for this user: with their own key unless the club is public."""
    url = reverse("nights:calendar", kwargs={"slug": club.slug})
    if not club.public:
        url = f"{url}?{urlencode({'key': calendar.calendar_key(club, request.user)})}"
    return request.build_absolute_uri(url)
