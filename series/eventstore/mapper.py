"""The mapper: a domain event and the row the log keeps of it (its type name,
its JSON payload and the schema version that wrote it), both ways.

The type name is the event's class name (``series.domain.registry``); the
payload is the transcoder's (``transcoder``); a payload of an older schema
version is upcast when read (``upcasters``), never rewritten.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from series.domain.registry import event_types, stream_of
from series.eventstore.transcoder import as_stored, from_stored
from series.eventstore.upcasters import UPCASTERS

# The schema version written today for every event type.
SCHEMA_VERSION = 4


def to_payload(event: Any) -> tuple[str, dict[str, Any]]:
    """The event's type name and JSON payload, as stored in the log."""
    if stream_of(event) is None:
        raise TypeError(f"not an event: {event!r}")
    return type(event).__name__, as_stored(event)


def from_payload(type_name: str, payload: Mapping[str, Any], schema_version: int) -> Any:
    """Rebuild an event from its stored form, upcasting older payloads first."""
    cls = event_types().get(type_name)
    if cls is None:
        raise ValueError(f"unknown event type {type_name!r}")
    data = dict(payload)
    for version in range(schema_version, SCHEMA_VERSION):
        upcast = UPCASTERS.get((type_name, version))
        if upcast is not None:
            data = upcast(data)
    return from_stored(cls, data)
