"""What a finished series counts for in the league (pure: no database).

A finished series gives each person seated a place (the series' order of
places, ``series.domain.series.finishing``: RULES D-21, the night's too), a
total, the deals they played and went out in (and the last of those), whether
they played a tiebreak deal, and how far behind the leader they ever stood.
Voided deals are not in the facts at all; corrected deals are there as
corrected.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from datetime import datetime
from uuid import UUID

from ..series.finishing import finishing_order, places_from_order


@dataclass(frozen=True, slots=True)
class DealFacts:
    """A deal that counts (not void), as it stands after corrections."""

    number: int
    tiebreak: bool
    went_out: int | None
    scores: Mapping[int, int]  # the players of the deal -> their points


@dataclass(frozen=True, slots=True)
class SeriesFacts:
    series_id: UUID
    club_id: int
    game: str
    started_at: datetime
    seats: tuple[int, ...]  # seat order
    winner: int
    higher_wins: bool  # winner-takes-all Rummy: the highest total wins
    deals: tuple[DealFacts, ...]
    eliminated: tuple[int, ...] = ()  # standard Rummy: the players out, in seat order


@dataclass(frozen=True, slots=True)
class Result:
    series_id: UUID
    club_id: int
    game: str
    started_at: datetime
    player: int  # as seated
    person: int  # after merges
    players: int
    place: int
    won: bool
    total: int
    deals: int
    went_out: int
    last_out: int  # the number of the last deal they went out of; 0: none
    tiebreak: bool
    deficit: int

    @property
    def order(self) -> tuple[datetime, str]:
        """Where the series stands in the club's history (start, then id)."""
        return self.started_at, self.series_id.hex


def series_results(facts: SeriesFacts, person_of: Callable[[int], int]) -> list[Result]:
    """One result per person seated, best place first.

    Two seats that stand for one person (a merge of players who later sat
    together) count once, with the better place.
    """
    totals = running_totals(facts)[-1] if facts.deals else dict.fromkeys(facts.seats, 0)
    placed = places(facts)
    deficits = furthest_behind(facts)
    seen: set[int] = set()
    results = []
    for player in sorted(facts.seats, key=lambda p: (placed[p], facts.seats.index(p))):
        person = person_of(player)
        if person in seen:
            continue
        seen.add(person)
        results.append(
            _result(facts, player, person, placed[player], totals[player], deficits[player])
        )
    return results


def _result(
    facts: SeriesFacts, player: int, person: int, place: int, total: int, deficit: int
) -> Result:
    played = [deal for deal in facts.deals if player in deal.scores]
    out = [deal.number for deal in played if deal.went_out == player]
    return Result(
        series_id=facts.series_id,
        club_id=facts.club_id,
        game=facts.game,
        started_at=facts.started_at,
        player=player,
        person=person,
        players=len(facts.seats),
        place=place,
        won=player == facts.winner,
        total=total,
        deals=len(played),
        went_out=len(out),
        last_out=max(out, default=0),
        tiebreak=any(deal.tiebreak for deal in played),
        deficit=deficit,
    )


def running_totals(facts: SeriesFacts) -> list[dict[int, int]]:
    """Every seated player's total after each deal that counts."""
    totals = dict.fromkeys(facts.seats, 0)
    after = []
    for deal in facts.deals:
        for player, points in deal.scores.items():
            totals[player] += points
        after.append(dict(totals))
    return after


def places(facts: SeriesFacts) -> dict[int, int]:
    """Each seated player's place (RULES D-21): 1 for the winner, level players
    sharing a place (1, 2, 2, 4)."""
    return places_from_order(
        finishing_order(
            facts.seats,
            facts.deals,
            winner=facts.winner,
            eliminated=facts.eliminated,
            higher_wins=facts.higher_wins,
        )
    )


def furthest_behind(facts: SeriesFacts) -> dict[int, int]:
    """How far each player ever stood behind the leader, after any deal."""
    deficit = dict.fromkeys(facts.seats, 0)
    pick = max if facts.higher_wins else min
    for totals in running_totals(facts):
        best = pick(totals.values())
        for player, total in totals.items():
            deficit[player] = max(deficit[player], abs(total - best))
    return deficit
