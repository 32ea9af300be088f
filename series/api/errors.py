"""One place that maps errors to HTTP responses ``{"code", "message", "field"}``.

- 400 malformed JSON or wrong types (with every field error under ``errors``),
- 401 / 403 / 404 from authentication and the club's access rules,
- 409 a concurrent writer got there first (naming the stream, with ``current_version``),
- 413 a body past the size limit,
- 422 the rules refuse the request (DomainError: its code, message and params),
- 503 the database is unavailable (``database_unavailable``, with Retry-After).
"""

from __future__ import annotations

import math
from typing import Any

from django.core.exceptions import RequestDataTooBig
from django.utils.translation import gettext
from rest_framework import status
from rest_framework.exceptions import ErrorDetail, ValidationError
from rest_framework.response import Response
from rest_framework.views import exception_handler as drf_exception_handler

from series.api.parsers import RequestTooLarge
from series.database import replicas
from series.domain.errors import DomainError, NotFound
from series.eventstore.retry import (
    RETRY_AFTER_SECONDS,
    TRANSIENT,
    DatabaseUnavailable,
    release_broken_connection,
)
from series.eventstore.store import VersionConflict, current_version
from series.eventstore.writer import StreamConflict
from series.models import Player
from series.web import messages


def domain_error_status(error: DomainError) -> int:
    if isinstance(error, NotFound):
        return status.HTTP_404_NOT_FOUND
    return status.HTTP_422_UNPROCESSABLE_ENTITY


def exception_handler(exc, context):
    if isinstance(exc, RequestDataTooBig):
        exc = RequestTooLarge()
    if isinstance(exc, TRANSIENT):
        if replicas.reading_a_replica():
            return None  # raised on: ReplicaMiddleware runs the view on the primary
        return _unavailable()
    if isinstance(exc, VersionConflict):
        return _conflict(exc)
    if isinstance(exc, DomainError):
        club = getattr(context.get("view"), "club", None)
        return _refusal(exc, club_id=getattr(club, "id", None))
    if isinstance(exc, ValidationError):
        return _invalid(exc, context)
    response = drf_exception_handler(exc, context)
    if response is not None:
        response.data = _error_body(response.data)
    return response


def _unavailable() -> Response:
    release_broken_connection()
    return Response(
        {
            "code": DatabaseUnavailable.code,
            "message": gettext(
                "The database is unavailable for a moment: nothing was lost, try again shortly."
            ),
            "field": None,
        },
        status=status.HTTP_503_SERVICE_UNAVAILABLE,
        headers={"Retry-After": str(RETRY_AFTER_SECONDS)},
    )


def _conflict(error: VersionConflict) -> Response:
    """Every writer raises its stream kind's conflict (``writer.StreamConflict``),
    which names the stream; a bare one is said in general words."""
    if error.current is None:
        error.current = current_version(error.stream)
    named = isinstance(error, StreamConflict)
    return Response(
        {
            "code": error.code,
            # names the stream: a series, a roster
            "message": messages.render(error) if named else gettext("The request failed."),
            "field": "expected_version",
            "current_version": error.current,
        },
        status=status.HTTP_409_CONFLICT,
    )


def _refusal(error: DomainError, *, club_id: int | None) -> Response:
    return Response(
        {
            "code": error.code,
            "message": domain_message(error, club_id=club_id),
            "field": error.field,
            "params": {name: _json_value(value) for name, value in error.params.items()},
        },
        status=domain_error_status(error),
    )


def domain_message(error: DomainError, *, club_id: int | None) -> str:
    """The error's sentence in the request's language, naming the club's players."""
    ids = messages.player_ids(error)
    names = _player_names(club_id, ids) if ids and club_id else None
    return messages.render(error, names)


def _player_names(club_id: int, ids: set[int]) -> dict[int, str]:
    """The club's players among ``ids`` by name; other clubs' stay unnamed."""
    return dict(Player.objects.filter(club_id=club_id, id__in=ids).values_list("id", "name"))


def _json_value(value: Any) -> Any:
    """A refusal's parameter as JSON can hold it: what a client sent may be a
    number JSON has no form for (1e400 is read as infinity)."""
    if isinstance(value, float) and not math.isfinite(value):
        return str(value)
    if value is None or isinstance(value, bool | int | float | str):
        return value
    if isinstance(value, list | tuple):
        return [_json_value(item) for item in value]
    return str(value)


def _invalid(error: ValidationError, context) -> Response:
    field, detail = _first_error(error.detail)
    response = drf_exception_handler(error, context)
    response.data = {
        "code": getattr(detail, "code", None) or "invalid",
        "message": str(detail),
        "field": field,
        "errors": error.detail,
    }
    return response


def _first_error(detail, path: str = "") -> tuple[str | None, ErrorDetail | str]:
    """The first error in a nested DRF error structure, with its dotted field path."""
    if isinstance(detail, dict):
        for key, value in detail.items():
            name = None if key == "non_field_errors" else str(key)
            return _first_error(value, f"{path}.{name}" if path and name else (name or path))
    if isinstance(detail, list):
        for index, value in enumerate(detail):
            if value:  # list serializers mark valid items with an empty dict
                nested = isinstance(value, dict | list)
                return _first_error(value, f"{path}.{index}" if nested else path)
    return path or None, detail if detail else "Invalid input."


def _error_body(data) -> dict:
    if isinstance(data, dict) and "code" in data:
        return data
    detail = data.get("detail") if isinstance(data, dict) else None
    return {
        "code": getattr(detail, "code", None) or "error",
        "message": str(detail) if detail is not None else gettext("The request failed."),
        "field": None,
    }
