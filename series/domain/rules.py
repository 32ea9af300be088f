"""Rule sets: presets, house-rule options and their validation (RULES §2, §3).

A series records the resolved ``Rules`` it was started with, so later changes
to a preset never rewrite history.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field, fields, replace
from typing import Any

from series.domain import game_registry
from series.domain.cards import JOKER, Card, Pack
from series.domain.errors import InvalidRules, _

CONTINENTAL = "continental"  # the game and preset a series plays unless it names another

# How a deal is scored and how a series ends.
PENALTY = "penalty"  # Continental: lowest total after the series' deals wins
ELIMINATION = "elimination"  # Rummy: reaching the cap eliminates; last one left wins
WINNER_TAKES_ALL = "winner_takes_all"  # Rummy: the winner collects; first to target wins
MOST_BUYS_SHOWN = 10  # the buys per player a deal page checks points for as they are typed


_ONE_OF_EACH_RANK = tuple(Card(rank, "C") for rank in range(1, 14))


@dataclass(frozen=True, slots=True)
class Rules:
    """A complete rule set: what every game shares as fields, the game's own
    options (those its ``Option``s declare and ``Rules`` has no field for) in
    ``options``, each left at the game's default when absent. ``None`` for decks
    or hand size means "by table size"."""

    preset: str = CONTINENTAL
    game: str = CONTINENTAL
    decks: int | None = 2
    jokers: int = 4
    hand_size: int | None = 15
    deals: int | None = None  # fixed number of deals; None: one deal per player
    target: int | None = None  # Continental target score, Rummy cap or target
    scoring: str = PENALTY
    options: Mapping[str, Any] = field(default_factory=dict)  # the game's own, set apart

    def option(self, name: str) -> Any:
        """The value of the option ``name``: a setting every game shares, or one
        of the game's own, its default when the series did not set it; None for
        an option the game does not have (so a game without buying reads no buys)."""
        if name in SHARED:
            return getattr(self, name)
        if name in self.options:
            return self.options[name]
        return (_own_defaults(self.game) or {}).get(name)

    def with_options(self, changes: Mapping[str, Any]) -> Rules:
        """These rules with ``changes`` (option name → value) in force."""
        shared = {name: value for name, value in changes.items() if name in SHARED}
        own = {name: value for name, value in changes.items() if name not in SHARED}
        rules = replace(self, **shared)
        if own:
            rules = replace(rules, options=_set_apart(rules.game, {**rules.options, **own}))
        return rules

    @property
    def game_object(self):
        """The game these rules are for (a ``games.Game``): whatever depends on
        the game asks it."""
        return game_registry.get(self.game)

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

    def card_value(self, card: Card) -> int:
        """The points ``card`` costs a hand left holding it, as the game counts them."""
        return self.game_object.card_value(self, card)

    @property
    def max_card_value(self) -> int:
        """The most a card of the pack costs, as the game counts them."""
        game = self.game_object
        cards = _ONE_OF_EACH_RANK + ((JOKER,) if self.jokers else ())
        return max(game.card_value(self, card) for card in cards)

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
        most_value = self.max_card_value
        return tuple((low, high * most_value) for low, high in self.cards_limits(most_buys))

    def cards_limits(self, most_buys: int = MOST_BUYS_SHOWN) -> tuple[tuple[int, int], ...]:
        """``cards_left_range`` for 0, 1, 2 … buys, as ``points_limits``: the
        card picker moves to the next hand once one holds the most it may."""
        shown = most_buys if self.option("buys") else 0
        return tuple(self.cards_left_range(buys) for buys in range(shown + 1))

    def as_dict(self) -> dict[str, Any]:
        """The stored form (``SeriesStarted``, a night's tables): flat, every
        option of ``STORED_FORM`` in its order, then the game's own others."""
        own = {**(_own_defaults(self.game) or {}), **self.options}
        stored = {
            name: getattr(self, name) if name in SHARED else own.pop(name, default)
            for name, default in STORED_FORM.items()
        }
        return stored | own

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Rules:
        """Rules from their stored form, of any age: what it lacks is the default."""
        shared = {name: data[name] for name in SHARED if name in data}
        game = shared.get("game", CONTINENTAL)
        return cls(**shared, options=_set_apart(game, data))


# The stored form of a series' rules (the events' payloads, which never change):
# every setting with its default, the options of the first two games among them,
# from when they were fields of ``Rules``. A payload lacking one reads its default;
# another game writes its own options after these.
STORED_FORM: dict[str, Any] = {
    "preset": CONTINENTAL,
    "game": CONTINENTAL,
    "decks": 2,
    "jokers": 4,
    "hand_size": 15,
    "deals": None,
    "target": None,
    "buys": False,
    "relaxed": False,
    "ace_high": False,
    "scoring": PENALTY,
    "twos_wild": False,
    "rummy_bonus": 2,
}
SHARED = frozenset(f.name for f in fields(Rules)) - {"options"}


def _own_defaults(game: str) -> dict[str, Any] | None:
    """The game's own options and their defaults; None for a game not registered."""
    try:
        declared = game_registry.get(game).options
    except LookupError:
        return None
    return {option.name: option.default for option in declared if option.name not in SHARED}


def _set_apart(game: str, values: Mapping[str, Any]) -> dict[str, Any]:
    """The game's own options among ``values`` that differ from their defaults,
    so that rules equal whatever way they were written. Of a game not
    registered, whatever ``values`` holds beyond the stored form's defaults."""
    defaults = _own_defaults(game)
    if defaults is None:
        return {
            name: value
            for name, value in values.items()
            if name not in SHARED and STORED_FORM.get(name, _UNSET) != value
        }
    return {
        name: value
        for name, value in values.items()
        if name in defaults and value != defaults[name]
    }


_UNSET = object()


@dataclass(frozen=True, slots=True)
class Option:
    """A house rule a game accepts: a setting every game shares (a field of
    ``Rules``) or one of the game's own (with its default), its type, and how
    the forms, the API and the command line ask for it."""

    name: str
    kind: type  # bool, int or str
    label: str = ""  # the forms' label; empty: the forms do not ask it (API and CLI do)
    help: str = ""
    nullable: bool = False  # None is a value: "not set", or "by table size"
    melds: bool = False  # it changes which hands go out: the claim checker asks it too
    field: str = ""  # a checkbox standing for one value of the option: its name …
    value: Any = True  # … and the value it sets
    default: Any = None  # a game's own option: its value unless a series sets it

    @property
    def form_field(self) -> str:
        return self.field or self.name

    def from_form(self, entered: Any) -> Any:
        """The option's value for what its form field holds."""
        return self.value if self.field else entered


class _Presets(Mapping[str, Rules]):
    """Every registered game's presets by name, as the registry has them now."""

    def __getitem__(self, name: str) -> Rules:
        rules = game_registry.preset(name)
        if rules is None:
            raise KeyError(name)
        return rules

    def __iter__(self) -> Iterator[str]:
        return iter(game_registry.presets())

    def __len__(self) -> int:
        return len(game_registry.presets())


PRESETS: Mapping[str, Rules] = _Presets()


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
    rules = base.with_options(changes)
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
