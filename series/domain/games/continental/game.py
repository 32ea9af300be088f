"""Continental Rummy (RULES §2): groups only, one discard to go out, the lowest
total after one deal per player wins, a tie calls a tiebreak deal."""

from __future__ import annotations

from collections.abc import Sequence

from series.domain import melds, scoring
from series.domain.cards import Card
from series.domain.errors import _
from series.domain.events import Outcome
from series.domain.games.base import Game, Option, Words
from series.domain.games.continental.solver import solve_continental
from series.domain.meld_reasons import Reason, Verdict
from series.domain.rules import CONTINENTAL, Rules, invalid_option
from series.domain.scoring import Standing

HAND_SIZE = Option(
    "hand_size", int, help=_("Cards dealt to each player"), nullable=True, melds=True
)
DECKS = Option("decks", int, help=_("Decks in the pack"), nullable=True, melds=True)
JOKERS = Option("jokers", int, help=_("Jokers in the pack"), melds=True)


class Continental(Game):
    name = CONTINENTAL
    label = _("Continental Rummy")
    min_players, max_players = 3, 8
    options = (
        HAND_SIZE,
        DECKS,
        JOKERS,
        Option(
            "buys",
            bool,
            _("Buy the discard"),
            _("Out of turn, a player may take the top discard plus 2 penalty cards."),
            default=False,
        ),
        Option(
            "deals",
            int,
            _("Fixed number of deals"),
            _("Play this many deals whatever the table size; empty: one deal each."),
            nullable=True,
        ),
        Option(
            "target",
            int,
            _("Target score"),
            _("Deals go on until someone reaches it; the lowest total then wins."),
            nullable=True,
        ),
        Option(
            "relaxed",
            bool,
            _("Relaxed laying"),
            _("Groups are laid turn by turn; only the groups shown can be checked."),
            default=False,
        ),
    )
    presets = {
        CONTINENTAL: Rules(),
        "continental-13": Rules(preset="continental-13", hand_size=13),
        "continental-12": Rules(preset="continental-12", hand_size=12),
        "continental-3-decks": Rules(preset="continental-3-decks", decks=3, jokers=6),
        "continental-no-jokers": Rules(preset="continental-no-jokers", jokers=0),
    }
    preset_labels = {
        CONTINENTAL: _("Continental: 2 decks and 4 jokers, 15 cards each"),
        "continental-13": _("Large table: 13 cards each, so 7 or 8 players fit the pack"),
        "continental-12": _("Short deals: 12 cards each"),
        "continental-3-decks": _("Large table: 3 decks and 6 jokers, 15 cards each"),
        "continental-no-jokers": _("No jokers: 2 decks, 104 cards; every group is natural"),
    }
    pack_too_small = _(
        "{players} players × {hand} cards + 1 up-card need {needed} cards, "
        "but the pack has {size}. Deal 13 cards each (continental-13) "
        "or add a third deck with 2 more jokers (continental-3-decks)."
    )

    def validate(self, rules: Rules) -> None:
        if rules.deals is not None and rules.target is not None:
            raise invalid_option(
                "target", _("Choose a fixed number of deals or a target score, not both.")
            )

    def cards_left_range(self, rules: Rules, buys: int = 0) -> tuple[int, int]:
        """Every other player has finished their turn: exactly the dealt
        number, + 3 per buy (RULES D-7)."""
        held = rules.hand_size + 3 * buys
        return held, held

    def solve(self, rules: Rules, cards: Sequence[Card]) -> Verdict:
        return solve_continental(rules.pack, cards)

    def arrangement_problems(
        self, rules: Rules, groups: tuple[tuple[Card, ...], ...], discard: Card | None
    ) -> list[Reason]:
        """2 or more groups and exactly one discard (RULES D-4)."""
        return melds.groups_and_discard_problems(groups, discard)

    def group_problems(self, rules: Rules, number: int, group: tuple[Card, ...]) -> list[Reason]:
        return melds.group_problems(number, group)

    def outcome(self, rules: Rules, standing: Standing) -> Outcome:
        seats, totals = standing.seats, standing.totals
        if standing.previous.tiebreak:
            return scoring.settle(standing.previous.contenders, totals)  # RULES D-8
        if rules.target is not None:  # RULES D-11
            if any(totals[p] >= rules.target for p in seats):
                return scoring.settle(seats, totals)
            return Outcome(False, False, seats)
        length = rules.deals or len(seats)  # one deal per player, or RULES D-10
        if standing.regular_deals >= length:
            return scoring.settle(seats, totals)
        return Outcome(False, False, seats)

    def in_words(self, rules: Rules) -> list[Words]:
        words: list[Words] = []
        if rules.option("buys"):
            words.append((_("Buying the discard is allowed."), {}))
        if rules.deals:
            words.append((_("%(deals)s deals, whatever the table size."), {"deals": rules.deals}))
        if rules.target:
            words.append(
                (
                    _("Deals go on until someone reaches %(target)s points."),
                    {"target": rules.target},
                )
            )
        if rules.option("relaxed"):
            words.append((_("Relaxed laying: only the groups shown are checked."), {}))
        return words


CONTINENTAL_GAME = Continental()
