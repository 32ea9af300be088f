"""Tokens for API clients: ``Authorization: Token …`` on every later request."""

from __future__ import annotations

from django.contrib.auth import authenticate
from django.utils.translation import gettext_lazy as _
from drf_spectacular.utils import extend_schema
from rest_framework import serializers, status
from rest_framework.authtoken.models import Token
from rest_framework.exceptions import APIException, AuthenticationFailed
from rest_framework.permissions import AllowAny
from rest_framework.response import Response

from ..base import ApiView, error_responses


class SignInLocked(APIException):
    status_code = status.HTTP_429_TOO_MANY_REQUESTS
    default_detail = _("Too many failed sign-ins: wait a little and try again.")
    default_code = "locked_out"


class TokenCreateApi(ApiView):
    permission_classes = [AllowAny]

    class InputSerializer(serializers.Serializer):
        username = serializers.CharField(max_length=150)
        password = serializers.CharField(max_length=4096, trim_whitespace=False)

    class OutputSerializer(serializers.Serializer):
        token = serializers.CharField()

    @extend_schema(
        operation_id="token_create",
        summary="Get your API token",
        tags=["auth"],
        auth=[],
        request=InputSerializer,
        responses={200: OutputSerializer, **error_responses(400, 401, 413, 415, 429)},
    )
    def post(self, request):
        data = self.validated(self.InputSerializer)
        user = authenticate(request, username=data["username"], password=data["password"])
        if user is None:
            # The sign-in lockout marks the request it refused (settings: AXES_*).
            if getattr(request, "axes_locked_out", False):
                raise SignInLocked()
            raise AuthenticationFailed(_("Wrong username or password."))
        token, _created = Token.objects.get_or_create(user=user)
        return Response(self.OutputSerializer({"token": token.key}).data)
