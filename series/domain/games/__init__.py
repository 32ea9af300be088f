"""The games the scorekeeper knows, by name: one ``Game`` object each.

Adding a game is adding a package (or a module) with a ``Game`` and registering
it; nothing outside the game asks which game a series plays (``rules.game_object``).
A series stores its game by name, so a stored series needs its game registered:
the domain registers these two when it is first imported (``series.domain``).
"""

from __future__ import annotations

from series.domain.game_registry import (
    all,
    get,
    options,
    preset,
    presets,
    register,
    unregister,
)
from series.domain.games.base import Game, Words
from series.domain.games.continental import CONTINENTAL_GAME
from series.domain.games.rummy import RUMMY_GAME
from series.domain.rules import Option
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

register(CONTINENTAL_GAME)
register(RUMMY_GAME)
