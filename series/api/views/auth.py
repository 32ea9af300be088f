"""Tokens for API clients, one per device: ``Authorization: Token …`` on every
later request, until it expires, the device signs out, or the password changes."""

from __future__ import annotations

from django.contrib.auth import authenticate
from django.utils.translation import gettext_lazy as _
from drf_spectacular.utils import OpenApiResponse, extend_schema
from rest_framework import serializers, status
from rest_framework.exceptions import APIException, AuthenticationFailed
from rest_framework.permissions import AllowAny, IsAuthenticated
from rest_framework.response import Response

from series.accounts import lockout
from series.accounts import services as accounts
from series.accounts.forms import SHARED_NAME
from series.api.base import ApiView, error_responses
from series.models import DeviceToken


class SignInLocked(APIException):
    """A locked-out sign-in; ``wait`` (the seconds until it is checked again) is
    sent as ``Retry-After``."""

    status_code = status.HTTP_429_TOO_MANY_REQUESTS
    default_detail = _("Too many failed sign-ins: wait a little and try again.")
    default_code = "locked_out"

    def __init__(self, request):
        super().__init__()
        self.wait = lockout.retry_after(request, getattr(request, "axes_credentials", None))


class TokenCreateApi(ApiView):
    permission_classes = [AllowAny]

    class InputSerializer(serializers.Serializer):
        username = serializers.CharField(
            max_length=254,
            help_text="The user name, the name given at sign-up or the e-mail address, "
            "in any case, with or without accents, when it names one account.",
        )
        password = serializers.CharField(max_length=4096, trim_whitespace=False)
        device = serializers.CharField(
            max_length=60, required=False, default="", help_text="A name for this device."
        )

    class OutputSerializer(serializers.Serializer):
        token = serializers.CharField(help_text="Send as `Authorization: Token …`.")
        expiry = serializers.DateTimeField(help_text="Unless used again before then.")

    @extend_schema(
        operation_id="token_create",
        summary="Sign this device in: get its API token",
        description="A name that more than one account goes by is refused (422) with "
        "`shared_name`: send the user name or the e-mail address instead.",
        tags=["auth"],
        auth=[],
        request=InputSerializer,
        responses={200: OutputSerializer, **error_responses(400, 401, 413, 415, 422, 429)},
    )
    def post(self, request):
        data = self.validated(self.InputSerializer)
        user = authenticate(request, username=data["username"], password=data["password"])
        if user is None:
            # The sign-in lockout marks the request it refused (settings: AXES_*).
            if getattr(request, "axes_locked_out", False):
                raise SignInLocked(request)
            if len(accounts.accounts_named(data["username"])) > 1:
                raise AuthenticationFailed(SHARED_NAME, code="shared_name")
            raise AuthenticationFailed(_("Wrong username or password."))
        row, token = accounts.device_sign_in(user=user, device=data["device"])
        return Response(self.OutputSerializer({"token": token, "expiry": row.expiry}).data)


class SignOutApi(ApiView):
    """Revoke the token this request was made with."""

    permission_classes = [IsAuthenticated]

    @extend_schema(
        operation_id="token_revoke",
        summary="Sign this device out (revoke its token)",
        tags=["auth"],
        request=None,
        responses={204: OpenApiResponse(description="Signed out."), **error_responses(401)},
    )
    def post(self, request):
        if isinstance(request.auth, DeviceToken):
            accounts.device_sign_out(user=request.user, digest=request.auth.digest)
        return Response(status=status.HTTP_204_NO_CONTENT)


class SignOutAllApi(ApiView):
    """Revoke every token of the user."""

    permission_classes = [IsAuthenticated]

    @extend_schema(
        operation_id="token_revoke_all",
        summary="Sign out every device (revoke all your tokens)",
        tags=["auth"],
        request=None,
        responses={204: OpenApiResponse(description="Signed out."), **error_responses(401)},
    )
    def post(self, request):
        accounts.devices_sign_out_all(user=request.user)
        return Response(status=status.HTTP_204_NO_CONTENT)
