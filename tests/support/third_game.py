"""A third game, known to the tests only: a points race.

Two to six players; after each deal every player says the points they scored
(no cards); the series ends once someone has reached the target, and the
highest total then wins (a tie at the top plays on). A house rule no other game
has may give a deal's one top scorer a bonus. It shows that a game is one
registered object, its options included: nothing outside this module names it.
"""

from __future__ import annotations

from collections.abc import Sequence

from series.domain.cards import Card
from series.domain.errors import InvalidDeal, InvalidRules
from series.domain.events import DealEntry, Outcome
from series.domain.games import Game, Option, Standing, Words
from series.domain.games.continental import Continental
from series.domain.rules import Rules, invalid_option

POINTS_RACE = "points-race"
MOST_POINTS_A_DEAL = 100
SHORT_RACE = 20  # the short race's target, a house rule of its own
SHORT_RACE_MOST_PLAYERS = 4
DEAL_BONUS = "deal_bonus"  # the points race's own option: no other game has it
HIGH_COURTS = "high-courts"
COURT_CARD_VALUE = 25


class PointsRace(Game):
    name = POINTS_RACE
    label = "Points race"
    min_players, max_players = 2, 6
    options = (
        Option("target", int, "Points to reach", "The first past it ends the series."),
        Option(
            "target",
            int,
            "Short race",
            "First to 20 points, for 2 to 4 players.",
            field="short_race",
            value=SHORT_RACE,
        ),
        Option(
            DEAL_BONUS,
            int,
            "Bonus for a deal's top scorer",
            "The one player who scores most in a deal earns this many points more.",
            default=0,
        ),
    )
    presets = {POINTS_RACE: Rules(preset=POINTS_RACE, game=POINTS_RACE, target=50)}
    preset_labels = {POINTS_RACE: "Points race: first to 50 points"}

    def settle_table(self, rules: Rules, players: int) -> Rules:
        if rules.target == SHORT_RACE and players > SHORT_RACE_MOST_PLAYERS:
            raise InvalidRules(
                "A short race is for {most} players at most, not {players}.",
                code="short_race_table",
                field="players",
                most=SHORT_RACE_MOST_PLAYERS,
                players=players,
            )
        return rules  # no cards, so no pack to fit

    def validate(self, rules: Rules) -> None:
        bonus = rules.option(DEAL_BONUS)
        if not 0 <= bonus <= MOST_POINTS_A_DEAL:
            raise invalid_option(
                DEAL_BONUS,
                "A deal's bonus is 0 to {most} points, not {value}.",
                most=MOST_POINTS_A_DEAL,
                value=bonus,
            )

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
        top = max(scored.values())
        leaders = [player for player, points in scored.items() if points == top]
        if len(leaders) == 1:
            scored[leaders[0]] += rules.option(DEAL_BONUS)
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
        words = [("First to %(target)s points; the highest total wins.", {"target": rules.target})]
        if bonus := rules.option(DEAL_BONUS):
            words.append(("A deal's one top scorer earns %(bonus)s points more.", {"bonus": bonus}))
        return words


class HighCourts(Continental):
    """Continental played with dear court cards: a jack, queen or king left in
    hand costs 25 points; three cards are dealt; everything else is Continental's."""

    name = HIGH_COURTS
    label = "High courts"
    presets = {HIGH_COURTS: Rules(preset=HIGH_COURTS, game=HIGH_COURTS, hand_size=3)}
    preset_labels = {HIGH_COURTS: "High courts: a court card costs 25"}

    def card_value(self, rules: Rules, card: Card) -> int:
        return COURT_CARD_VALUE if card.rank > 10 else card.penalty
