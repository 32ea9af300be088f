"""A member confirms or disputes a deal recorded by someone else."""

from __future__ import annotations

from drf_spectacular.utils import extend_schema
from rest_framework import serializers

from ... import selectors, services
from ...access import Access
from ..base import IDEMPOTENCY_KEY_PARAMETER, SERIES_WRITE_ERRORS, error_responses, idempotency_key
from .series import DEAL_NUMBER, SERIES_ID, WRITTEN, SeriesApiView, expected_version_field


class DealConfirmApi(SeriesApiView):
    class InputSerializer(serializers.Serializer):
        expected_version = expected_version_field(required=False)

    @extend_schema(
        operation_id="deal_confirm",
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
        series_id=series_id, number=number, user_id=user.id,
        player_id=selectors.seated_player_of(series_id, user),
        idempotency_key=idempotency_key(view.request), **data,
    )  # fmt: skip
    return view.written(result)
