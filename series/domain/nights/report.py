"""A night's notable facts, from its tables' series (the night's report).

Pure: each fact is computed from the deals each table's series recorded, as
they stand (a corrected deal counts as corrected, a voided one not at all), and
from the director's results the night keeps. Nothing here names a player: a fact
carries ids and numbers, and the page or the API puts it into words.

- ``HIGHEST_DEAL``: the highest penalty one player took in one deal, and each
  deal where it was taken.
- ``LOWEST_TOTAL``: the lowest total a player finished a table with (tables
  played to their end only: an abandoned table's totals stopped short).
  Both read tables whose points are penalties only: under a game where the
  highest total wins (Rummy's winner takes all) the most points are the best
  result, not the worst, and those tables say nothing of either.
- ``WENT_OUT_MOST``: who went out most often over the night's deals (tiebreak
  deals included), level players together.
- ``TIEBREAK``: each tiebreak deal (RULES D-21), who played it and who went out.
- ``DIRECTOR_RESULT``: each abandoned table's result as the director entered it
  (RULES D-18), its places best first.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from ..series import FINISHED, SeriesState
from ..series.finishing import Order

HIGHEST_DEAL = "highest_deal_penalty"
LOWEST_TOTAL = "lowest_table_total"
WENT_OUT_MOST = "went_out_most"
TIEBREAK = "tiebreak"
DIRECTOR_RESULT = "director_result"
KINDS = (HIGHEST_DEAL, LOWEST_TOTAL, WENT_OUT_MOST, TIEBREAK, DIRECTOR_RESULT)


@dataclass(frozen=True, slots=True)
class ReportTable:
    """A table of a round as the report reads it: its series' state once started
    (None: drawn and never started) and the director's result, if entered."""

    round: int
    number: int
    series: SeriesState | None = None
    result: Order | None = None


@dataclass(frozen=True, slots=True)
class Where:
    """Where a fact happened: a player at a round's table, in a deal (0: the
    table's final total, no one deal)."""

    player: int
    round: int
    table: int
    deal: int = 0


@dataclass(frozen=True, slots=True)
class Fact:
    kind: str
    players: tuple[int, ...]  # who the fact is about, each once, in the order it names them
    value: int | None = None  # the penalty, the total or how many times
    at: tuple[Where, ...] = ()  # each place it happened
    round: int | None = None  # a tiebreak's or a director's result's table
    table: int | None = None
    deal: int | None = None  # a tiebreak's deal
    went_out: int | None = None  # who went out in a tiebreak deal
    order: Order = ()  # a director's result: groups of level players, best first


def night_facts(tables: Iterable[ReportTable]) -> tuple[Fact, ...]:
    """The night's notable facts, in the order the report lists them: the highest
    penalty in a deal, the lowest total at a table, who went out most, then each
    tiebreak and each director's result by round and table. A fact with nothing
    to say (no deal played yet) is left out."""
    tables = sorted(tables, key=lambda t: (t.round, t.number))
    facts = [
        highest_deal_penalty(tables),
        lowest_table_total(tables),
        went_out_most(tables),
    ]
    return (*(f for f in facts if f is not None), *tiebreaks(tables), *director_results(tables))


def _penalties(table: ReportTable) -> bool:
    """Whether the table's points are penalties (the lowest total wins)."""
    return table.series is not None and not table.series.setup.rules.higher_wins


def _deals(tables: Sequence[ReportTable]):
    """Each deal that counts (not void), with its table."""
    for table in tables:
        if table.series is None:
            continue
        for deal in table.series.deals:
            if not deal.void:
                yield table, deal


def highest_deal_penalty(tables: Sequence[ReportTable]) -> Fact | None:
    scores = [
        (points, Where(player, table.round, table.number, deal.number))
        for table, deal in _deals(tables)
        if _penalties(table)
        for player, points in deal.scores.items()
    ]
    if not scores:
        return None
    top = max(points for points, _where in scores)
    at = tuple(where for points, where in scores if points == top)
    return Fact(HIGHEST_DEAL, _each_once(w.player for w in at), top, at)


def lowest_table_total(tables: Sequence[ReportTable]) -> Fact | None:
    totals = [
        (total, Where(player, table.round, table.number))
        for table in tables
        if _penalties(table) and table.series.status == FINISHED
        for player, total in table.series.totals.items()
    ]
    if not totals:
        return None
    low = min(total for total, _where in totals)
    at = tuple(where for total, where in totals if total == low)
    return Fact(LOWEST_TOTAL, _each_once(w.player for w in at), low, at)


def went_out_most(tables: Sequence[ReportTable]) -> Fact | None:
    counts = Counter(
        deal.entry.went_out for _table, deal in _deals(tables) if deal.entry.went_out is not None
    )
    if not counts:
        return None
    most = max(counts.values())
    return Fact(WENT_OUT_MOST, tuple(sorted(p for p, n in counts.items() if n == most)), most)


def tiebreaks(tables: Sequence[ReportTable]) -> list[Fact]:
    return [
        Fact(
            TIEBREAK,
            tuple(deal.players),
            round=table.round,
            table=table.number,
            deal=deal.number,
            went_out=deal.entry.went_out,
        )
        for table, deal in _deals(tables)
        if deal.tiebreak
    ]


def director_results(tables: Sequence[ReportTable]) -> list[Fact]:
    return [
        Fact(
            DIRECTOR_RESULT,
            tuple(p for group in table.result for p in group),
            round=table.round,
            table=table.number,
            order=tuple(tuple(group) for group in table.result),
        )
        for table in tables
        if table.result is not None
    ]


def _each_once(players: Iterable[int]) -> tuple[int, ...]:
    return tuple(dict.fromkeys(players))
