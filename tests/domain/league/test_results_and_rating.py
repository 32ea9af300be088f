"""What a finished series counts for, and how ratings walk (no database)."""

from __future__ import annotations

import uuid
from datetime import UTC, date, datetime

from series.domain.league.rating import NEWCOMER, Placing, RatingWalk
from series.domain.league.results import (
    DealFacts,
    SeriesFacts,
    furthest_behind,
    places,
    series_results,
)
from series.domain.league.seasons import (
    SeasonSpan,
    calendar_season,
    find_season,
    season_key,
    season_of,
)


def facts(deals, *, seats=(1, 2, 3), winner=3, higher_wins=False) -> SeriesFacts:
    return SeriesFacts(
        uuid.uuid4(),
        1,
        "continental",
        datetime(2025, 1, 1, tzinfo=UTC),
        seats,
        winner,
        higher_wins,
        tuple(deals),
    )


def test_the_winner_is_first_and_level_totals_share_a_place():
    deals = [DealFacts(1, False, 3, {1: 40, 2: 40, 3: 0, 4: 70})]
    assert places(facts(deals, seats=(1, 2, 3, 4))) == {3: 1, 1: 2, 2: 2, 4: 4}
    # Winner takes all: the highest total is the best.
    deals = [DealFacts(1, False, 3, {1: 40, 2: 90, 3: 100})]
    assert places(facts(deals, higher_wins=True)) == {3: 1, 2: 2, 1: 3}


def test_the_furthest_behind_is_measured_after_every_deal():
    deals = [
        DealFacts(1, False, 1, {1: 0, 2: 20, 3: 90}),  # 0, 20, 90: 3 is 90 behind
        DealFacts(2, False, 3, {1: 100, 2: 10, 3: 0}),
    ]  # 100, 30, 90: 1 is 70 behind
    assert furthest_behind(facts(deals)) == {1: 70, 2: 20, 3: 90}


def test_each_result_counts_the_deals_gone_out_and_the_last_of_them():
    """By number: a voided deal is missing from the facts, so numbers skip it."""
    deals = [
        DealFacts(1, False, 3, {1: 30, 2: 20, 3: 0}),
        DealFacts(3, False, 1, {1: 0, 2: 20, 3: 40}),
        DealFacts(4, False, 3, {1: 30, 2: 20, 3: 0}),
    ]
    results = series_results(facts(deals), person_of=lambda p: p)
    assert {r.player: (r.went_out, r.last_out) for r in results} == {
        1: (1, 3),
        2: (0, 0),
        3: (2, 4),
    }


def test_two_seats_of_one_person_count_once_with_the_better_place():
    deals = [DealFacts(1, False, 3, {1: 30, 2: 20, 3: 0})]
    results = series_results(facts(deals), person_of=lambda p: {1: 7, 2: 7}.get(p, p))
    assert [(r.player, r.person, r.place) for r in results] == [(3, 3, 1), (2, 7, 2)]


def test_a_rating_walk_does_not_depend_on_the_order_of_the_table():
    one, other = RatingWalk(), RatingWalk()
    table = [Placing(1, 1, True), Placing(2, 2, False), Placing(3, 2, False)]
    assert one.step(table) == other.step(reversed(table))
    assert one.forms[1].mu > NEWCOMER.mu > one.forms[2].mu
    assert one.forms[1].streak == 1 and one.forms[2].streak == 0


def test_a_series_belongs_to_its_named_season_or_else_its_calendar_year():
    spring = SeasonSpan("spring", "Spring", date(2025, 3, 1), date(2025, 5, 31))
    assert season_of(date(2025, 4, 2), [spring]) == spring
    assert season_of(date(2025, 6, 1), [spring]) == calendar_season(2025)
    assert find_season("2024", [spring]) == calendar_season(2024)
    assert find_season("autumn", [spring]) is None
    assert season_key("Primavera è bella!") == "primavera-e-bella"
    assert season_key("2025") == "season-2025"  # never mistaken for a year
