"""Rule sets: presets, house-rule options and their validation (RULES §2, §3).

A series records the resolved ``Rules`` it was started with, so later changes
to a preset never rewrite history.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from dataclasses import dataclass, fields, replace
from functools import cache
from typing import TYPE_CHECKING, Any

from series.domain.cards import Pack
from series.domain.errors import InvalidRules, _

if TYPE_CHECKING:
    from series.domain.games import Game, Option

CONTINENTAL = "continental"  # the game and preset a series plays unless it names another

# How a deal is scored and how a series ends.
PENALTY = "penalty"  # Continental: lowest total after the series' deals wins
ELIMINATION = "elimination"  # Rummy: reaching the cap eliminates; last one left wins
WINNER_TAKES_ALL = "winner_takes_all"  # Rummy: the winner collects; first to target wins
MOST_BUYS_SHOWN = 10  # the buys per player a deal page checks points for as they are typed


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

    @property
    def game_object(self) -> Game:
        """The game these rules are for: whatever depends on the game asks it."""
        return _games().get(self.game)

    # -- table size -----------------------------------------------------------

    @property
    def min_players(self) -> int:
        return self.game_object.min_players

    @property
    def max_players(self) -> int:
        return self.game_object.max_players

    @property
    def pack(self) -> Pack:
        """The pack in play. Before the table size settles the decks (standard
        Rummy), a hand may come from the larger pack of two decks."""
        return Pack(decks=self.decks or 2, jokers=self.jokers)

    @property
    def max_card_value(self) -> int:
        return 15 if self.jokers else 10

    def for_table(self, players: int) -> Rules:
        """These rules resolved for ``players`` seats; refuse an impossible table."""
        return self.game_object.for_table(self, players)

    def check_table(self, players: int) -> None:
        """Refuse a table of ``players`` the game is not played by."""
        self.game_object.check_table(players)

    # -- hands ----------------------------------------------------------------

    def going_out_size(self, buys: int = 0) -> int:
        """Cards in the going-out hand (RULES D-7), as the game counts them."""
        return self.game_object.going_out_size(self, buys)

    def cards_left_range(self, buys: int = 0) -> tuple[int, int]:
        """How many cards a player who did not go out may hold at the end of a deal."""
        return self.game_object.cards_left_range(self, buys)

    @property
    def higher_wins(self) -> bool:
        """Whether the highest total leads (winner takes all), else the lowest."""
        return self.game_object.higher_wins(self)

    def points_range(self, buys: int = 0) -> tuple[int, int]:
        """Points a player may be given without cards: at least 1, at most the
        highest card value, for each card they may hold (RULES §4)."""
        low, high = self.cards_left_range(buys)
        return low, high * self.max_card_value

    def points_limits(self, most_buys: int = MOST_BUYS_SHOWN) -> tuple[tuple[int, int], ...]:
        """``points_range`` for 0, 1, 2 … buys (0 only when buying is off), for
        a page to check points as they are typed by the same rule."""
        return tuple(self.points_range(buys) for buys in range((most_buys if self.buys else 0) + 1))

    def cards_limits(self, most_buys: int = MOST_BUYS_SHOWN) -> tuple[tuple[int, int], ...]:
        """``cards_left_range`` for 0, 1, 2 … buys, as ``points_limits``: the
        card picker moves to the next hand once one holds the most it may."""
        return tuple(
            self.cards_left_range(buys) for buys in range((most_buys if self.buys else 0) + 1)
        )

    def as_dict(self) -> dict[str, Any]:
        # Every field is a plain value: no deep copy needed (``asdict`` makes one,
        # on the path of every deal's snapshot).
        return {field.name: getattr(self, field.name) for field in fields(self)}

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Rules:
        known = {f.name for f in fields(cls)}
        return cls(**{k: v for k, v in data.items() if k in known})


class _Presets(Mapping[str, Rules]):
    """Every registered game's presets by name, as the registry has them now."""

    def __getitem__(self, name: str) -> Rules:
        rules = _games().preset(name)
        if rules is None:
            raise KeyError(name)
        return rules

    def __iter__(self) -> Iterator[str]:
        return iter(_games().presets())

    def __len__(self) -> int:
        return len(_games().presets())


PRESETS: Mapping[str, Rules] = _Presets()


@cache
def _games():
    """The registry, imported when first asked: the games build their presets from Rules."""
    from series.domain import games

    return games


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
    allowed = {option.name: option for option in base.game_object.options}
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
        changes[name] = _coerce(allowed[name], value)
    rules = replace(base, **changes)
    _validate(rules)
    return rules


def _coerce(option: Option, value: Any) -> Any:
    name, kind = option.name, option.kind
    if value is None and option.nullable:
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


def invalid_option(name: str, template: str, **params: Any) -> InvalidRules:
    return InvalidRules(template, code="invalid_option", field=f"options.{name}", **params)


def _validate(rules: Rules) -> None:
    if rules.hand_size is not None and not 3 <= rules.hand_size <= 20:
        raise invalid_option(
            "hand_size", _("Hand size must be 3 to 20 cards, not {value}."), value=rules.hand_size
        )
    if rules.decks is not None and not 1 <= rules.decks <= 4:
        raise invalid_option("decks", _("Decks must be 1 to 4, not {value}."), value=rules.decks)
    check_jokers(rules)
    if rules.deals is not None and not 1 <= rules.deals <= 50:
        raise invalid_option(
            "deals", _("A series has 1 to 50 deals, not {value}."), value=rules.deals
        )
    if rules.target is not None and not 1 <= rules.target <= 10_000:
        raise invalid_option(
            "target", _("The target must be 1 to 10000 points, not {value}."), value=rules.target
        )
    rules.game_object.validate(rules)


def check_jokers(rules: Rules) -> None:
    """RULES D-12: 2 jokers a deck. Decks left to the table size count as the
    larger pack until the table is known (``for_table`` checks again)."""
    max_jokers = 2 * (rules.decks or 2)
    if not 0 <= rules.jokers <= max_jokers:
        raise invalid_option(
            "jokers",
            _("Jokers must be 0 to {high} (2 per deck), not {value}."),
            high=max_jokers,
            value=rules.jokers,
        )
