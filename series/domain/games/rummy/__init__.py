"""Standard Rummy (RULES §3): the game, its search and solver, and its wild twos."""

from series.domain.games.rummy.game import RUMMY_GAME, Rummy

__all__ = ["RUMMY_GAME", "Rummy"]
