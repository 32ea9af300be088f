"""The games the scorekeeper knows, by name: one ``Game`` object each.

Adding a game is adding a module with a ``Game`` and registering it; nothing
outside the game asks which game a series plays (``rules.game_object``).
A series stores its game by name, so a stored series needs its game registered.
"""

from __future__ import annotations

from series.domain.games.base import Game, Option, Words
from series.domain.games.continental import CONTINENTAL_GAME
from series.domain.games.rummy import RUMMY_GAME
from series.domain.rules import Rules
from series.domain.scoring import Standing

__all__ = [
    "Game",
    "Option",
    "Standing",
    "Words",
    "all",
    "get",
    "options",
    "preset",
    "presets",
    "register",
    "unregister",
]

_GAMES: dict[str, Game] = {}


def register(game: Game) -> Game:
    """Make ``game`` known by its name and its presets by theirs."""
    taken = set(presets())
    if game.name in _GAMES or taken & set(game.presets):
        raise ValueError(f"a game or preset of {game.name!r} is registered already")
    _GAMES[game.name] = game
    return game


def unregister(name: str) -> None:
    del _GAMES[name]


def get(name: str) -> Game:
    """The game of that name; a LookupError when none is registered (a series
    of a game this app no longer knows cannot be read)."""
    try:
        return _GAMES[name]
    except KeyError:
        raise LookupError(f"no game {name!r} is registered") from None


def all() -> tuple[Game, ...]:
    """The games in the order they were registered."""
    return tuple(_GAMES.values())


def options() -> tuple[Option, ...]:
    """Every game's options, each name once, as the first game to take it declares it."""
    found: dict[str, Option] = {}
    for game in _GAMES.values():
        for option in game.options:
            found.setdefault(option.name, option)
    return tuple(found.values())


def presets() -> dict[str, Rules]:
    """Every game's presets by name, game after game."""
    return {name: rules for game in _GAMES.values() for name, rules in game.presets.items()}


def preset(name: str) -> Rules | None:
    return presets().get(name)


register(CONTINENTAL_GAME)
register(RUMMY_GAME)
