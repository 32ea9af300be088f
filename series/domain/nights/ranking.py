"""A night's ranking over its rounds (RULES D-17, D-18).

RULES D-17: a player's night is the sum of the points of the rounds played;
a tie is broken by the lower average penalty per deal over those rounds, then
shared (level players take the same place, the next place skips: 1, 2, 2, 4).
With the per-deal method the night's score is itself the average penalty per
deal over every deal played (not a sum of averages, so a player who leaves
after a round is neither helped nor hurt by it).

RULES D-18: a table not played gives its players no points and is left out
of their averages; a player who leaves between rounds keeps the rounds played.

While tables still play, the ranking is "if every table ended now": each such
table is ranked on its current totals, and ``provisional`` says so.

Each line says why it has its points: its penalty and deals over the tables
played (what its average per deal is made of), and each round's table, place
there and points (``per_round``; a table not played has neither place nor points).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, replace
from fractions import Fraction

from ..series.finishing import places_from_order
from .results import TableResult
from .scoring import Method, Placement


@dataclass(frozen=True, slots=True)
class RoundPoints:
    """A player's table in one round: its place there (1, 2, 2, 4) and the points
    the night's method gave it (the table's average per deal under per deal);
    both None for a table not played (RULES D-18)."""

    round: int
    table: int
    place: int | None
    points: Fraction | None


@dataclass(frozen=True, slots=True)
class NightLine:
    """One player's line of the night's ranking."""

    player: int
    place: int  # shared by level players (1, 2, 2, 4)
    score: Fraction | None  # points (summed), or the average per deal; None: nothing played
    per_deal: Fraction | None  # the average penalty per deal played: the tiebreak
    rounds: int  # rounds played (tables not played left out)
    penalty: int = 0  # over the tables played
    deals: int = 0  # over the tables played (tiebreak deals included)
    per_round: tuple[RoundPoints, ...] = ()


@dataclass(frozen=True, slots=True)
class NightRanking:
    lines: tuple[NightLine, ...]  # best first; level players in id order
    provisional: bool  # some table still playing: "if every table ended now"


def night_ranking(
    rounds: Sequence[Iterable[TableResult]], method: Method | None = None
) -> NightRanking:
    """The night's ranking from each round's table results, by ``method``
    (placement unless told). Every player seated at any table has a line."""
    method = method or Placement()
    numbered = [(number, table) for number, tables in enumerate(rounds, 1) for table in tables]
    tables = [table for _number, table in numbered]
    players = sorted({player for table in tables for player in table.players})
    points = dict.fromkeys(players, Fraction(0))
    penalty, deals, played = (
        dict.fromkeys(players, 0),
        dict.fromkeys(players, 0),
        dict.fromkeys(players, 0),
    )
    per_round: dict[int, list[RoundPoints]] = {player: [] for player in players}
    for number, table in numbered:
        if not table.played:  # RULES D-18
            for player in table.players:
                per_round[player].append(RoundPoints(number, table.table, None, None))
            continue
        scored = method.score(table)
        places = places_from_order(table.order)
        for player in table.players:
            points[player] += scored.get(player, 0)
            penalty[player] += table.totals[player]
            deals[player] += table.deals.get(player, 0)
            played[player] += 1
            here = RoundPoints(number, table.table, places[player], scored.get(player))
            per_round[player].append(here)
    per_deal = {p: Fraction(penalty[p], deals[p]) if deals[p] else None for p in players}
    if method.higher_is_better:
        score = {p: points[p] if played[p] else None for p in players}
    else:
        score = per_deal
    lines = _placed(players, score, per_deal, played, method.higher_is_better)
    lines = tuple(
        replace(
            line,
            penalty=penalty[line.player],
            deals=deals[line.player],
            per_round=tuple(per_round[line.player]),
        )
        for line in lines
    )
    provisional = any(table.played and not table.finished for table in tables)
    return NightRanking(lines, provisional)


def _placed(players, score, per_deal, played, higher_is_better) -> tuple[NightLine, ...]:
    """Best first: the score, then the lower average per deal (RULES D-17); a
    player with nothing played comes last. Equal keys share a place."""

    def key(player: int) -> tuple[int, Fraction, int, Fraction]:
        mine, average = score[player], per_deal[player]
        if mine is None:
            return (1, Fraction(0), 1, Fraction(0))
        main = -mine if higher_is_better else mine
        return (0, main, *((1, Fraction(0)) if average is None else (0, average)))

    ordered = sorted(players, key=lambda p: (key(p), p))
    lines: list[NightLine] = []
    for index, player in enumerate(ordered):
        level = index and key(player) == key(ordered[index - 1])
        place = lines[-1].place if level else index + 1
        lines.append(NightLine(player, place, score[player], per_deal[player], played[player]))
    return tuple(lines)
