"""What each fact of a series changed, for the audit trail: a correction, a
void or a dispute shows the deal and the totals before and after it."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from series.domain.events import DealCorrected, DealDisputed, DealVoided, Event
from series.domain.series import SeriesState, apply, decided


@dataclass(frozen=True, slots=True)
class Line:
    """One player's points in the deal and total, before and after the fact."""

    player: int
    deal_before: int | None  # None: the player's points did not count
    deal_after: int | None
    total_before: int
    total_after: int

    @property
    def changed(self) -> bool:
        return (self.deal_before, self.total_before) != (self.deal_after, self.total_after)


@dataclass(frozen=True, slots=True)
class Change:
    """Deal ``number`` before and after a correction, a void or a dispute."""

    number: int
    lines: tuple[Line, ...]
    confirmation_before: str
    confirmation_after: str


CHANGES = (DealCorrected, DealVoided, DealDisputed)


def changes(events: Iterable[Event]) -> list[Change | None]:
    """For each event in order, what it changed in its deal (None for the others)."""
    state, found = SeriesState(), []
    for event in events:
        event = decided(state, event)
        after = apply(state, event)
        found.append(_change(state, after, event.number) if isinstance(event, CHANGES) else None)
        state = after
    return found


def scored(events: Iterable[Event]) -> list[Event]:
    """The events as the fold reads them: a deal recorded before events carried
    their scores (read back with none) with the scores decided as it is read,
    so the trail shows every deal's points, cards entered or not."""
    state, found = SeriesState(), []
    for event in events:
        event = decided(state, event)
        found.append(event)
        state = apply(state, event)
    return found


def _change(before: SeriesState, after: SeriesState, number: int) -> Change:
    old, new = before.deal(number), after.deal(number)
    lines = tuple(
        Line(
            player,
            old.scores.get(player),
            new.scores.get(player),
            before.totals.get(player, 0),
            after.totals.get(player, 0),
        )
        for player in before.setup.players
        if player in old.scores or player in new.scores
    )
    return Change(number, lines, old.confirmation, new.confirmation)
