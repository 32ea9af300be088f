"""The night's scoring methods the scorekeeper knows, by the code a night stores
(``scoring`` registers each one); this list knows no method."""

from __future__ import annotations

from .base import NightScoring

_METHODS: dict[str, NightScoring] = {}


def register(method: NightScoring) -> NightScoring:
    """Make ``method`` known by its code."""
    if method.code in _METHODS:
        raise ValueError(f"a night scoring {method.code!r} is registered already")
    _METHODS[method.code] = method
    return method


def unregister(code: str) -> None:
    del _METHODS[code]


def get(code: str) -> NightScoring:
    """The method of that code; a LookupError when none is registered."""
    try:
        return _METHODS[code]
    except KeyError:
        raise LookupError(f"no night scoring {code!r} is registered") from None


def find(code: str | None) -> NightScoring | None:
    """The method of that code, None when none is registered."""
    return _METHODS.get(code) if isinstance(code, str) else None


def all() -> tuple[NightScoring, ...]:
    """The methods in the order they were registered: the order they are offered in."""
    return tuple(_METHODS.values())


def codes() -> tuple[str, ...]:
    return tuple(_METHODS)
