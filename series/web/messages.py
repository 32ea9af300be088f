"""Domain messages in the reader's language.

The domain speaks in English templates with params (DomainError, Reason);
this is the one place that translates them, names players instead of ids,
and renders a nested message (a refusal that explains another) the same way.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any, Protocol

from django.utils.translation import get_language, gettext

from series.domain.cards import LOCALE_RANK_LETTERS, parse_card, rank_label
from series.domain.errors import DomainError
from series.domain.meld_reasons import Listing

# Params that hold a player id; a reader sees the player's name instead.
PLAYER_PARAMS = ("player", "dealer", "partner")
# Params that hold player ids, one per thing they hold ("Anna ×2, Bruno").
PLAYER_LIST_PARAMS = ("holders",)
# Params that hold one card; a reader sees it with their language's letters (RULES D-1).
CARD_PARAMS = ("card", "discard")
# Params that hold text of cards or ranks the domain wrote in English (``K♣ K♦``,
# ``Q-K-A``, ``8 or A♠``): their rank letters are the reader's too.
CARD_TEXT_PARAMS = ("cards", "ranks", "rank", "run", "low", "high")
_ENGLISH_LETTER = re.compile(r"\b[AJQK]\b")


class Message(Protocol):
    template: str
    params: Mapping[str, Any]

    @property
    def message(self) -> str: ...


def render(message: Message, names: Mapping[int, str] | None = None) -> str:
    """``message`` translated into the active language, with players named."""
    params = {key: _param(key, value, names) for key, value in message.params.items()}
    try:
        return gettext(message.template).format(**params)
    except (KeyError, IndexError, ValueError):  # a translation with other placeholders
        return message.message


def _param(key: str, value: Any, names: Mapping[int, str] | None) -> str:
    if isinstance(value, Listing):
        return _joined(value, names)
    if hasattr(value, "template") and hasattr(value, "params"):
        return render(value, names)
    if names and key in PLAYER_PARAMS and value in names:
        return names[value]
    if key in PLAYER_LIST_PARAMS and isinstance(value, list | tuple):
        return _players_with_counts(value, names or {})
    if key in CARD_PARAMS and isinstance(value, str):
        return _card_label(value)
    if key in CARD_TEXT_PARAMS and isinstance(value, str):
        return _relabelled(value)
    return str(value)


def _joined(listing: Listing, names: Mapping[int, str] | None) -> str:
    """``un 5, un 6 o un jolly``: each item and the conjunction in the reader's language."""
    items = [render(item, names) for item in listing.items]
    if len(items) <= 1:
        return "".join(items)
    return gettext(listing.template).format(items=", ".join(items[:-1]), last=items[-1])


def _players_with_counts(players, names: Mapping[int, str]) -> str:
    """``Anna ×2, Bruno``: each player once, in order, with how many they hold."""
    counts: dict[Any, int] = {}
    for player in players:
        counts[player] = counts.get(player, 0) + 1
    return ", ".join(
        f"{names.get(player, player)}" + (f" ×{count}" if count > 1 else "")
        for player, count in counts.items()
    )


def _relabelled(text: str) -> str:
    """Each English rank letter of ``text`` as the reader writes it (``R♣ R♦``)."""
    language = (get_language() or "en")[:2]
    ranks = LOCALE_RANK_LETTERS["en"]
    return _ENGLISH_LETTER.sub(lambda found: rank_label(ranks[found.group()], language), text)


def _card_label(text: str) -> str:
    """A card the domain wrote in English (``Q♠``) as the reader writes it (``D♠``)."""
    try:
        return parse_card(text).label((get_language() or "en")[:2])
    except DomainError:
        return _relabelled(text)  # a rank alone (``Q``)


def player_ids(message: Message) -> set[int]:
    """The player ids a message names, nested messages included."""
    ids = {v for k, v in message.params.items() if k in PLAYER_PARAMS and isinstance(v, int)}
    for key in PLAYER_LIST_PARAMS:
        ids |= {v for v in message.params.get(key, ()) if isinstance(v, int)}
    for value in message.params.values():
        if hasattr(value, "template") and hasattr(value, "params"):
            ids |= player_ids(value)
    return ids
