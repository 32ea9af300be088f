"""The rules a night's table plays: the night's, or its large-table rule (RULES D-15).

Two standard decks and four jokers (108 cards) deal 15 cards to at most 7
players (RULES D-2), and a table of 7 leaves a stock of one card; so a table of
7 or 8 takes the club's large-table rule, one of the game's own large-table
presets: 13 cards each (``continental-13``) or a third deck with 2 more jokers
(``continental-3-decks``). The change is what that preset changes in the
hands and the pack against the game's own preset (the hand size, or the decks
and jokers); the night's other house rules stay. A game that seats no table
of 7 (standard Rummy) never reaches it.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from .. import games
from ..errors import _
from ..rules import Rules
from .errors import InvalidNight

LARGE_TABLE = 7  # RULES D-15: from this many players a table takes the large-table rule
THIRTEEN_CARDS = "continental-13"
THIRD_DECK = "continental-3-decks"
LARGE_TABLE_RULES = (THIRTEEN_CARDS, THIRD_DECK)  # the club chooses one; the first by default
_PACK_AND_HANDS = ("decks", "jokers", "hand_size")


@dataclass(frozen=True, slots=True)
class TableRules:
    """The rules a table of ``size`` plays, and whether they differ from the
    night's (``large_table`` names the preset applied, for the page to say so)."""

    size: int
    rules: Rules
    changed: bool
    large_table: str | None = None


def table_rules(rules: Rules, size: int, large_table: str = THIRTEEN_CARDS) -> TableRules:
    """The night's ``rules`` for a table of ``size``: with the large-table rule
    from 7 players, checked for that table (the game's own refusals, which name
    the fix, e.g. a pack too small)."""
    if large_table not in LARGE_TABLE_RULES:
        raise InvalidNight(
            _("Unknown large-table rule “{rule}”. Choose one of: {choices}."),
            code="unknown_large_table_rule",
            field="large_table",
            rule=large_table,
            choices=", ".join(LARGE_TABLE_RULES),
        )
    played = rules
    if size >= LARGE_TABLE:
        played = replace(rules, **_large_table_change(large_table))
    changed = played != rules
    if changed and rules.preset == rules.game:
        # The game's own preset, changed: the table plays the large-table preset, and
        # its score sheet names that one (another preset's name stays, with its changes).
        played = replace(played, preset=large_table)
    played.for_table(size)  # refuses a table the game or the pack cannot seat
    return TableRules(size, played, changed, large_table if changed else None)


def _large_table_change(large_table: str) -> dict[str, int | None]:
    """What the large-table preset sets differently from its game's own preset."""
    preset = games.preset(large_table)
    base = games.preset(preset.game)
    return {
        name: getattr(preset, name)
        for name in _PACK_AND_HANDS
        if getattr(preset, name) != getattr(base, name)
    }
