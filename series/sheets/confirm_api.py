"""A member confirms or disputes a deal recorded by someone else."""

from __future__ import annotations

from drf_spectacular.utils import extend_schema
from rest_framework import serializers
from rest_framework.response import Response

from series.api.base import (
    IDEMPOTENCY_KEY_PARAMETER,
    READ_ERRORS,
    SERIES_WRITE_ERRORS,
    error_responses,
    idempotency_key,
)
from series.api.serializers import expected_version_field
from series.clubs.access import Access, allows
from series.sheets import selectors, services
from series.sheets.api import DEAL_NUMBER, SERIES_ID, WRITTEN, SeriesApiView


class DealConfirmApi(SeriesApiView):
    class InputSerializer(serializers.Serializer):
        expected_version = expected_version_field(required=False)

    @extend_schema(
        operation_id="deal_confirm",
        description="The rules refuse (422): `own_deal`, a deal you recorded; `deal_confirmed`, "
        "`deal_voided`; `player_not_seated`, a member who does not play the series; the "
        "PIN's (`pin_not_set`, `pin_missing`, `pin_wrong`, `pin_locked`).",
        summary="Confirm a deal recorded by another member (members)",
        tags=["series"],
        request=InputSerializer,
        parameters=[SERIES_ID, DEAL_NUMBER, IDEMPOTENCY_KEY_PARAMETER],
        responses={201: WRITTEN, **error_responses(*SERIES_WRITE_ERRORS)},
    )
    def post(self, request, series_id, number):
        return _as_member(self, services.deal_confirm, series_id, number)


class DealDisputeApi(SeriesApiView):
    class InputSerializer(serializers.Serializer):
        expected_version = expected_version_field(required=False)
        reason = serializers.CharField(max_length=500, help_text="What is wrong with the deal.")

    @extend_schema(
        operation_id="deal_dispute",
        description="The rules refuse (422): `own_deal`, a deal you recorded; `deal_confirmed`, "
        "`deal_voided`; `reason_required`; `player_not_seated`; the PIN's (`pin_not_set`, "
        "`pin_missing`, `pin_wrong`, `pin_locked`).",
        summary="Dispute a deal: it waits for a correction (members)",
        tags=["series"],
        request=InputSerializer,
        parameters=[SERIES_ID, DEAL_NUMBER, IDEMPOTENCY_KEY_PARAMETER],
        responses={201: WRITTEN, **error_responses(*SERIES_WRITE_ERRORS)},
    )
    def post(self, request, series_id, number):
        return _as_member(self, services.deal_dispute, series_id, number)


def _as_member(view: SeriesApiView, write, series_id, number):
    """The signed-in member confirms (disputes) as themselves, and as their seat."""
    view.club_of_series(series_id, Access.MEMBER)
    data = dict(view.validated(view.InputSerializer))
    user = view.request.user
    result = write(
        series_id=series_id,
        number=number,
        user_id=user.id,
        player_id=selectors.seated_player_of(series_id, user),
        idempotency_key=idempotency_key(view.request),
        **data,
    )
    return view.written(result)


class DealsToConfirmApi(SeriesApiView):
    class OutputSerializer(serializers.Serializer):
        class WaitingSerializer(serializers.Serializer):
            number = serializers.IntegerField()
            confirmation = serializers.ChoiceField(
                choices=["", "disputed"],
                help_text="Empty: to confirm; disputed: waits for a correction.",
            )
            recorded_by = serializers.CharField(
                allow_null=True,
                help_text="Who recorded the deal as it stands: any other member may confirm "
                "it. Null for callers outside the club.",
            )

        needs_confirmation = serializers.BooleanField(
            help_text="The club's setting: deals recorded from now on wait for a second member."
        )
        deals = WaitingSerializer(many=True, help_text="Oldest first; void deals never wait.")

    @extend_schema(
        operation_id="deals_to_confirm",
        summary="The deals a second member must still confirm, and who recorded each",
        tags=["series"],
        parameters=[SERIES_ID],
        responses={200: OutputSerializer, **error_responses(*READ_ERRORS)},
    )
    def get(self, request, series_id):
        club = self.club_of_series(series_id, Access.READ)
        need = club.deals_need_confirmation
        waiting = selectors.deals_to_confirm(series_id)
        # Who recorded a deal is for the club's members (as in the audit trail).
        recorders = {d.recorded_by for d in waiting if d.recorded_by}
        members = allows(self.role, club, Access.MEMBER)
        users = selectors.usernames(recorders) if members else {}
        deals = [
            {
                "number": d.number,
                "confirmation": d.confirmation,
                "recorded_by": users.get(d.recorded_by),
            }
            for d in waiting
        ]
        body = {"needs_confirmation": need, "deals": deals}
        return Response(self.OutputSerializer(body).data)
