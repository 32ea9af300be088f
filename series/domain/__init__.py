"""The pure domain core: cards, rules, melds and the series fold.

Nothing in this package imports Django; it can be tested, benchmarked and
reused without a database.
"""

# The games register when the domain is first imported: every ``Rules`` finds its
# game (``rules.game_object``) whichever module of the domain was imported first.
from series.domain import games  # noqa: F401
