"""Why a hand goes out or not: the verdict and the reasons a player reads.

Every reason carries a stable machine ``code``, an English ``template``
marked for translation and the ``params`` that fill it, so the shell can
translate the sentence and programs can react to the code. Cards in
``params`` are already formatted with suit symbols (``7♣``).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any

from series.domain.cards import SUITS, Card, rank_label
from series.domain.errors import _

# Reasons that mean the input itself is impossible, not merely a hand that
# does not go out: a shell answers them as bad input.
BAD_INPUT_CODES = frozenset({"wrong_card_count", "card_not_in_pack"})


@dataclass(frozen=True, slots=True)
class Reason:
    """One thing wrong with a hand, as a sentence with named placeholders."""

    code: str
    template: str
    params: dict[str, Any] = field(default_factory=dict, hash=False)

    @property
    def message(self) -> str:
        return self.template.format(**self.params)


@dataclass(frozen=True, slots=True)
class Verdict:
    """Whether a hand goes out, with the arrangement that shows it.

    When the hand does not go out, ``groups`` is the closest arrangement
    found (fewest cards left unmelded), ``leftover`` the cards it could not
    meld, not counting the ``discard``, and ``reasons`` says why.
    """

    valid: bool
    groups: tuple[tuple[Card, ...], ...]
    discard: Card | None
    reasons: tuple[Reason, ...]
    leftover: tuple[Card, ...] = ()


def labels(cards: Iterable[Card]) -> str:
    """Cards as a player reads them, separated by spaces: ``7♣ 7♥ JK``."""
    return " ".join([_LABELS[card.rank][card.suit] for card in cards])


# Every card's label, looked up rather than built: the solver writes them
# for every hand that does not go out.
_LABELS: list[dict[str, str]] = [{"": Card(0).label()}] + [
    {suit: Card(rank, suit).label() for suit in SUITS} for rank in range(1, 14)
]


@dataclass(frozen=True, slots=True)
class Phrase:
    """A piece of a sentence with its own template (``a {card}``): a shell
    translates it like a reason's template."""

    template: str
    params: dict[str, Any] = field(default_factory=dict, hash=False)

    @property
    def message(self) -> str:
        return self.template.format(**self.params)


class Listing(str):
    """Items joined in English (``a 5, a 6 or a joker``) that keep the items
    and the conjunction's template (``{items} or {last}``), so a shell joins
    them in the reader's language, articles included. As text it is the
    English sentence: what ``message`` and an API's ``params`` show."""

    items: tuple[Phrase, ...]
    template: str

    def __new__(cls, items: Sequence[Phrase], template: str) -> Listing:
        texts = [item.message for item in items]
        if len(texts) <= 1:
            text = "".join(texts)
        else:
            text = template.format(items=", ".join(texts[:-1]), last=texts[-1])
        listing = super().__new__(cls, text)
        listing.items = tuple(items)
        listing.template = template
        return listing


def _listed(items: Sequence[str]) -> Listing:
    """``8``, ``8 and 9``, ``8, 9 and 10``."""
    return Listing([Phrase("{card}", {"card": item}) for item in items], _("{items} and {last}"))


def _with_article(text: str) -> Phrase:
    """``a 5``, ``an 8``, ``an A``: the article a card takes in English."""
    if text[:1] in ("A", "8"):
        return Phrase(_("an {card}"), {"card": text})
    return Phrase(_("a {card}"), {"card": text})


# -- the hand as a whole --------------------------------------------------------


def wrong_card_count(count: int, needed: int) -> Reason:
    return Reason(
        "wrong_card_count",
        _("the hand has {count} cards; going out needs {needed}"),
        {"count": count, "needed": needed},
    )


def wrong_card_count_range(count: int, low: int, high: int) -> Reason:
    return Reason(
        "wrong_card_count",
        _("the hand has {count} cards; going out needs {low} to {high}"),
        {"count": count, "low": low, "high": high},
    )


def card_not_in_pack(card: Card, count: int, copies: int) -> Reason:
    return Reason(
        "card_not_in_pack",
        _("{count} × {card} but the pack holds {copies}"),
        {"count": count, "card": card.label(), "copies": copies},
    )


def missing_discard() -> Reason:
    # RULES D-4: going out always ends with exactly one discard.
    return Reason("missing_discard", _("no discard; going out ends with exactly one discard"), {})


def too_few_groups(count: int) -> Reason:
    if count == 0:
        return Reason("too_few_groups", _("no group; going out needs 2"), {"count": 0})
    return Reason("too_few_groups", _("only {count} group; going out needs 2"), {"count": count})


def cannot_go_out(unmelded: Sequence[Card]) -> Reason:
    return Reason(
        "cannot_go_out",
        _("the hand does not go out: {cards} cannot be melded"),
        {"cards": labels(unmelded)},
    )


def one_card_short(ranks: Sequence[int], cards: Sequence[Card], joker: bool) -> Reason:
    """``1 card short: a 9 or a joker would do``: drawing one of these instead
    of a card of the hand would let it go out."""
    options = [_with_article(rank_label(rank)) for rank in ranks]
    options += [_with_article(card.label()) for card in cards]
    if joker:
        options.append(Phrase(_("a joker")))
    if len(ranks) == 13 and joker:
        return Reason("cards_short", _("1 card short: any card would do"), {})
    return Reason(
        "cards_short",
        _("1 card short: {cards} would do"),
        {"cards": Listing(options, _("{items} or {last}"))},
    )


# -- one group -------------------------------------------------------------------


def _group(number: int, cards: Sequence[Card]) -> dict[str, Any]:
    return {"group": number, "cards": labels(cards)}


def group_too_small(number: int, cards: Sequence[Card]) -> Reason:
    if not cards:
        return Reason("group_too_small", _("group {group} is empty"), _group(number, cards))
    if len(cards) == 1:
        return Reason(
            "group_too_small",
            _("group {group} ({cards}) has only 1 card"),
            _group(number, cards),
        )
    return Reason(
        "group_too_small",
        _("group {group} ({cards}) has only {count} cards"),
        {**_group(number, cards), "count": len(cards)},
    )


def no_natural_card(number: int, cards: Sequence[Card]) -> Reason:
    # RULES D-3 and D-14: a group or meld needs at least one natural card.
    return Reason(
        "no_natural_card",
        _("group {group} ({cards}) holds only jokers; it needs at least one natural card"),
        _group(number, cards),
    )


def mixed_ranks(number: int, cards: Sequence[Card], ranks: Sequence[int]) -> Reason:
    return Reason(
        "mixed_ranks",
        _("group {group} mixes {ranks}"),
        {**_group(number, cards), "ranks": _listed([rank_label(rank) for rank in ranks])},
    )


def run_not_allowed(number: int, cards: Sequence[Card]) -> Reason:
    return Reason(
        "run_not_allowed",
        _("group {group} ({cards}) is a run; runs never count in Continental"),
        _group(number, cards),
    )


def set_too_large(number: int, cards: Sequence[Card]) -> Reason:
    # RULES D-14: a set holds at most 4 cards, jokers included.
    return Reason(
        "set_too_large",
        _("group {group} ({cards}) has {count} cards; a set holds at most 4"),
        {**_group(number, cards), "count": len(cards)},
    )


def duplicate_in_set(number: int, cards: Sequence[Card], card: Card) -> Reason:
    # RULES D-13: with two decks a set may not hold the same card twice.
    return Reason(
        "duplicate_in_set",
        _("group {group} holds {card} twice; a set may not hold the same card twice"),
        {**_group(number, cards), "card": card.label()},
    )


def neither_set_nor_run(number: int, cards: Sequence[Card]) -> Reason:
    return Reason(
        "not_a_run",
        _("group {group} ({cards}) is neither a set (one rank) nor a run (one suit)"),
        _group(number, cards),
    )


def _run_text(positions: Sequence[int]) -> str:
    """``Q-K-A`` for positions 12 to 14; position 14 and above wrap to the ace."""
    low, high = min(positions), max(positions)
    return "-".join(rank_label((p - 1) % 13 + 1) for p in range(low, high + 1))


def ace_not_high(number: int, cards: Sequence[Card], positions: Sequence[int]) -> Reason:
    return Reason(
        "not_a_run",
        _("group {group} ({cards}): {run} is not a run unless aces are high"),
        {**_group(number, cards), "run": _run_text(positions)},
    )


def run_turns_corner(number: int, cards: Sequence[Card], positions: Sequence[int]) -> Reason:
    return Reason(
        "not_a_run",
        _("group {group} ({cards}): {run} is not a run; the ace ends a run, never turns a corner"),
        {**_group(number, cards), "run": _run_text(positions)},
    )


def run_repeats_rank(number: int, cards: Sequence[Card], rank: int) -> Reason:
    return Reason(
        "not_a_run",
        _("group {group} ({cards}) is not a run: it holds {rank} twice"),
        {**_group(number, cards), "rank": rank_label(rank)},
    )


def run_too_long(number: int, cards: Sequence[Card]) -> Reason:
    return Reason(
        "not_a_run",
        _("group {group} ({cards}) is not a run: a run holds at most 13 cards"),
        _group(number, cards),
    )


def run_has_gaps(number: int, cards: Sequence[Card], low: int, high: int, gaps: int) -> Reason:
    return Reason(
        "not_a_run",
        _(
            "group {group} ({cards}) is not a run: {low} to {high} misses {gaps} cards, "
            "more than its jokers can fill"
        ),
        {**_group(number, cards), "low": rank_label(low), "high": rank_label(high), "gaps": gaps},
    )
