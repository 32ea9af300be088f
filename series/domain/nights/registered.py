"""A list of methods known by the code the night's events store: the night's
scoring methods (``scoring``) and its draw methods (``draws``), each offered in
the order it was registered."""

from __future__ import annotations

from typing import Generic, Protocol, TypeVar


class Coded(Protocol):
    code: str


M = TypeVar("M", bound=Coded)


class Registered(Generic[M]):
    """Methods by code; ``what`` names them in a registration's refusal."""

    def __init__(self, what: str) -> None:
        self.what = what
        self._methods: dict[str, M] = {}

    def register(self, method: M) -> M:
        """Make ``method`` known by its code."""
        if method.code in self._methods:
            raise ValueError(f"a {self.what} {method.code!r} is registered already")
        self._methods[method.code] = method
        return method

    def unregister(self, code: str) -> None:
        del self._methods[code]

    def find(self, code: object) -> M | None:
        """The method of that code, None when none is registered."""
        return self._methods.get(code) if isinstance(code, str) else None

    def get(self, code: str) -> M:
        """The method of that code; a LookupError when none is registered."""
        found = self.find(code)
        if found is None:
            raise LookupError(f"no {self.what} {code!r} is registered")
        return found

    def all(self) -> tuple[M, ...]:
        """The methods in the order they were registered: the order they are offered in."""
        return tuple(self._methods.values())

    def codes(self) -> tuple[str, ...]:
        return tuple(self._methods)
