"""The draw of a night's round: who sits at which table, in which seat, who deals first.

RULES D-15: everything random comes from one ``random.Random(seed)``, the seed
recorded in the event, and the players are sorted first, so the same seed and
the same present players give the same tables whatever order they came in.

The grouping depends on the method the director picks:

- ``random`` (round 1, or by choice): ``RANDOM_STARTS`` random groupings, each
  improved by swaps (``improve``); the one with the lowest repeat cost wins
  (the first drawn on a tie).
- ``standings`` (from round 2): leaders together, table 1 first: the night's
  standings cut into tables in order. A swap may then exchange two players at
  different tables whose places in the standings are at most
  ``STANDINGS_REACH`` apart, so the leaders stay together and a repeat meeting
  is avoided only by moving a player across the nearest cut.
- ``championship`` (a championship's final, RULES D-24): the finalists by the
  championship's standings cut into tables in order, table 1 the top, with no
  swap; a player present who is not a finalist is refused.
- ``rating``: balanced tables: players by rating, best first, dealt in snake
  order (table 1, 2 … k, k … 2, 1, skipping full tables). A swap may exchange
  two players of the same tier (the k best, the next k …), which keeps every
  table's strength.

Then each table's seats are shuffled and its first dealer drawn, table by table.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass

from ..errors import _
from .errors import InvalidNight
from .meetings import Pair, met_counts, repeat_cost
from .swaps import improve

RANDOM = "random"
STANDINGS = "standings"
RATING = "rating"
CHAMPIONSHIP = "championship"
METHODS = (RANDOM, STANDINGS, RATING, CHAMPIONSHIP)
RANDOM_STARTS = 8  # random groupings tried by the random method, each improved by swaps
STANDINGS_REACH = 2  # how far apart in the standings two swapped players may be


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
    method: str = RANDOM,
    met: Mapping[Pair, int] | None = None,
    standings: Sequence[int] = (),
    ratings: Mapping[int, float] | None = None,
    swapped: list[tuple[int, int]] | None = None,
) -> tuple[DrawnTable, ...]:
    """The round's tables, table 1 first, each of ``sizes[i]`` players.

    ``met`` counts the season's meetings of each pair (either order). For
    ``standings``, the night's players best first; players not in it (a late
    arrival) follow in id order. For ``rating``, each player's rating; a player
    without one is drawn as the lowest rated. The swaps a draw by standings made
    to keep repeat meetings low are added to ``swapped`` when given.
    """
    present = _checked_players(players, sizes, method)
    counts = met_counts(met or {})
    rng = random.Random(seed)
    if method == RANDOM:
        grouping = _random_grouping(present, sizes, counts, rng)
    elif method == STANDINGS:
        grouping = _standings_grouping(present, sizes, standings, counts, swapped)
    elif method == CHAMPIONSHIP:
        grouping = _championship_grouping(present, sizes, standings)
    else:
        grouping = _rating_grouping(present, sizes, ratings or {}, counts)
    return tuple(_seated(number, table, rng) for number, table in enumerate(grouping, start=1))


def _checked_players(players: Iterable[int], sizes: Sequence[int], method: str) -> list[int]:
    present = sorted(players)
    if method not in METHODS:
        raise InvalidNight(
            _("Unknown draw “{method}”. Choose one of: {choices}."),
            code="unknown_draw",
            field="method",
            method=method,
            choices=", ".join(METHODS),
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


def _cut(order: Sequence[int], sizes: Sequence[int]) -> list[list[int]]:
    tables, start = [], 0
    for size in sizes:
        tables.append(list(order[start : start + size]))
        start += size
    return tables


def _random_grouping(
    present: list[int], sizes: Sequence[int], met: Mapping[Pair, int], rng: random.Random
) -> list[list[int]]:
    best, best_cost = None, None
    for _start in range(RANDOM_STARTS):
        order = list(present)
        rng.shuffle(order)
        tables = improve(_cut(order, sizes), met, lambda one, other: True)
        cost = repeat_cost(tables, met)
        if best_cost is None or cost < best_cost:
            best, best_cost = tables, cost
    return best


def _standings_grouping(
    present: list[int],
    sizes: Sequence[int],
    standings: Sequence[int],
    met: Mapping[Pair, int],
    swapped: list[tuple[int, int]] | None = None,
) -> list[list[int]]:
    here = set(present)
    ranked = [player for player in dict.fromkeys(standings) if player in here]
    unranked = here - set(ranked)
    order = ranked + [player for player in present if player in unranked]
    place = {player: index for index, player in enumerate(order)}
    near: Callable[[int, int], bool] = lambda one, other: (  # noqa: E731
        abs(place[one] - place[other]) <= STANDINGS_REACH
    )
    return improve(_cut(order, sizes), met, near, swapped)


def _championship_grouping(
    present: list[int], sizes: Sequence[int], standings: Sequence[int]
) -> list[list[int]]:
    here = set(present)
    stranger = sorted(here - set(standings))
    if stranger:
        raise InvalidNight(
            _("{player} is not a finalist: check them out, or draw the final another way."),
            code="night_player_not_finalist",
            field="method",
            player=stranger[0],
        )
    return _cut([player for player in dict.fromkeys(standings) if player in here], sizes)


def _rating_grouping(
    present: list[int], sizes: Sequence[int], ratings: Mapping[int, float], met: Mapping[Pair, int]
) -> list[list[int]]:
    rated = sorted(present, key=lambda p: (p not in ratings, -ratings.get(p, 0.0), p))
    tables: list[list[int]] = [[] for _size in sizes]
    tier = {}
    for player, (number, pass_number) in zip(rated, _snake(sizes), strict=False):
        tables[number].append(player)
        tier[player] = pass_number
    same_tier: Callable[[int, int], bool] = lambda one, other: tier[one] == tier[other]  # noqa: E731
    return improve(tables, met, same_tier)


def _snake(sizes: Sequence[int]) -> Iterator[tuple[int, int]]:
    """Table indexes in snake order (0 … k−1, k−1 … 0, …), each as often as it
    has seats, with the number of the pass (the tier)."""
    left = list(sizes)
    pass_number = 0
    while any(left):
        numbers = range(len(sizes)) if pass_number % 2 == 0 else range(len(sizes) - 1, -1, -1)
        for number in numbers:
            if left[number]:
                left[number] -= 1
                yield number, pass_number
        pass_number += 1


def _seated(number: int, table: Sequence[int], rng: random.Random) -> DrawnTable:
    seats = sorted(table)
    rng.shuffle(seats)
    return DrawnTable(number, tuple(seats), rng.choice(seats))
