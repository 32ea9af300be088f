"""Rule sets: presets, house-rule options and their validation (RULES §2, §3).

A series records the resolved ``Rules`` it was started with, so later changes
to a preset never rewrite history.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import asdict, dataclass, fields, replace
from typing import Any

from .cards import Pack
from .errors import InvalidRules, _

CONTINENTAL = "continental"
RUMMY = "rummy"

RUMMY_BONUSES = (2, 3)  # what a Rummy multiplies the winner's collection by

# How a deal is scored and how a series ends.
PENALTY = "penalty"  # Continental: lowest total after the series' deals wins
ELIMINATION = "elimination"  # Rummy: reaching the cap eliminates; last one left wins
WINNER_TAKES_ALL = "winner_takes_all"  # Rummy: the winner collects; first to target wins


@dataclass(frozen=True, slots=True)
class Rules:
    """A complete rule set. ``None`` for decks or hand size means "by table size"."""

    preset: str = CONTINENTAL
    game: str = CONTINENTAL
    decks: int | None = 2
    jokers: int = 4
    hand_size: int | None = 15
    deals: int | None = None  # fixed number of deals; None: one deal per player
    target: int | None = None  # Continental target score, Rummy cap or target
    buys: bool = False  # Continental: buy the discard
    relaxed: bool = False  # Continental: groups laid turn by turn
    ace_high: bool = False  # Rummy: Q-K-A allowed
    scoring: str = PENALTY
    twos_wild: bool = False  # Rummy: every 2 is wild like a joker
    rummy_bonus: int = 2  # Rummy, winner takes all: a Rummy multiplies the collection

    # -- table size -----------------------------------------------------------

    @property
    def min_players(self) -> int:
        return 3 if self.game == CONTINENTAL else 2

    @property
    def max_players(self) -> int:
        return 8 if self.game == CONTINENTAL else 6

    @property
    def pack(self) -> Pack:
        """The pack in play. Before the table size settles the decks (standard
        Rummy), a hand may come from the larger pack of two decks."""
        return Pack(decks=self.decks or 2, jokers=self.jokers)

    @property
    def max_card_value(self) -> int:
        return 15 if self.jokers else 10

    def check_table(self, players: int) -> None:
        """Refuse a table of ``players`` the game is not played by."""
        if not self.min_players <= players <= self.max_players:
            raise InvalidRules(
                _("{game} is played by {low} to {high} players, not {players}."),
                code="invalid_table",
                field="players",
                game=self.game.capitalize(),
                low=self.min_players,
                high=self.max_players,
                players=players,
            )

    def for_table(self, players: int) -> Rules:
        """These rules resolved for ``players`` seats; refuse an impossible table."""
        self.check_table(players)
        resolved = self
        if self.decks is None:
            resolved = replace(resolved, decks=1 if players <= 4 else 2)
        if self.hand_size is None:
            resolved = replace(resolved, hand_size=_rummy_hand_size(players, resolved.decks))
        _check_jokers(resolved)  # RULES D-12, once the table size settles the decks
        resolved._check_pack(players)
        return resolved

    def _check_pack(self, players: int) -> None:
        # RULES D-2: every hand plus the up-card must come out of the pack.
        needed = players * self.hand_size + 1
        if needed <= self.pack.size:
            return
        if self.game == CONTINENTAL:
            raise InvalidRules(
                _(
                    "{players} players × {hand} cards + 1 up-card need {needed} cards, "
                    "but the pack has {size}. Deal 13 cards each (continental-13) "
                    "or add a third deck with 2 more jokers (continental-3-decks)."
                ),
                code="pack_too_small",
                players=players,
                hand=self.hand_size,
                needed=needed,
                size=self.pack.size,
            )
        raise InvalidRules(
            _(
                "{players} players × {hand} cards + 1 up-card need {needed} cards, "
                "but the pack has {size}. Deal fewer cards or add a deck."
            ),
            code="pack_too_small",
            players=players,
            hand=self.hand_size,
            needed=needed,
            size=self.pack.size,
        )

    # -- hands ----------------------------------------------------------------

    def going_out_size(self, buys: int = 0) -> int:
        """Cards in the going-out hand: dealt + the card drawn + 3 per buy (RULES D-7)."""
        return self.hand_size + 1 + 3 * buys

    def cards_left_range(self, buys: int = 0) -> tuple[int, int]:
        """How many cards a player who did not go out may hold at the end of a deal.

        Continental (RULES D-7): exactly the dealt number, + 3 per buy.
        Standard Rummy: melds and lay-offs shrink hands, so 1 to the dealt number.
        """
        if self.game == CONTINENTAL:
            held = self.hand_size + 3 * buys
            return held, held
        return 1, self.hand_size

    def points_range(self, buys: int = 0) -> tuple[int, int]:
        """Points a player may be given without cards: at least 1, at most the
        highest card value, for each card they may hold (RULES §4)."""
        low, high = self.cards_left_range(buys)
        return low, high * self.max_card_value

    def as_dict(self) -> dict[str, Any]:
        return asdict(self)

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Rules:
        known = {f.name for f in fields(cls)}
        return cls(**{k: v for k, v in data.items() if k in known})


def _rummy_hand_size(players: int, decks: int | None) -> int:
    # RULES §3: 2 players 10; 3–4 players 7; 5–6 players 6 with one deck, 10 with two.
    if players == 2:
        return 10
    if players <= 4:
        return 7
    return 10 if decks == 2 else 6


PRESETS: dict[str, Rules] = {
    "continental": Rules(),
    "continental-13": Rules(preset="continental-13", hand_size=13),
    "continental-12": Rules(preset="continental-12", hand_size=12),
    "continental-3-decks": Rules(preset="continental-3-decks", decks=3, jokers=6),
    "continental-no-jokers": Rules(preset="continental-no-jokers", jokers=0),
    "rummy": Rules(
        preset="rummy",
        game=RUMMY,
        decks=None,
        jokers=0,
        hand_size=None,
        target=100,
        scoring=ELIMINATION,
    ),
}

# Options a user may set, by game, with their type.
_OPTIONS: dict[str, dict[str, type]] = {
    CONTINENTAL: {
        "hand_size": int,
        "decks": int,
        "jokers": int,
        "buys": bool,
        "deals": int,
        "target": int,
        "relaxed": bool,
    },
    RUMMY: {
        "hand_size": int,
        "decks": int,
        "jokers": int,
        "ace_high": bool,
        "scoring": str,
        "target": int,
        "twos_wild": bool,
        "rummy_bonus": int,
    },
}


def rules_from(preset: str = CONTINENTAL, options: Mapping[str, Any] | None = None) -> Rules:
    """The preset with the options applied, validated; InvalidRules names the fault."""
    if preset not in PRESETS:
        raise InvalidRules(
            _("Unknown rule set “{preset}”. Choose one of: {choices}."),
            code="unknown_rules",
            field="rules",
            preset=preset,
            choices=", ".join(PRESETS),
        )
    base = PRESETS[preset]
    allowed = _OPTIONS[base.game]
    changes: dict[str, Any] = {}
    for name, value in (options or {}).items():
        if name not in allowed:
            raise InvalidRules(
                _("“{name}” is not an option of {game}. Options: {choices}."),
                code="unknown_option",
                field=f"options.{name}",
                name=name,
                game=base.game.capitalize(),
                choices=", ".join(allowed),
            )
        changes[name] = _coerce(name, value, allowed[name])
    rules = replace(base, **changes)
    _validate(rules)
    return rules


def _coerce(name: str, value: Any, kind: type) -> Any:
    if value is None and name in ("deals", "target", "hand_size", "decks"):
        return None
    if kind is bool and isinstance(value, bool):
        return value
    if kind is int and isinstance(value, int) and not isinstance(value, bool):
        return value
    if kind is str and isinstance(value, str):
        return value
    raise InvalidRules(
        _("Option “{name}” must be {kind}, not {value!r}."),
        code="invalid_option",
        field=f"options.{name}",
        name=name,
        kind={bool: "true or false", int: "a whole number", str: "text"}[kind],
        value=value,
    )


def _bad(name: str, template: str, **params: Any) -> InvalidRules:
    return InvalidRules(template, code="invalid_option", field=f"options.{name}", **params)


def _validate(rules: Rules) -> None:
    if rules.hand_size is not None and not 3 <= rules.hand_size <= 20:
        raise _bad("hand_size", _("Hand size must be 3 to 20 cards, not {value}."),
                   value=rules.hand_size)  # fmt: skip
    if rules.decks is not None and not 1 <= rules.decks <= 4:
        raise _bad("decks", _("Decks must be 1 to 4, not {value}."), value=rules.decks)
    _check_jokers(rules)
    if rules.deals is not None and not 1 <= rules.deals <= 50:
        raise _bad("deals", _("A series has 1 to 50 deals, not {value}."), value=rules.deals)
    if rules.target is not None and not 1 <= rules.target <= 10_000:
        raise _bad("target", _("The target must be 1 to 10000 points, not {value}."),
                   value=rules.target)  # fmt: skip
    if rules.game == CONTINENTAL and rules.deals is not None and rules.target is not None:
        raise _bad("target", _("Choose a fixed number of deals or a target score, not both."))
    if rules.game == RUMMY:
        if rules.scoring not in (ELIMINATION, WINNER_TAKES_ALL):
            raise _bad("scoring", _("Scoring must be “elimination” or “winner_takes_all”."))
        if rules.target is None:
            raise _bad("target", _("Standard Rummy needs a target or cap (commonly 100)."))
        if rules.rummy_bonus not in RUMMY_BONUSES:
            raise _bad("rummy_bonus", _("A Rummy multiplies the collection by 2 or 3, "
                                        "not {value}."), value=rules.rummy_bonus)  # fmt: skip


def _check_jokers(rules: Rules) -> None:
    """RULES D-12: 2 jokers a deck. Decks left to the table size count as the
    larger pack until the table is known (``for_table`` checks again)."""
    max_jokers = 2 * (rules.decks or 2)
    if not 0 <= rules.jokers <= max_jokers:
        raise _bad("jokers", _("Jokers must be 0 to {high} (2 per deck), not {value}."),
                   high=max_jokers, value=rules.jokers)  # fmt: skip
