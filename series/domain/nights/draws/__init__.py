"""How a round's players are grouped into tables (RULES D-15, D-24): one module
a method, each a ``DrawMethod`` registered here by the code a round stores.

Adding a method is adding its module and registering it: the draw groups by
it, the services read what it needs (the players best first, their ratings)
and the forms and the API offer it. The order each method's players come in
may be given by a context above the night (a championship's final:
``series.nights.services.DRAW_ORDERS``).
"""

from __future__ import annotations

from ..registered import Registered
from .at_random import RANDOM, RANDOM_DRAW
from .base import Drawing, DrawMethod, cut
from .by_rating import RATING, RATING_DRAW
from .by_standings import STANDINGS, STANDINGS_DRAW
from .championship import CHAMPIONSHIP, CHAMPIONSHIP_DRAW

__all__ = [
    "CHAMPIONSHIP",
    "DEFAULT",
    "RANDOM",
    "RATING",
    "STANDINGS",
    "DrawMethod",
    "Drawing",
    "all",
    "codes",
    "cut",
    "find",
    "get",
    "register",
    "unregister",
]

DEFAULT = RANDOM


METHODS: Registered[DrawMethod] = Registered("draw")
register, unregister, find, get = METHODS.register, METHODS.unregister, METHODS.find, METHODS.get
all, codes = METHODS.all, METHODS.codes

register(RANDOM_DRAW)
register(STANDINGS_DRAW)
register(RATING_DRAW)
register(CHAMPIONSHIP_DRAW)
