"""What every API view shares: JSON in and out, a bounded body, schema names."""

from __future__ import annotations

from django.conf import settings
from django.core.validators import RegexValidator
from django.http import QueryDict
from django.utils.translation import gettext_lazy as _
from drf_spectacular.openapi import AutoSchema
from drf_spectacular.utils import OpenApiParameter, OpenApiResponse
from rest_framework import serializers
from rest_framework.exceptions import ErrorDetail, MethodNotAllowed, ValidationError
from rest_framework.permissions import IsAuthenticatedOrReadOnly
from rest_framework.renderers import JSONRenderer
from rest_framework.views import APIView

from series.api.parsers import BoundedJSONParser
from series.api.serializers import CardTextField
from series.domain import text
from series.domain.errors import DomainError
from series.web import messages

IDEMPOTENCY_KEY_LENGTH = 64
# What every text field takes (JSON Schema patterns): no control character and
# no U+FFFD (``series.domain.text.typed``); and, where blank text is refused,
# something besides white space (DRF trims it first).
_NOT_TEXT = r"\x00-\x1f\x7f-\x9f\ufffd"
TEXT = rf"^[^{_NOT_TEXT}]*$"
# An address Django's EmailValidator takes: a dot-atom, a dotted domain, a
# top-level domain of letters.
_ATOM = r"[-!#$%&'*+/=?^_`{}|~0-9A-Za-z]+"
EMAIL = rf"^{_ATOM}(\.{_ATOM})*@([A-Za-z0-9]([A-Za-z0-9-]{{0,61}}[A-Za-z0-9])?\.)+[A-Za-z]{{2,63}}$"
NOT_BLANK_TEXT = rf"^[^{_NOT_TEXT}]*[^\s{_NOT_TEXT}][^{_NOT_TEXT}]*$"


class ApiSchema(AutoSchema):
    """Names a view's nested serializers after the view: ``DealRecordApi.InputSerializer``
    becomes the component ``DealRecordInput``. Docstrings are for programmers; an
    operation's description is only what ``extend_schema`` gives."""

    def get_description(self):
        return ""

    def _get_request_for_media_type(self, serializer, direction="request"):
        """A body that must hold one of some fields (``ONE_OF``, ``ANY_OF``)
        must be sent: no body holds none of them."""
        schema, required = super()._get_request_for_media_type(serializer, direction)
        alternatives = getattr(serializer, "ONE_OF", ()) or getattr(serializer, "ANY_OF", ())
        return schema, required or bool(alternatives)

    def _map_serializer_field(self, field, direction, bypass_extensions=False):
        """Text as the server reads it: no control character nor U+FFFD anywhere
        (``typed_errors``) and, unless blank text is allowed, not empty once trimmed."""
        schema = super()._map_serializer_field(field, direction, bypass_extensions)
        if direction == "request" and isinstance(field, serializers.EmailField):
            # Django's validator, which is stricter than the format "email" (0@0.a);
            # a blank address, where allowed, is the schema's other branch.
            schema["pattern"] = EMAIL
            return schema
        text = isinstance(field, serializers.CharField) and schema.get("type") == "string"
        if direction == "request" and text and "enum" not in schema:
            if not field.allow_blank:
                schema["minLength"] = max(schema.get("minLength", 0), 1)
            patterned = any(isinstance(v, RegexValidator) for v in field.validators)
            if "pattern" not in schema and not patterned:
                trimmed = field.trim_whitespace and not field.allow_blank
                schema["pattern"] = NOT_BLANK_TEXT if trimmed else TEXT
        return schema

    def _map_basic_serializer(self, serializer, direction):
        """A request's objects take the fields they name and no other (the server
        refuses another as ``unknown_field``: ``unknown_fields``), and say which
        fields go one instead of the other (``ONE_OF``, ``ANY_OF``) and which values
        must agree (``AGREE``: the alternatives its ``validate`` takes)."""
        schema = super()._map_basic_serializer(serializer, direction)
        if direction == "request":
            schema["additionalProperties"] = False
            for keyword, names in (
                ("oneOf", getattr(serializer, "ONE_OF", ())),
                ("anyOf", getattr(serializer, "ANY_OF", ())),
            ):
                if names:
                    schema[keyword] = [{"required": [name]} for name in names]
            agree = getattr(serializer, "AGREE", ())
            if agree:
                # Alternatives that exclude each other; anyOf keeps their one-value
                # enums out of the named enums (drf-spectacular reads oneOf's).
                schema["anyOf"] = [dict(alternative) for alternative in agree]
        return schema

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

    def initial(self, request, *args, **kwargs):
        # A method the view does not take is 405 whoever asks (DRF would check
        # the credentials first, and answer a bad token's 401 instead).
        method = request.method.lower()
        if method not in self.http_method_names or not hasattr(self, method):
            raise MethodNotAllowed(request.method)
        super().initial(request, *args, **kwargs)
        if method in WRITES and not self.takes_a_body(method):
            # An operation whose schema has no body takes none: every key is unknown.
            unknown = unknown_fields(serializers.Serializer(), request.data)
            if unknown:
                raise ValidationError(unknown)

    def takes_a_body(self, method: str) -> bool:
        """Whether the operation's schema (its ``extend_schema(request=…)``) has a body."""
        key = (type(self), method)
        if key not in _BODIES:
            inspector = getattr(getattr(self, method), "kwargs", {}).get("schema", ApiSchema)()
            inspector.view, inspector.method = self, method.upper()
            _BODIES[key] = inspector.get_request_serializer() is not None
        return _BODIES[key]

    def validated(self, serializer_class, data=None) -> dict:
        serializer = serializer_class(data=self.request.data if data is None else data)
        if data is None:  # a JSON body: only the schema's fields, of the schema's types
            unknown = unknown_fields(serializer, serializer.initial_data)
            if unknown:
                raise ValidationError(unknown)
            wrong = json_type_errors(serializer, serializer.initial_data)
            if wrong:
                raise ValidationError(wrong)
        elif isinstance(data, QueryDict):
            refuse_blank_parameters(serializer, data)
        untyped = typed_errors(serializer, serializer.initial_data)
        if untyped:
            raise ValidationError(untyped)
        serializer.is_valid(raise_exception=True)
        return serializer.validated_data


WRITES = frozenset({"post", "put", "patch", "delete"})
_BODIES: dict[tuple[type, str], bool] = {}


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


# -- JSON types as the schema says them ----------------------------------------------

# DRF reads 12 as the text "12", "12" as the number 12 and 1 as true; a JSON body
# is held to the types its schema gives instead, so a client's mistake is told.
_JSON_TYPES = (
    (serializers.BooleanField, (bool,), _("Must be true or false.")),
    (serializers.IntegerField, (int,), _("Must be a whole number.")),
    (serializers.FloatField, (int, float), _("Must be a number.")),
    (serializers.CharField, (str,), _("Must be text.")),
    (serializers.ChoiceField, (str,), _("Must be text.")),
    (serializers.UUIDField, (str,), _("Must be text.")),
    (serializers.DateField, (str,), _("Must be text.")),
)


def json_type_errors(field, value) -> dict | list | None:
    """Where ``value`` (parsed JSON) has another type than ``field`` takes: DRF's
    error structure, or None. Nested serializers, lists and dicts are walked."""
    if value is None or isinstance(field, serializers.JSONField):
        return None  # null is the field's own business (allow_null)
    if isinstance(field, serializers.ListSerializer):
        return _items(field.child, value)
    if isinstance(field, serializers.Serializer):
        if not isinstance(value, dict):
            return None  # DRF refuses it itself
        errors = {
            name: error
            for name, child in field.fields.items()
            if not child.read_only and child.source != "*" and name in value
            for error in [json_type_errors(child, value[name])]
            if error
        }
        return errors or None
    if isinstance(field, serializers.ListField):
        return _items(field.child, value)
    if isinstance(field, serializers.DictField):
        if not isinstance(value, dict):
            return None
        errors = {
            key: error
            for key, item in value.items()
            if (error := json_type_errors(field.child, item))
        }
        return errors or None
    for kind, types, message in _JSON_TYPES:
        if isinstance(field, kind):
            if isinstance(value, bool) and bool not in types:
                return [message]
            return None if isinstance(value, types) else [message]
    return None


# -- no field the schema does not name ---------------------------------------------

UNKNOWN_FIELD = _("There is no such field here: check its name and where it is.")


def unknown_fields(field, value) -> dict | list | None:
    """Where ``value`` (parsed JSON) holds a key that ``field`` does not take, at
    any depth: DRF's error structure with the code ``unknown_field``, or None. The
    schema says the same (``additionalProperties: false``, ``ApiSchema``). A
    misspelt field ("rumy") would otherwise be dropped silently."""
    if isinstance(field, serializers.ListSerializer | serializers.ListField):
        if not isinstance(value, list):
            return None
        errors = [unknown_fields(field.child, item) or {} for item in value]
        return errors if any(errors) else None
    if isinstance(field, serializers.DictField):
        if not isinstance(value, dict):
            return None
        errors = {key: e for key, item in value.items() if (e := unknown_fields(field.child, item))}
        return errors or None
    if not isinstance(field, serializers.Serializer) or not isinstance(value, dict):
        return None
    taken = {name: child for name, child in field.fields.items() if not child.read_only}
    errors = {}
    for key, item in value.items():
        if key not in taken:
            errors[key] = [ErrorDetail(str(UNKNOWN_FIELD), code="unknown_field")]
        elif error := unknown_fields(taken[key], item):
            errors[key] = error
    return errors or None


# -- text, numbers and days as a person types them -----------------------------------


def typed_errors(field, value) -> dict | list | None:
    """Where a text in ``value`` (a JSON body or a query) breaks the rule of typed
    input, the pages' own (``series.domain.text``): text that is not UTF-8 or holds
    a control character, a number not in ASCII digits (a query's "٤٥"), a day not
    ``YYYY-MM-DD`` (DRF reads "2026-1-1"). DRF's error structure, or None."""
    if value is None:
        return None
    if isinstance(field, serializers.ListSerializer | serializers.ListField):
        if not isinstance(value, list):
            return None
        errors = [typed_errors(field.child, item) or {} for item in value]
        return errors if any(errors) else None
    if isinstance(field, serializers.DictField):
        if not isinstance(value, dict):
            return None
        errors = {key: e for key, item in value.items() if (e := typed_errors(field.child, item))}
        return errors or None
    if isinstance(field, serializers.Serializer):
        if not hasattr(value, "get"):
            return None
        errors = {
            name: error
            for name, child in field.fields.items()
            if not child.read_only and name in value
            for error in [typed_errors(child, value.get(name))]
            if error
        }
        return errors or None
    return _typed_value(field, value) if isinstance(value, str) else None


def _typed_value(field, value: str) -> list | None:
    name = field.field_name or ""
    try:
        if isinstance(field, serializers.IntegerField):
            text.whole_number(value, field=name)
        elif isinstance(field, serializers.DateField):
            text.iso_day(value, field=name)
        elif isinstance(field, serializers.CharField) and not isinstance(field, CardTextField):
            text.typed(value, field=name)  # card text: its parser reads it (RULES §1)
    except DomainError as error:
        return [ErrorDetail(messages.render(error), code=error.code)]
    return None


def _items(child, value):
    if not isinstance(value, list):
        return None  # DRF refuses it itself
    errors = [json_type_errors(child, item) or {} for item in value]
    return errors if any(errors) else None


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


def write_arguments(request, data: dict | None = None, *, versioned: bool = True) -> dict:
    """What every write hands its writer besides its own fields: who asks, the
    Idempotency-Key header and the version the client last read (None when it
    sent none): the writer's scheme, ``series.eventstore.writer``. A write that
    takes no version (one that starts a stream, a member's own check-in or
    answer, where the last one counts) is not ``versioned``: it hands its writer
    no expected version."""
    arguments = {"actor_id": request.user.id, "idempotency_key": idempotency_key(request)}
    if versioned:
        arguments["expected_version"] = (data or {}).get("expected_version")
    return arguments


def replay_headers(replayed: bool) -> dict[str, str]:
    """The headers of a write's answer: a replayed retry says so."""
    return {"Idempotent-Replayed": "true"} if replayed else {}


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
    # What ``idempotency_key`` takes: 1 to 64 printable ASCII characters.
    type={
        "type": "string",
        "minLength": 1,
        "maxLength": IDEMPOTENCY_KEY_LENGTH,
        # Printable ASCII; no space at either end, which a header loses on the way.
        "pattern": "^[\\x21-\\x7e]([\\x20-\\x7e]*[\\x21-\\x7e])?$",
    },
    location=OpenApiParameter.HEADER,
    required=False,
    description="A client key (e.g. a UUID): a retry with the same key and body "
    "returns the first result and records nothing new.",
)
