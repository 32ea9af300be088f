"""The account's API: tokens for API clients, one per device (``Authorization:
Token …`` on every later request, until it expires, the device signs out, or the
password changes); the signed-in user's account, the devices signed in to the
API, and the PIN that confirms a deal on the scorer's phone."""

from __future__ import annotations

from django.contrib.auth import authenticate
from django.utils.translation import gettext_lazy as _
from drf_spectacular.utils import OpenApiParameter, OpenApiResponse, extend_schema
from rest_framework import serializers, status
from rest_framework.exceptions import APIException, AuthenticationFailed, NotFound
from rest_framework.permissions import AllowAny, IsAuthenticated
from rest_framework.response import Response

from series.accounts import lockout, selectors, subscriptions
from series.accounts import services as accounts
from series.accounts.forms import PIN_PATTERN, SHARED_NAME
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


DEVICE_ID = OpenApiParameter(
    "device_id", str, OpenApiParameter.PATH, description="A device's id, from the list."
)


class AccountApi(ApiView):
    """One URL, two operations: GET reads your account, PATCH changes its e-mail
    and whether your night results are sent to it."""

    permission_classes = [IsAuthenticated]

    class OutputSerializer(serializers.Serializer):
        username = serializers.CharField()
        email = serializers.EmailField(allow_blank=True)
        results_by_email = serializers.BooleanField(
            help_text="Your results are e-mailed after each club night you played."
        )
        email_confirmed = serializers.BooleanField(
            help_text="The address was confirmed by the link sent to it: results go only "
            "to a confirmed address."
        )
        language = serializers.CharField(
            allow_blank=True,
            help_text="The language your mail is written in: the last you chose on the "
            "pages while signed in; empty for none yet.",
        )

    class UpdateInputSerializer(serializers.Serializer):
        email = serializers.EmailField(
            max_length=254,
            allow_blank=True,
            required=False,
            help_text="To reset a forgotten password and, if you turn results on, for your "
            "results; empty for none. A new address waits for the link sent to it.",
        )
        results_by_email = serializers.BooleanField(
            required=False,
            help_text="E-mail me my results after each club night (off unless turned on); "
            "turned on, a link to confirm the address is sent to it.",
        )

    @extend_schema(
        operation_id="account_read",
        summary="Your account",
        tags=["account"],
        responses={200: OutputSerializer, **error_responses(401)},
    )
    def get(self, request):
        return self._respond(request.user)

    @extend_schema(
        operation_id="account_update",
        summary="Change your e-mail address, or turn your results by e-mail on or off",
        tags=["account"],
        request=UpdateInputSerializer,
        responses={200: OutputSerializer, **error_responses(400, 401, 413, 415)},
    )
    def patch(self, request):
        data = self.validated(self.UpdateInputSerializer)
        if "email" in data:
            accounts.email_set(user=request.user, email=data["email"])
            subscriptions.address_changed(user=request.user)
        if "results_by_email" in data:
            subscriptions.results_by_email_set(
                user=request.user, on=data["results_by_email"], language=request.LANGUAGE_CODE
            )
        return self._respond(request.user)

    def _respond(self, user) -> Response:
        results = subscriptions.results_by_email(user)
        body = {
            "username": user.get_username(),
            "email": user.email,
            "results_by_email": results.on,
            "email_confirmed": results.confirmed,
            "language": subscriptions.language_of(user),
        }
        return Response(self.OutputSerializer(body).data)


class PasswordChangeApi(ApiView):
    permission_classes = [IsAuthenticated]

    class InputSerializer(serializers.Serializer):
        old_password = serializers.CharField(max_length=4096, trim_whitespace=False)
        new_password = serializers.CharField(max_length=4096, trim_whitespace=False)

    @extend_schema(
        operation_id="password_change",
        description="The rules refuse (422): `wrong_password`, the current password is not yours; "
        "`password_refused`, the new one is too short, too common or too like your name "
        "(the message says which).",
        summary="Change your password: every device is signed out, this one too",
        tags=["account"],
        request=InputSerializer,
        responses={
            204: OpenApiResponse(description="Changed; sign in again."),
            **error_responses(400, 401, 413, 415, 422, 429),
        },
    )
    def post(self, request):
        data = self.validated(self.InputSerializer)
        # The old password is checked as a sign-in is, the lockout included.
        user = authenticate(
            request, username=request.user.get_username(), password=data["old_password"]
        )
        if user is None or user.pk != request.user.pk:
            if getattr(request, "axes_locked_out", False):
                raise SignInLocked(request)
            raise accounts.wrong_password()
        accounts.password_set(user=request.user, password=data["new_password"])
        return Response(status=status.HTTP_204_NO_CONTENT)


class DevicesApi(ApiView):
    permission_classes = [IsAuthenticated]

    class OutputSerializer(serializers.Serializer):
        id = serializers.CharField(help_text="What signs this device out.")
        device = serializers.CharField(allow_blank=True, help_text="The name it signed in with.")
        created = serializers.DateTimeField()
        expiry = serializers.DateTimeField(help_text="Unless used again before then.")
        current = serializers.BooleanField(help_text="The device of this request.")

    @extend_schema(
        operation_id="devices_list",
        summary="The devices signed in to the API as you, newest first",
        tags=["account"],
        responses={200: OutputSerializer(many=True), **error_responses(401)},
    )
    def get(self, request):
        this = request.auth.digest if isinstance(request.auth, DeviceToken) else None
        rows = [
            {
                "id": row.digest,
                "device": row.device,
                "created": row.created,
                "expiry": row.expiry,
                "current": row.digest == this,
            }
            for row in accounts.devices_of(request.user)
        ]
        return Response(self.OutputSerializer(rows, many=True).data)


class DeviceRevokeApi(ApiView):
    permission_classes = [IsAuthenticated]

    @extend_schema(
        operation_id="device_revoke",
        summary="Sign one of your devices out (revoke its token)",
        tags=["account"],
        parameters=[DEVICE_ID],
        request=None,
        responses={204: OpenApiResponse(description="Signed out."), **error_responses(401, 404)},
    )
    def post(self, request, device_id):
        if not accounts.device_sign_out(user=request.user, digest=device_id):
            raise NotFound(_("You have no such device signed in."))
        return Response(status=status.HTTP_204_NO_CONTENT)


class PinApi(ApiView):
    permission_classes = [IsAuthenticated]

    class InputSerializer(serializers.Serializer):
        pin = serializers.RegexField(
            f"^{PIN_PATTERN}$",
            max_length=8,
            min_length=4,
            help_text="4 to 8 digits; with it you confirm a deal on the scorer's phone.",
        )

    class OutputSerializer(serializers.Serializer):
        has_pin = serializers.BooleanField()

    @extend_schema(
        operation_id="pin_read",
        summary="Whether you have set a confirmation PIN",
        tags=["account"],
        responses={200: OutputSerializer, **error_responses(401)},
    )
    def get(self, request):
        return Response(self.OutputSerializer({"has_pin": selectors.has_pin(request.user)}).data)

    @extend_schema(
        operation_id="pin_set",
        summary="Set your confirmation PIN",
        description="A PIN that is one digit repeated or a run (1234, 8765) is refused (422): "
        "`pin_too_easy`.",
        tags=["account"],
        request=InputSerializer,
        responses={
            204: OpenApiResponse(description="Set."),
            **error_responses(400, 401, 413, 415, 422),
        },
    )
    def put(self, request):
        data = self.validated(self.InputSerializer)
        accounts.pin_set(user=request.user, pin=data["pin"])
        return Response(status=status.HTTP_204_NO_CONTENT)
