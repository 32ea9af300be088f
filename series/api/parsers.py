"""The API's JSON parser, with the body size bounded.

Its own module, importing only DRF's parsers: settings name it as the
default parser, and DRF reads that setting while defining APIView.
"""

from __future__ import annotations

import json
import re

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
            data = json.loads(
                body.decode(settings.DEFAULT_CHARSET),
                parse_constant=strict_constant,
                object_pairs_hook=_object_without_duplicates,
            )
        except DuplicateKey as error:
            raise ParseError(
                _("The key “{key}” is in one object of the body twice.").format(key=error.key)
            ) from error
        except (ValueError, RecursionError) as error:
            raise ParseError(_("The body is not valid JSON.")) from error
        if not _all_text(data):
            raise ParseError(_("The body holds a string that is not text (a lone surrogate)."))
        return data


class DuplicateKey(ValueError):
    def __init__(self, key: str) -> None:
        super().__init__(key)
        self.key = key


def _object_without_duplicates(pairs: list[tuple[str, object]]) -> dict[str, object]:
    """An object whose keys are all different: with a key twice, which one the
    request meant is unknown (JSON's own parser keeps the last silently)."""
    data = dict(pairs)
    if len(data) < len(pairs):
        seen: set[str] = set()
        for key, _value in pairs:
            if key in seen:
                raise DuplicateKey(key if _SURROGATE.search(key) is None else ascii(key))
            seen.add(key)
    return data


_SURROGATE = re.compile("[\ud800-\udfff]")


def _all_text(data: object) -> bool:
    """Whether every string of the parsed body is text: JSON's ``\\ud800`` escape
    without its pair gives a string no answer can encode, or a database store."""
    stack = [data]
    while stack:
        item = stack.pop()
        if isinstance(item, str):
            if _SURROGATE.search(item):
                return False
        elif isinstance(item, dict):
            stack.extend(item)
            stack.extend(item.values())
        elif isinstance(item, list):
            stack.extend(item)
    return True


def _content_length(meta) -> int:
    try:
        return int(meta.get("CONTENT_LENGTH") or 0)
    except ValueError:
        return 0
