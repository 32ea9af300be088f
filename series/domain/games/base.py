"""What a game answers, for the rest of the app to ask.

``Rules`` keeps a series' options and names its game; whatever depends on the
game asks ``rules.game_object``, the ``Game`` registered under that name. The
defaults here are those of the rummy family (RULES §2, §3): hands dealt from a
pack, one player going out, the others scoring the penalty of the cards they
hold, a winner with the lowest total. A game overrides what it plays otherwise.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Mapping, Sequence
from dataclasses import replace
from typing import Any

from series.domain import scoring
from series.domain.cards import Card
from series.domain.errors import InvalidRules, _
from series.domain.events import DealEntry, Outcome
from series.domain.meld_reasons import Reason, Verdict
from series.domain.rules import Option, Rules, check_jokers
from series.domain.scoring import Standing

Words = tuple[str, Mapping[str, Any]]  # an English sentence marked for translation, its params


class Game(ABC):
    """One game: table and pack, hands, melds, deal scoring, the end of a series,
    presets, options and labels. Register an instance with ``games.register``."""

    name: str = ""
    label: str = ""  # what people call the game, marked for translation
    min_players: int = 2
    max_players: int = 6
    options: tuple[Option, ...] = ()
    presets: Mapping[str, Rules] = {}
    preset_labels: Mapping[str, str] = {}  # each preset with what it changes, in one line
    winnerless_deals: bool = False  # a deal may end with nobody out (the stock ran out)
    rummy_claims: bool = False  # a winner may claim a "Rummy" (RULES §3)
    fixed_going_out_hand: bool = True  # going out holds a known number of cards
    pack_too_small: str = _(
        "{players} players × {hand} cards + 1 up-card need {needed} cards, "
        "but the pack has {size}. Deal fewer cards or add a deck."
    )

    def rummy_claimable(self, went_out: int | None) -> bool:
        """Whether a deal's Rummy may be claimed, given who went out (``None``:
        nobody, the stock ran out): in a game that has the claim, once someone
        went out, since with nobody out nobody made a Rummy (RULES §3). The deal
        form offers the box by it and the deal's check refuses by it."""
        return self.rummy_claims and went_out is not None

    def option(self, name: str) -> Option | None:
        return next((option for option in self.options if option.name == name), None)

    # -- the table ----------------------------------------------------------------

    def for_table(self, rules: Rules, players: int) -> Rules:
        """``rules`` resolved for ``players`` seats; refuse an impossible table."""
        self.check_table(players)
        return self.settle_table(rules, players)

    def check_table(self, players: int) -> None:
        """Refuse a table of ``players`` the game is not played by."""
        if not self.min_players <= players <= self.max_players:
            raise InvalidRules(
                _("{game} is played by {low} to {high} players, not {players}."),
                code="invalid_table",
                field="players",
                game=self.name.capitalize(),
                low=self.min_players,
                high=self.max_players,
                players=players,
            )

    def settle_table(self, rules: Rules, players: int) -> Rules:
        """Decks and hands left to the table size, settled; the pack checked.
        A hand size left to the table is dealt as RULES §3 deals it."""
        if rules.decks is None:
            rules = replace(rules, decks=1 if players <= 4 else 2)
        if rules.hand_size is None:
            rules = replace(rules, hand_size=_hand_size_by_table(players, rules.decks))
        check_jokers(rules)  # RULES D-12, once the table size settles the decks
        # RULES D-2: every hand plus the up-card must come out of the pack.
        needed = players * rules.hand_size + 1
        if needed > rules.pack.size:
            raise InvalidRules(
                self.pack_too_small,
                code="pack_too_small",
                players=players,
                hand=rules.hand_size,
                needed=needed,
                size=rules.pack.size,
            )
        return rules

    def validate(self, rules: Rules) -> None:
        """Refuse options that do not go together in this game (InvalidRules);
        a game whose options all go together refuses nothing."""
        return None

    # -- hands ----------------------------------------------------------------------

    def going_out_size(self, rules: Rules, buys: int = 0) -> int:
        """Cards in the going-out hand: dealt + the card drawn + 3 per buy (RULES D-7)."""
        return rules.hand_size + 1 + 3 * buys

    def cards_left_range(self, rules: Rules, buys: int = 0) -> tuple[int, int]:
        """How many cards a player who did not go out may hold at the end of a deal."""
        return 1, rules.hand_size

    def card_value(self, rules: Rules, card: Card) -> int:
        """The points ``card`` costs a hand that holds it at the end of a deal
        (RULES §1: A = 1, 2–9 face value, 10 J Q K = 10, joker = 15)."""
        return card.penalty

    # -- melds ----------------------------------------------------------------------

    def solve(self, rules: Rules, cards: Sequence[Card]) -> Verdict:
        """Whether ``cards`` (of the right count, from the pack) go out, and how.
        A game played without melds has no claim to check, and says so."""
        return Verdict(False, (), None, (self._no_melds(),), leftover=tuple(sorted(cards)))

    def arrangement_problems(
        self, rules: Rules, groups: tuple[tuple[Card, ...], ...], discard: Card | None
    ) -> list[Reason]:
        """What is wrong with a declared arrangement, beyond its count of cards."""
        return [
            reason
            for number, group in enumerate(groups, start=1)
            for reason in self.group_problems(rules, number, group)
        ]

    def group_problems(self, rules: Rules, number: int, group: tuple[Card, ...]) -> list[Reason]:
        """What is wrong with one group (or meld) on its own: in a game played
        without melds, that there is none to lay."""
        return [self._no_melds()]

    def _no_melds(self) -> Reason:
        return Reason(
            "no_melds",
            _("{game} is played without melds: there is no claim to check."),
            {"game": self.label or self.name},
        )

    # -- a deal and the series --------------------------------------------------------

    def score_deal(
        self, rules: Rules, contenders: Sequence[int], entry: DealEntry, *, number: int
    ) -> dict[int, int]:
        """Check a deal entry (DomainError naming the deal, the player and the
        card at fault) and return each contender's score for it."""
        penalties = scoring.checked_penalties(rules, contenders, entry, number=number)
        return self.deal_scores(rules, contenders, entry, penalties)

    def deal_scores(
        self,
        rules: Rules,
        contenders: Sequence[int],
        entry: DealEntry,
        penalties: Mapping[int, int],
    ) -> dict[int, int]:
        """Each contender's score from the penalties held: the deal's winner 0."""
        winners = scoring.deal_winners(entry, penalties)
        return {p: (0 if p in winners else penalties[p]) for p in contenders}

    @abstractmethod
    def outcome(self, rules: Rules, standing: Standing) -> Outcome:
        """Where the series stands after a deal: finished (and who won), a
        tiebreak, who plays the next deal, who is out. Every game says when its
        series ends, so there is no default."""

    def higher_wins(self, rules: Rules) -> bool:
        """Whether the highest total leads (else the lowest), for the sheet and the league."""
        return False

    # -- words --------------------------------------------------------------------------

    def in_words(self, rules: Rules) -> list[Words]:
        """Each house rule in force, as a sentence for the score sheet."""
        return []

    def rummy_times(self, rules: Rules) -> int:
        """How many times a Rummy counts what the winner collects (1: no bonus)."""
        return 1

    def preset_label_holds(self, rules: Rules) -> bool:
        """Whether the preset's one-line label still says what ``rules`` play; when
        a house rule contradicts it, the pages name the game instead."""
        return True


def _hand_size_by_table(players: int, decks: int) -> int:
    # RULES §3: 2 players 10; 3–4 players 7; 5–6 players 6 with one deck, 10 with two.
    if players == 2:
        return 10
    if players <= 4:
        return 7
    return 10 if decks == 2 else 6
