"""The draw of a night's round: who sits at which table, in which seat, who deals first.

RULES D-15: everything random comes from one ``random.Random(seed)``, the seed
recorded in the event, and the players are sorted first, so the same seed and
the same present players give the same tables whatever order they came in.

The grouping is the method's the director picks (``draws``: at random, by
tonight's standings, balanced by rating, by a championship's standings). Then
each table's seats are shuffled and its first dealer drawn, table by table.
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass

from ..errors import _
from . import draws
from .errors import InvalidNight
from .meetings import Pair, met_counts


@dataclass(frozen=True, slots=True)
class DrawnTable:
    """One table of the draw: its number (1 …), its players in seat order, the first dealer."""

    number: int
    seats: tuple[int, ...]
    first_dealer: int


def draw(
    players: Iterable[int],
    sizes: Sequence[int],
    seed: int,
    *,
    method: str = draws.DEFAULT,
    met: Mapping[Pair, int] | None = None,
    standings: Sequence[int] = (),
    ratings: Mapping[int, float] | None = None,
    swapped: list[tuple[int, int]] | None = None,
) -> tuple[DrawnTable, ...]:
    """The round's tables, table 1 first, each of ``sizes[i]`` players.

    ``met`` counts the season's meetings of each pair (either order). For a
    method that reads standings, the players best first; players not in it (a
    late arrival) follow in id order. For one that reads ratings, each player's
    rating; a player without one is drawn as the lowest rated. The swaps a draw
    by standings made to keep repeat meetings low are added to ``swapped`` when
    given.
    """
    present = _checked_players(players, sizes, method)
    rng = random.Random(seed)
    drawing = draws.Drawing(
        present, sizes, rng, met_counts(met or {}), standings, ratings or {}, swapped
    )
    grouping = draws.get(method).group(drawing)
    return tuple(_seated(number, table, rng) for number, table in enumerate(grouping, start=1))


def _checked_players(players: Iterable[int], sizes: Sequence[int], method: str) -> list[int]:
    present = sorted(players)
    if draws.find(method) is None:
        raise InvalidNight(
            _("Unknown draw “{method}”. Choose one of: {choices}."),
            code="unknown_draw",
            field="method",
            method=method,
            choices=", ".join(draws.codes()),
        )
    if len(set(present)) != len(present):
        raise InvalidNight(
            _("A player can take only one seat."), code="duplicate_player", field="players"
        )
    if sum(sizes) != len(present) or any(size < 1 for size in sizes):
        raise InvalidNight(
            _("The tables seat {seats} players, but {players} are present; draw the sizes again."),
            code="sizes_do_not_seat_players",
            field="sizes",
            seats=sum(sizes),
            players=len(present),
        )
    return present


def _seated(number: int, table: Sequence[int], rng: random.Random) -> DrawnTable:
    seats = sorted(table)
    rng.shuffle(seats)
    return DrawnTable(number, tuple(seats), rng.choice(seats))
