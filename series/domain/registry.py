"""One registry of event classes: each event's type name and stream, its stored
form, the upcasters of older schema versions, and the command that records it.

An event is a frozen dataclass registered with the decorator of its stream
(``series_event``, ``roster_event`` in ``events.py``; ``night_event`` in
``nights/events.py``); its payload is read off its fields' type hints (ints,
strings, bools, None, tuples, mappings, nested dataclasses, cards as their
text). A field stored otherwise than its type says declares it with
``stored``. A field added later with a default reads as that default from
older payloads, with no new schema version; a payload whose shape changes
raises ``SCHEMA_VERSION`` and registers an ``upcaster`` for the version before.

A command that records an event is registered with ``records``: a restore
builds it from the event's fields of the same names (``command_for``) and
decides it again.
"""

from __future__ import annotations

import dataclasses
import types
import typing
from collections.abc import Callable, Mapping
from functools import cache
from importlib import import_module
from typing import Any

from series.domain.cards import Card, parse_card

# The schema version written today for every event type.
SCHEMA_VERSION = 4

# The modules that register events and their commands: importing them fills
# the registry before the first payload is read.
_MODULES = (
    "series.domain.events",
    "series.domain.nights.events",
    "series.domain.series",
    "series.domain.roster",
    "series.domain.nights.night",
    "series.domain.federations.membership",
    "series.domain.federations.person_links",
    "series.domain.championships.events",
    "series.domain.championships.championship",
)

_EVENTS: dict[str, type] = {}
_STREAMS: dict[type, str] = {}
_ORDERS: dict[type, tuple[str, ...]] = {}
_COMMANDS: dict[type, tuple[type, Mapping[str, Callable[[Any], Any]]]] = {}
Upcaster = Callable[[dict[str, Any]], dict[str, Any]]
# (type, schema version) -> the function turning that version's payload into the next's.
UPCASTERS: dict[tuple[str, int], Upcaster] = {}


@dataclasses.dataclass(frozen=True, slots=True)
class Stored:
    """How one field is stored when its type alone does not say: nested in
    the owner's own payload (``flat``); written only when ``written(owner)``
    says so (``omitted_when_default``: only when not its default); or with a
    codec of its own (``encode``, ``decode``)."""

    flat: bool = False
    omitted_when_default: bool = False
    written: Callable[[Any], bool] | None = None
    encode: Callable[[Any], Any] | None = None
    decode: Callable[[Any], Any] | None = None


def stored(
    *,
    flat: bool = False,
    omitted_when_default: bool = False,
    written: Callable[[Any], bool] | None = None,
    encode: Callable[[Any], Any] | None = None,
    decode: Callable[[Any], Any] | None = None,
    **field_options: Any,
) -> Any:
    """A dataclass field (``dataclasses.field`` options) with its stored form."""
    how = Stored(flat, omitted_when_default, written, encode, decode)
    return dataclasses.field(metadata={"stored": how}, **field_options)


def events_of(stream: str) -> Callable[..., Any]:
    """The decorator registering the events of one stream: ``@night_event`` or,
    when the payload's keys are in another order than the fields,
    ``@night_event(order=(...))``."""

    def register(cls: type | None = None, *, order: tuple[str, ...] | None = None) -> Any:
        def registered(cls: type) -> type:
            name = cls.__name__
            if name in _EVENTS and _EVENTS[name] is not cls:
                raise TypeError(f"two events are called {name}")
            if order is not None:
                if sorted(order) != sorted(f.name for f in dataclasses.fields(cls)):
                    raise TypeError(f"{name}: the stored order must name every field once")
                _ORDERS[cls] = order
            _EVENTS[name], _STREAMS[cls] = cls, stream
            return cls

        return registered if cls is None else registered(cls)

    return register


def upcaster(type_name: str, version: int) -> Callable[[Upcaster], Upcaster]:
    """Register the function that turns a ``type_name`` payload of schema
    ``version`` into one of the next version."""

    def register(upcast: Upcaster) -> Upcaster:
        UPCASTERS[(type_name, version)] = upcast
        return upcast

    return register


def records(event: type, **converted: Callable[[Any], Any]) -> Callable[[type], type]:
    """Register the decorated command as the one that records ``event``;
    ``converted`` turns an event's field into the command's where they differ."""

    def register(command: type) -> type:
        _COMMANDS[event] = (command, converted)
        return command

    return register


@cache
def _loaded() -> None:
    for module in _MODULES:
        import_module(module)


def event_types() -> Mapping[str, type]:
    """Every event class by its stored type name."""
    _loaded()
    return types.MappingProxyType(_EVENTS)


def stream_of(event: object) -> str | None:
    """The stream an event belongs to ("series", "roster", "night"), None for
    anything else."""
    return _STREAMS.get(type(event))


def command_for(event: object) -> Any:
    """The command that records ``event`` (deciding it again on the state before
    must give back the same event, which is how a restored log is validated);
    None for an event no command can decide again alone (a night's draw, its close)."""
    _loaded()
    registered = _COMMANDS.get(type(event))
    if registered is None:
        return None
    command, converted = registered
    names = {f.name for f in dataclasses.fields(event)}
    return command(
        **{
            f.name: converted.get(f.name, _same)(getattr(event, f.name))
            for f in dataclasses.fields(command)
            if f.name in names
        }
    )


def to_payload(event: Any) -> tuple[str, dict[str, Any]]:
    """The event's type name and JSON payload, as stored in the log."""
    cls = type(event)
    if cls not in _STREAMS:
        raise TypeError(f"not an event: {event!r}")
    return cls.__name__, _plan(cls).encode(event)


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
    return _plan(cls).decode(data)


def as_stored(value: Any) -> Any:
    """A registered event's or a nested value's (a deal's entry, an outcome)
    stored form, as the log keeps it."""
    return _plan(type(value)).encode(value)


def from_stored(cls: type, data: Mapping[str, Any]) -> Any:
    """The value of dataclass ``cls`` that ``as_stored`` gave ``data``."""
    return _plan(cls).decode(data)


# -- the codec ----------------------------------------------------------------


def _same(value: Any) -> Any:
    return value


_NOT_OMITTED = object()


@dataclasses.dataclass(frozen=True, slots=True)
class _Field:
    name: str
    encode: Callable[[Any], Any] | None  # None: stored as it is
    decode: Callable[[Any], Any] | None
    flat: bool
    omitted: Any  # the value not written (the default), or _NOT_OMITTED
    written: Callable[[Any], bool] | None
    required: bool


@dataclasses.dataclass(frozen=True, slots=True)
class _Plan:
    """How one dataclass is written to JSON and read back, field by field."""

    cls: type
    fields: tuple[_Field, ...]

    def encode(self, value: Any) -> dict[str, Any]:
        payload: dict[str, Any] = {}
        for f in self.fields:
            item = getattr(value, f.name)
            if f.omitted is not _NOT_OMITTED and item == f.omitted:
                continue
            if f.written is not None and not f.written(value):
                continue
            if f.encode is not None:
                item = f.encode(item)
            if f.flat:
                payload.update(item)
            else:
                payload[f.name] = item
        return payload

    def decode(self, data: Mapping[str, Any]) -> Any:
        values = {}
        for f in self.fields:
            if f.flat:
                values[f.name] = f.decode(data)
            elif f.name in data:
                item = data[f.name]
                values[f.name] = item if f.decode is None else f.decode(item)
            elif f.required:
                raise KeyError(f.name)
        return self.cls(**values)


@cache
def _plan(cls: type) -> _Plan:
    hints = typing.get_type_hints(cls)
    by_name = {f.name: f for f in dataclasses.fields(cls)}
    order = _ORDERS.get(cls, tuple(by_name))
    return _Plan(cls, tuple(_field(by_name[name], hints[name]) for name in order))


def _field(f: dataclasses.Field, hint: Any) -> _Field:
    how: Stored = f.metadata.get("stored", Stored())
    if how.flat:
        nested = _plan(hint)
        encode, decode = nested.encode, nested.decode
    elif how.encode is None or how.decode is None:
        encode, decode = _codec(hint)
    else:
        encode, decode = how.encode, how.decode
    encode, decode = how.encode or encode, how.decode or decode
    omitted = _default(f) if how.omitted_when_default else _NOT_OMITTED
    required = f.default is dataclasses.MISSING and f.default_factory is dataclasses.MISSING
    return _Field(
        f.name,
        None if encode is _same else encode,
        None if decode is _same else decode,
        how.flat,
        omitted,
        how.written,
        required,
    )


def _default(f: dataclasses.Field) -> Any:
    if f.default_factory is not dataclasses.MISSING:
        return f.default_factory()
    return f.default


def _codec(hint: Any) -> tuple[Callable[[Any], Any], Callable[[Any], Any]]:
    """A value's encoder to JSON and decoder back, from its type hint."""
    origin, args = typing.get_origin(hint), typing.get_args(hint)
    if hint is Card:
        return str, parse_card
    if hint in (int, str, bool, float) or hint is Any:
        return _same, _same
    if origin in (typing.Union, types.UnionType):
        kept = [arg for arg in args if arg is not type(None)]
        if len(kept) != 1:
            raise TypeError(f"no stored form for {hint!r}: one type or None")
        encode, decode = _codec(kept[0])
        if encode is _same and decode is _same:
            return _same, _same
        return (
            lambda value: None if value is None else encode(value),
            lambda data: None if data is None else decode(data),
        )
    if origin is tuple and len(args) == 2 and args[1] is Ellipsis:
        encode, decode = _codec(args[0])
        if encode is _same:
            return list, tuple
        return (
            lambda values: [encode(value) for value in values],
            lambda data: tuple(decode(item) for item in data),
        )
    if origin in (Mapping, dict):
        key, value = args or (str, Any)
        if (key, value) in ((str, Any), (str, int)):
            return dict, dict
        if (key, value) == (int, int):
            return (
                lambda mapping: {str(k): v for k, v in mapping.items()},
                lambda data: {int(k): v for k, v in data.items()},
            )
    if dataclasses.is_dataclass(hint):
        nested = _plan(hint)
        return nested.encode, nested.decode
    raise TypeError(f"no stored form for {hint!r}: declare one with stored(encode=, decode=)")
