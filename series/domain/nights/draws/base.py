"""What a draw method answers (RULES D-15, D-24), for the draw, the services and
the forms to ask: one ``DrawMethod`` per method, registered by the code a
round's event stores (``draws.register``)."""

from __future__ import annotations

import random
from abc import ABC, abstractmethod
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field

from ..meetings import Pair


@dataclass(frozen=True, slots=True)
class Drawing:
    """What a round's draw groups: the players present (sorted), the tables' sizes,
    the draw's one source of chance, the season's meetings of each pair, and what
    a method may read: the players best first, their ratings; the swaps a method
    made to keep repeat meetings low are added to ``swapped`` when given."""

    present: list[int]
    sizes: Sequence[int]
    rng: random.Random
    met: Mapping[Pair, int]
    standings: Sequence[int] = ()
    ratings: Mapping[int, float] = field(default_factory=dict)
    swapped: list[tuple[int, int]] | None = None


class DrawMethod(ABC):
    """One way of grouping a round's players into tables. Register an instance
    with ``draws.register``."""

    code: str = ""  # stored in the round's event: never renamed
    label: str = ""  # the draw form's choice, marked for translation
    from_round: int = 1  # the first round the form offers it in
    final: bool = False  # offered on a championship's final only, before the others
    suggested: bool = False  # the form's pick when offered (the first such, in order)
    reads_standings: bool = False  # groups the players best first: the service reads them
    reads_ratings: bool = False  # groups by the players' ratings: the service reads them

    @abstractmethod
    def group(self, drawing: Drawing) -> list[list[int]]:
        """The tables' players, table 1 first, each of ``drawing.sizes[i]`` players."""


def cut(order: Sequence[int], sizes: Sequence[int]) -> list[list[int]]:
    """``order`` cut into tables of ``sizes``, in order."""
    tables, start = [], 0
    for size in sizes:
        tables.append(list(order[start : start + size]))
        start += size
    return tables
