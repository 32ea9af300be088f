"""Standard Rummy (RULES §3): sets and runs, hands and decks by table size, a
cap that eliminates or a winner who takes all."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from series.domain import melds, scoring
from series.domain.cards import Card
from series.domain.errors import _
from series.domain.events import DealEntry, Outcome
from series.domain.games.base import Game, Option, Words
from series.domain.games.continental.game import DECKS, HAND_SIZE, JOKERS
from series.domain.games.rummy import wild_twos
from series.domain.games.rummy.solver import solve_rummy
from series.domain.meld_reasons import Reason, Verdict
from series.domain.rules import ELIMINATION, WINNER_TAKES_ALL, Rules, invalid_option
from series.domain.scoring import Standing

RUMMY = "rummy"
RUMMY_BONUSES = (2, 3)  # what a Rummy multiplies the winner's collection by


class Rummy(Game):
    name = RUMMY
    label = _("Rummy")
    min_players, max_players = 2, 6
    options = (
        HAND_SIZE,
        DECKS,
        JOKERS,
        Option(
            "ace_high",
            bool,
            _("Ace high or low (Rummy)"),
            _("Q-K-A counts as a run, but never K-A-2."),
            melds=True,
            default=False,
        ),
        Option(
            "scoring",
            str,
            _("Winner takes all (Rummy)"),
            _("The winner collects the others' penalties; first to the target wins."),
            field="winner_takes_all",
            value=WINNER_TAKES_ALL,
        ),
        Option("target", int, nullable=True),
        Option(
            "rummy_bonus",
            int,
            _("A Rummy triples the collection (Rummy)"),
            _("With the winner taking all, a Rummy collects three times, not twice."),
            field="rummy_triples",
            value=3,
            default=2,
        ),
        Option(
            "twos_wild",
            bool,
            _("Twos are wild (Rummy)"),
            _(
                "Every 2 stands for any card, like a joker, or for itself; a 2 left in "
                "hand still costs 2 points."
            ),
            melds=True,
            default=False,
        ),
    )
    presets = {
        RUMMY: Rules(
            preset=RUMMY,
            game=RUMMY,
            decks=None,
            jokers=0,
            hand_size=None,
            target=100,
            scoring=ELIMINATION,
        ),
    }
    preset_labels = {
        RUMMY: _("Standard Rummy: sets and runs, 2 to 6 players, out at 100 points"),
    }
    winnerless_deals = True  # RULES §3: the stock ran out; the lowest hand wins the deal
    rummy_claims = True
    fixed_going_out_hand = False  # going out is playing the last card, whenever

    def validate(self, rules: Rules) -> None:
        if rules.scoring not in (ELIMINATION, WINNER_TAKES_ALL):
            raise invalid_option(
                "scoring", _("Scoring must be “elimination” or “winner_takes_all”.")
            )
        if rules.target is None:
            raise invalid_option(
                "target", _("Standard Rummy needs a target or cap (commonly 100).")
            )
        bonus = rules.option("rummy_bonus")
        if bonus not in RUMMY_BONUSES:
            raise invalid_option(
                "rummy_bonus",
                _("A Rummy multiplies the collection by 2 or 3, not {value}."),
                value=bonus,
            )

    def solve(self, rules: Rules, cards: Sequence[Card]) -> Verdict:
        ace_high = rules.option("ace_high")
        if rules.option("twos_wild"):
            return wild_twos.solve_rummy_twos_wild(rules.pack, cards, ace_high=ace_high)
        return solve_rummy(rules.pack, cards, ace_high=ace_high)

    def group_problems(self, rules: Rules, number: int, group: tuple[Card, ...]) -> list[Reason]:
        ace_high = rules.option("ace_high")
        if rules.option("twos_wild"):
            return wild_twos.meld_problems(number, group, ace_high=ace_high)
        return melds.set_or_run_problems(number, group, ace_high=ace_high)

    def deal_scores(
        self,
        rules: Rules,
        contenders: Sequence[int],
        entry: DealEntry,
        penalties: Mapping[int, int],
    ) -> dict[int, int]:
        if rules.scoring != WINNER_TAKES_ALL:
            return super().deal_scores(rules, contenders, entry, penalties)
        winners = scoring.deal_winners(entry, penalties)
        collected = sum(points for player, points in penalties.items() if player not in winners)
        if entry.rummy:
            collected *= self.rummy_times(rules)
        share = collected // len(winners)
        return {p: (share if p in winners else 0) for p in contenders}

    def outcome(self, rules: Rules, standing: Standing) -> Outcome:
        seats, totals, previous = standing.seats, standing.totals, standing.previous
        if rules.scoring == WINNER_TAKES_ALL:
            reached = [p for p in seats if totals[p] >= rules.target]
            if reached:
                return Outcome(True, False, (), winner=max(reached, key=lambda p: totals[p]))
            return Outcome(False, False, seats)
        # The winner of a deal scores 0, so somebody always stays below the cap.
        out = set(previous.eliminated) | {
            p for p in previous.contenders if totals[p] >= rules.target
        }
        eliminated = tuple(p for p in seats if p in out)
        alive = tuple(p for p in seats if p not in out)
        if len(alive) == 1:
            return Outcome(True, False, (), eliminated, winner=alive[0])
        return Outcome(False, False, alive, eliminated)

    def higher_wins(self, rules: Rules) -> bool:
        return rules.scoring == WINNER_TAKES_ALL

    def rummy_times(self, rules: Rules) -> int:
        return rules.option("rummy_bonus") if rules.scoring == WINNER_TAKES_ALL else 1

    def preset_label_holds(self, rules: Rules) -> bool:
        # The label says "out at 100 points": a winner taking all, or another cap, is not that.
        return rules.scoring == ELIMINATION and rules.target == self.presets[RUMMY].target

    def in_words(self, rules: Rules) -> list[Words]:
        words: list[Words] = []
        if rules.option("ace_high"):
            words.append((_("Ace high or low: Q-K-A is a run."), {}))
        if rules.option("twos_wild"):
            words.append((_("Twos are wild: a 2 stands for any card, or for itself."), {}))
        target = {"target": rules.target}
        if rules.scoring == WINNER_TAKES_ALL:
            if rules.option("rummy_bonus") == 3:
                words.append((_("A Rummy triples the collection."), {}))
            words.append((_("Winner takes all; first to %(target)s points wins."), target))
        else:
            words.append((_("A player who reaches %(target)s points is out."), target))
        return words


RUMMY_GAME = Rummy()
