"""From validated request JSON to domain values; card text is read in the
request's language (RULES D-1). The domain then decides what the values mean."""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Mapping
from contextlib import contextmanager
from typing import Any

from series.domain.cards import Card, parse_card, parse_cards
from series.domain.errors import DomainError
from series.domain.events import DealEntry, GoingOut, Hand


@contextmanager
def _refusals_name(field: str) -> Iterator[None]:
    """A card the parser refuses is refused naming the input field it came from."""
    try:
        yield
    except DomainError as error:
        error.field = error.field or field
        raise


def cards(texts: Iterable[str], language: str, *, field: str) -> tuple[Card, ...]:
    with _refusals_name(field):
        return tuple(parse_cards(list(texts), language))


def card(text: str | None, language: str, *, field: str) -> Card | None:
    if text is None:
        return None
    with _refusals_name(field):
        return parse_card(text, language)


def deal_entry(data: Mapping[str, Any], language: str) -> DealEntry:
    return DealEntry(
        went_out=data["went_out"],
        hands=tuple(_hand(index, hand, language) for index, hand in enumerate(data["hands"])),
        going_out=going_out(data.get("going_out"), language),
        buys=dict(sorted((data.get("buys") or {}).items())),  # one order, one retry digest
        rummy=data.get("rummy", False),
    )


def _hand(index: int, hand: Mapping[str, Any], language: str) -> Hand:
    held = hand.get("cards")
    return Hand(
        player=hand["player"],
        cards=None if held is None else cards(held, language, field=f"hands.{index}.cards"),
        points=hand.get("points"),
    )


def going_out(data: Mapping[str, Any] | None, language: str) -> GoingOut | None:
    if data is None:
        return None
    return GoingOut(
        groups=tuple(
            cards(group, language, field=f"going_out.groups.{index}")
            for index, group in enumerate(data["groups"])
        ),
        discard=card(data.get("discard"), language, field="going_out.discard"),
    )
