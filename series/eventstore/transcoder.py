"""The transcoder: a dataclass's JSON form and back, read off its fields' type
hints (ints, strings, bools, None, tuples, mappings, nested dataclasses, cards
as their text) and the few declarations of ``stored_forms``.

A field added later with a default reads as that default from older payloads;
one without a default is required. ``as_stored`` and ``from_stored`` serve
the events (through ``mapper``) and the values a projection keeps as JSON (a
deal's entry, an outcome, a championship's cut).
"""

from __future__ import annotations

import dataclasses
import types
import typing
from collections.abc import Callable, Mapping
from functools import cache
from typing import Any

from series.domain.cards import Card, parse_card
from series.eventstore.stored_forms import FIELDS, ORDERS, Stored


def as_stored(value: Any) -> Any:
    """A dataclass value's stored form, as the log keeps it."""
    return _plan(type(value)).encode(value)


def from_stored(cls: type, data: Mapping[str, Any]) -> Any:
    """The value of dataclass ``cls`` that ``as_stored`` gave ``data``."""
    return _plan(cls).decode(data)


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
    if not dataclasses.is_dataclass(cls):
        raise TypeError(f"no stored form for {cls!r}: not a dataclass")
    hints = typing.get_type_hints(cls)
    by_name = {f.name: f for f in dataclasses.fields(cls)}
    declared = FIELDS.get(cls, {})
    if unknown := set(declared) - set(by_name):
        raise TypeError(f"{cls.__name__}: no field {sorted(unknown)} to store")
    order = ORDERS.get(cls, tuple(by_name))
    if sorted(order) != sorted(by_name):
        raise TypeError(f"{cls.__name__}: the stored order must name every field once")
    return _Plan(
        cls,
        tuple(_field(by_name[name], hints[name], declared.get(name, Stored())) for name in order),
    )


def _field(f: dataclasses.Field, hint: Any, how: Stored) -> _Field:
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
    raise TypeError(f"no stored form for {hint!r}: declare one in stored_forms.FIELDS")
