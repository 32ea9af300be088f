"""The API's JSON parser, with the body size bounded.

Its own module, importing only DRF's parsers: settings name it as the
default parser, and DRF reads that setting while defining APIView.
"""

from __future__ import annotations

import json

from django.conf import settings
from django.utils.translation import gettext_lazy as _
from rest_framework import status
from rest_framework.exceptions import APIException, ParseError
from rest_framework.parsers import JSONParser
from rest_framework.utils.json import strict_constant


class RequestTooLarge(APIException):
    status_code = status.HTTP_413_REQUEST_ENTITY_TOO_LARGE
    default_detail = _("The request body is too large.")
    default_code = "request_too_large"


class BoundedJSONParser(JSONParser):
    """JSON bodies up to DATA_UPLOAD_MAX_MEMORY_SIZE bytes; larger ones get 413.

    DRF's own parser reads the stream whole, past Django's limit.
    """

    def parse(self, stream, media_type=None, parser_context=None):
        limit = settings.DATA_UPLOAD_MAX_MEMORY_SIZE
        request = (parser_context or {}).get("request")
        if limit is not None and request is not None and _content_length(request.META) > limit:
            raise RequestTooLarge()
        body = stream.read() if limit is None else stream.read(limit + 1)
        if limit is not None and len(body) > limit:
            raise RequestTooLarge()
        try:
            return json.loads(body.decode(settings.DEFAULT_CHARSET), parse_constant=strict_constant)
        except (ValueError, RecursionError) as error:
            raise ParseError(_("The body is not valid JSON.")) from error


def _content_length(meta) -> int:
    try:
        return int(meta.get("CONTENT_LENGTH") or 0)
    except ValueError:
        return 0
