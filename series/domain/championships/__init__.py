"""A club's championship, pure (RULES D-23, D-24): qualifying nights, their
standings with the best N counted, the cut to a final of K, the carry-over and
the final ranking. No database: the championship's stream, read model and pages
build on these functions.

- ``standings``: each player's points over the qualifying nights, the best N
  counted, ties broken by the pooled average per deal, then shared (D-23).
- ``cut``: who goes to the final and why; all who share the K-th place go (D-24).
- ``final_ranking``: carry-over plus the final night's points, then the
  finalists who did not play, then everyone else in qualifying order (D-24).
- ``championship``: the championship as a fold of its events, and its commands.
"""

from .cut import CUT_REASONS, cut
from .final import CARRY_OVER, carried, final_ranking
from .standings import QualifyingNight, StandingLine, standings

__all__ = [
    "CARRY_OVER",
    "CUT_REASONS",
    "QualifyingNight",
    "StandingLine",
    "carried",
    "cut",
    "final_ranking",
    "standings",
]
