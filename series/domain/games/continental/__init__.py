"""Continental (RULES §2): the game and its solver."""

from series.domain.games.continental.game import CONTINENTAL_GAME, Continental

__all__ = ["CONTINENTAL_GAME", "Continental"]
