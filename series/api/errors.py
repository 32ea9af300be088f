"""One place that maps errors to HTTP responses ``{"code", "message", "field"}``."""

from __future__ import annotations

from rest_framework import status
from rest_framework.response import Response
from rest_framework.views import exception_handler as drf_exception_handler

from ..domain.errors import DomainError
from ..store import VersionConflict

NOT_FOUND_CODES = {"series_not_found", "deal_not_found"}


def domain_error_status(error: DomainError) -> int:
    if error.code in NOT_FOUND_CODES:
        return status.HTTP_404_NOT_FOUND
    return status.HTTP_422_UNPROCESSABLE_ENTITY


def exception_handler(exc, context):
    if isinstance(exc, VersionConflict):
        return Response(
            {
                "code": exc.code,
                "message": f"The series is at version {exc.current}, not {exc.expected}: "
                "reload it and try again.",
                "field": "expected_version",
                "current_version": exc.current,
            },
            status=status.HTTP_409_CONFLICT,
        )
    if isinstance(exc, DomainError):
        return Response(
            {"code": exc.code, "message": exc.message, "field": exc.field},
            status=domain_error_status(exc),
        )
    response = drf_exception_handler(exc, context)
    if response is not None and isinstance(response.data, dict) and "code" not in response.data:
        detail = response.data.get("detail")
        code = getattr(detail, "code", None) or "invalid"
        response.data = {
            "code": code,
            "message": str(detail) if detail is not None else "Invalid request.",
            "field": None,
            **({"errors": response.data} if detail is None else {}),
        }
    return response
