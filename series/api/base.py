"""What every API view shares: JSON in and out, a bounded body, schema names."""

from __future__ import annotations

from django.conf import settings
from django.http import QueryDict
from django.utils.translation import gettext_lazy as _
from drf_spectacular.openapi import AutoSchema
from drf_spectacular.utils import OpenApiParameter, OpenApiResponse
from rest_framework import serializers
from rest_framework.exceptions import ValidationError
from rest_framework.permissions import IsAuthenticatedOrReadOnly
from rest_framework.renderers import JSONRenderer
from rest_framework.views import APIView

from .parsers import BoundedJSONParser

IDEMPOTENCY_KEY_LENGTH = 64


class ApiSchema(AutoSchema):
    """Names a view's nested serializers after the view: ``DealRecordApi.InputSerializer``
    becomes the component ``DealRecordInput``. Docstrings are for programmers; an
    operation's description is only what ``extend_schema`` gives."""

    def get_description(self):
        return ""

    def get_serializer_name(self, serializer, direction):
        owner, _dot, name = type(serializer).__qualname__.rpartition(".")
        if owner.endswith("Api"):
            return owner.removesuffix("Api") + name.removesuffix("Serializer")
        return super().get_serializer_name(serializer, direction)


class ApiView(APIView):
    """JSON only; anonymous callers may read (the club's access rules decide what)."""

    permission_classes = [IsAuthenticatedOrReadOnly]
    parser_classes = [BoundedJSONParser]
    renderer_classes = [JSONRenderer]
    schema = ApiSchema()

    def validated(self, serializer_class, data=None) -> dict:
        serializer = serializer_class(data=self.request.data if data is None else data)
        if isinstance(data, QueryDict):
            refuse_blank_parameters(serializer, data)
        serializer.is_valid(raise_exception=True)
        return serializer.validated_data


def refuse_blank_parameters(serializer, query: QueryDict) -> None:
    """``?season=`` is refused, not read as no season: DRF takes a blank query
    parameter for a missing one, and the answer would be for another question."""
    blank = {
        name: [_("Give a value, or leave the parameter out.")]
        for name, field in serializer.fields.items()
        if name in query and not query.get(name) and not getattr(field, "allow_blank", False)
    }
    if blank:
        raise ValidationError(blank, code="blank")


def idempotency_key(request) -> str | None:
    """The client's ``Idempotency-Key``, checked; the services scope it to the
    user (``writer.scoped_key``, DESIGN "Idempotency")."""
    key = request.headers.get("Idempotency-Key")
    if key is None:
        return None
    if not 0 < len(key) <= IDEMPOTENCY_KEY_LENGTH or not key.isascii() or not key.isprintable():
        raise ValidationError(
            {"idempotency_key": [_("Use up to 64 printable ASCII characters, such as a UUID.")]}
        )
    return key


def language(request) -> str:
    """The request's language, in which card text is read (RULES D-1)."""
    return getattr(request, "LANGUAGE_CODE", None) or settings.LANGUAGE_CODE


# -- the schema's shared parts -----------------------------------------------------


class ErrorSerializer(serializers.Serializer):
    code = serializers.CharField(help_text="Stable machine code, e.g. invalid_going_out.")
    message = serializers.CharField(help_text="What went wrong, for a person to read.")
    field = serializers.CharField(allow_null=True, help_text="The input at fault, if any.")
    params = serializers.DictField(required=False, help_text="The values in the message.")
    errors = serializers.JSONField(required=False, help_text="Every field error (400 only).")
    current_version = serializers.IntegerField(
        required=False, help_text="The series' or the players list's version now (409 only)."
    )


ERROR_DESCRIPTIONS = {
    400: "Malformed JSON or wrong types.",
    401: "Not logged in, or a bad token.",
    403: "Your role does not allow it.",
    404: "No such resource, or a private club you are not in.",
    409: "Someone else changed the series (or the club's players) first: reload it "
    "(current_version).",
    413: "The request body is too large.",
    415: "Send JSON.",
    422: "The rules refuse it: see code and message.",
    429: "Too many failed sign-ins: wait and try again.",
}


def error_responses(*statuses: int) -> dict[int, OpenApiResponse]:
    return {
        code: OpenApiResponse(ErrorSerializer, description=ERROR_DESCRIPTIONS[code])
        for code in statuses
    }


READ_ERRORS = (401, 404)
WRITE_ERRORS = (400, 401, 403, 404, 413, 415, 422)
SERIES_WRITE_ERRORS = (*WRITE_ERRORS, 409)

IDEMPOTENCY_KEY_PARAMETER = OpenApiParameter(
    "Idempotency-Key",
    type=str,
    location=OpenApiParameter.HEADER,
    required=False,
    description="A client key (e.g. a UUID): a retry with the same key and body "
    "returns the first result and records nothing new.",
)
