"""One registry of event classes: each event's type name and stream, and the
command that records it.

An event is a frozen dataclass registered with the decorator of its stream
(``series_event``, ``roster_event`` in ``events.py``; ``night_event`` in
``nights/events.py``). Its stored form is the event store's
(``series.eventstore.mapper``), read off its fields.

A command that records an event is registered with ``records``: a restore
builds it from the event's fields of the same names (``command_for``) and
decides it again.
"""

from __future__ import annotations

import dataclasses
import types
from collections.abc import Callable, Mapping
from functools import cache
from importlib import import_module
from typing import Any

# The modules that register events and their commands: importing them fills
# the registry before the first event type is looked up.
_MODULES = (
    "series.domain.events",
    "series.domain.nights.events",
    "series.domain.series",
    "series.domain.roster",
    "series.domain.nights.commands",
    "series.domain.nights.planning",
    "series.domain.federations.membership",
    "series.domain.federations.person_links",
    "series.domain.championships.events",
    "series.domain.championships.championship",
)

_EVENTS: dict[str, type] = {}
_STREAMS: dict[type, str] = {}
_COMMANDS: dict[type, tuple[type, Mapping[str, Callable[[Any], Any]]]] = {}


def events_of(stream: str) -> Callable[[type], type]:
    """The decorator registering the events of one stream (``@night_event``)."""

    def registered(cls: type) -> type:
        name = cls.__name__
        if name in _EVENTS and _EVENTS[name] is not cls:
            raise TypeError(f"two events are called {name}")
        _EVENTS[name], _STREAMS[cls] = cls, stream
        return cls

    return registered


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


def _same(value: Any) -> Any:
    return value
