"""A third game, known to the tests only: a points race.

Two to six players; after each deal every player says the points they scored
(no cards); the series ends once someone has reached the target, and the
highest total then wins (a tie at the top plays on). It shows that a game is
one registered object: nothing outside this module names it.
"""

from __future__ import annotations

from collections.abc import Sequence

from series.domain.errors import InvalidDeal
from series.domain.events import DealEntry, Outcome
from series.domain.games import Game, Option, Standing, Words
from series.domain.rules import Rules

POINTS_RACE = "points-race"
MOST_POINTS_A_DEAL = 100


class PointsRace(Game):
    name = POINTS_RACE
    label = "Points race"
    min_players, max_players = 2, 6
    options = (Option("target", int, "Points to reach", "The first past it ends the series."),)
    presets = {POINTS_RACE: Rules(preset=POINTS_RACE, game=POINTS_RACE, target=50)}
    preset_labels = {POINTS_RACE: "Points race: first to 50 points"}

    def settle_table(self, rules: Rules, players: int) -> Rules:
        return rules  # no cards, so no pack to fit

    def score_deal(
        self, rules: Rules, contenders: Sequence[int], entry: DealEntry, *, number: int
    ) -> dict[int, int]:
        if entry.went_out is not None or entry.going_out is not None or entry.buys:
            raise InvalidDeal(
                "Deal {number}: nobody goes out in a points race.",
                code="nobody_goes_out",
                number=number,
            )
        scored = {hand.player: hand.points for hand in entry.hands}
        if sorted(scored) != sorted(contenders) or len(scored) != len(entry.hands):
            raise InvalidDeal(
                "Deal {number}: give every player's points once.",
                code="points_of_everyone",
                number=number,
            )
        for hand in entry.hands:
            points = hand.points
            if hand.cards is not None or points is None or not 0 <= points <= MOST_POINTS_A_DEAL:
                raise InvalidDeal(
                    "Deal {number}: player {player} cannot score that.",
                    code="impossible_points",
                    number=number,
                    player=hand.player,
                )
        return scored

    def outcome(self, rules: Rules, standing: Standing) -> Outcome:
        top = max(standing.totals.values())
        leaders = [p for p in standing.seats if standing.totals[p] == top]
        if top >= rules.target and len(leaders) == 1:
            return Outcome(True, False, (), winner=leaders[0])
        return Outcome(False, False, standing.seats)

    def higher_wins(self, rules: Rules) -> bool:
        return True

    def in_words(self, rules: Rules) -> list[Words]:
        return [("First to %(target)s points; the highest total wins.", {"target": rules.target})]
