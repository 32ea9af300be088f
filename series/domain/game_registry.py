"""The games the scorekeeper knows, by name (``games`` registers each one).

``Rules`` finds its game here by the name it stores, and the games build their
presets from ``Rules``: so this list knows no game, only what it reads of one.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Protocol


class Known(Protocol):
    """What the list reads of a game (``games.Game``): its name, presets and options."""

    name: str
    presets: Mapping[str, Any]  # its ``Rules`` by preset name
    options: tuple[Any, ...]  # its ``rules.Option``s


_GAMES: dict[str, Known] = {}


def register(game: Known) -> Known:
    """Make ``game`` known by its name and its presets by theirs."""
    taken = set(presets())
    if game.name in _GAMES or taken & set(game.presets):
        raise ValueError(f"a game or preset of {game.name!r} is registered already")
    _GAMES[game.name] = game
    return game


def unregister(name: str) -> None:
    del _GAMES[name]


def get(name: str) -> Any:
    """The game of that name (a ``games.Game``); a LookupError when none is
    registered (a series of a game this app no longer knows cannot be read)."""
    try:
        return _GAMES[name]
    except KeyError:
        raise LookupError(f"no game {name!r} is registered") from None


def all() -> tuple[Any, ...]:
    """The games in the order they were registered."""
    return tuple(_GAMES.values())


def options() -> tuple[Any, ...]:
    """Every game's options, each name once, as the first game to take it declares it."""
    found: dict[str, Any] = {}
    for game in _GAMES.values():
        for option in game.options:
            found.setdefault(option.name, option)
    return tuple(found.values())


def presets() -> dict[str, Any]:
    """Every game's presets (their ``Rules``) by name, game after game."""
    return {name: rules for game in _GAMES.values() for name, rules in game.presets.items()}


def preset(name: str) -> Any:
    """The ``Rules`` of the preset of that name; None when no game has it."""
    return presets().get(name)
