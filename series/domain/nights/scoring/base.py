"""What a night's scoring method answers (RULES D-16, D-27), for the night, the
league and the pages to ask.

A method is one ``NightScoring`` registered under the code the night's events
store (``scoring.register``): how it scores a table's result into the night's
points, which options its scoring holds beside its code (a points table), how
a closed night adds to the season, and its words for the pages. Nothing
outside its module names it.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections import Counter
from collections.abc import Mapping, Sequence
from fractions import Fraction
from typing import Any, Protocol

from ...errors import _
from ..errors import InvalidNight
from ..results import TableResult


class Method(Protocol):
    """What a night's ranking asks of its method: each player's points at a table."""

    higher_is_better: bool

    def score(self, result: TableResult) -> dict[int, Fraction]: ...


class RecordedLine(Protocol):
    """A player's line of a closed night, as the season reads it."""

    player: int
    place: int
    points: Fraction | None


class NightScoring(ABC):
    """One way of ranking a night. Register an instance with ``scoring.register``."""

    code: str = ""  # stored in the night's and championship's events: never renamed
    label: str = ""  # the forms' choice, marked for translation
    explained: str = ""  # the night's page: how it ranks
    season_explained: str = ""  # the league's night standings: what such a night adds
    # A player's page, one night of the season: %(place)s, %(ranked)s, %(average)s, %(points)s.
    season_line: str = ""
    higher_is_better: bool = True
    averages: bool = False  # the night's figure is an average penalty per deal, not points
    options: tuple[str, ...] = ()  # what else its scoring holds (a points table)

    @abstractmethod
    def ranking(self, scoring: Mapping[str, Any]) -> Method:
        """The method a night whose scoring is ``scoring`` ranks by; options it
        cannot read are refused."""

    def check_opening(
        self, rules: Any, scoring: Mapping[str, Any], smallest: int, largest: int
    ) -> None:
        """Refuse a night opening with ``scoring`` whose tables of ``smallest`` to
        ``largest`` players (at ``rules``) it could not rank: by default every size."""
        return

    def refuse_elsewhere(self, option: str) -> None:
        """Refuse ``option``, one of this method's, sent with another method; a
        method may say it in words of its own."""
        raise InvalidNight(
            _(
                "This scoring does not take “{option}”: choose the scoring that does, "
                "or leave it out."
            ),
            code="scoring_option_unused",
            field=option,
            option=option,
        )

    def season_points(self, lines: Sequence[RecordedLine]) -> dict[int, Fraction]:
        """The points each ranked player of a closed night adds to the season (RULES
        D-27): by default the night's own points. A player who played nothing adds
        nothing."""
        return {line.player: Fraction(line.points) for line in lines if line.points is not None}


def points_by_place(lines: Sequence[RecordedLine]) -> dict[int, Fraction]:
    """Each ranked player's place among its N ranked players as 10 × (N − p) / (N − 1),
    level players sharing the mean place."""
    ranked = [line for line in lines if line.points is not None]
    count = len(ranked)
    level = Counter(line.place for line in ranked)
    points = {}
    for line in ranked:
        mean = line.place + Fraction(level[line.place] - 1, 2)
        points[line.player] = (
            Fraction(10) if count == 1 else 10 * (count - mean) / Fraction(count - 1)
        )
    return points
