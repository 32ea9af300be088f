"""Standings, records and head-to-head of the hand-made history (conftest),
worked out by hand. Abandoned and unfinished series count for nothing; a
corrected deal counts as corrected; a voided deal counts for nothing."""

from __future__ import annotations

import math
from datetime import date

import pytest
from openskill.models import BradleyTerryFull

from series.league import selectors, services
from series.league.player_record import player_record
from series.league.presentation import player_page_context
from series.league.selectors import Figures
from series.sheets.services import deal_correct
from tests.support.factories import entry
from tests.support.league import at, caught_up

pytestmark = pytest.mark.django_db


def standings_of(history, season="2025", game="continental"):
    choice = selectors.season_choice(history.club, season)
    return selectors.standings(history.club, game, choice)


def by_name(table):
    return {row.name: row for row in table.rows}


def test_the_figures_of_each_player_are_those_worked_out_by_hand(history):
    rows = by_name(standings_of(history))
    # Anna: first series 40+15+20 in 4 deals (out in deal 1, tiebreak lost),
    #       second series 30+20+0 in 3 deals (out in deal 4). 75 + 50 = 125 in 7 deals.
    assert rows["Anna"].figures == Figures(
        series_played=2,
        series_won=0,
        deals_played=7,
        went_out=2,
        penalty_total=125,
        tiebreaks_played=1,
        tiebreaks_won=0,
    )
    # Bruno: 20+0+50 = 70 in 3 deals; 0+0+25 = 25 in 3 deals, won. Out in 1 + 2 deals.
    assert rows["Bruno"].figures == Figures(2, 1, 6, 3, 95, 0, 0)
    # Carla: 30+25+0+0 = 55 in 4 deals, won the tiebreak; 60+40+35 = 135 in 3 deals.
    assert rows["Carla"].figures == Figures(2, 1, 7, 2, 190, 1, 1)
    assert rows["Anna"].figures.penalty_per_deal == pytest.approx(125 / 7)
    assert rows["Bruno"].figures.went_out_rate == pytest.approx(3 / 6)
    # Dario sat only in the abandoned and the unfinished series: nothing counts.
    assert "Dario" not in rows


def test_the_rating_is_bradley_terry_full_over_the_series_in_order_with_time_away(history):
    """RULES D-26: each series rated in order by openskill's Bradley-Terry
    "full" model, sigma squared grown by 0.02 for each of the 189 days between
    the two series (7 March and 12 September 2025), and for the days to the
    season's last day."""
    model = BradleyTerryFull(tau=0.0)
    anna, bruno, carla = model.rating(), model.rating(), model.rating()
    # First series: Carla 1st, Anna 2nd (she lost the tiebreak for first: RULES D-21,
    # though her 75 is above Bruno's 70), Bruno 3rd.
    [[anna], [bruno], [carla]] = model.rate([[anna], [bruno], [carla]], ranks=[2, 3, 1])
    for rating in (anna, bruno, carla):
        rating.sigma = math.sqrt(rating.sigma**2 + 0.02 * 189)
    # Second series: Bruno 1st, Anna 2nd (50), Carla 3rd (135).
    [[anna], [bruno], [carla]] = model.rate([[anna], [bruno], [carla]], ranks=[2, 1, 3])
    # The 2025 season is over: its standings show the ratings as of its last
    # day, 110 days after the second series.
    for rating in (anna, bruno, carla):
        rating.sigma = math.sqrt(rating.sigma**2 + 0.02 * 110)
    rows = by_name(standings_of(history))
    assert rows["Anna"].rating == pytest.approx(anna.ordinal())
    assert (rows["Bruno"].mu, rows["Bruno"].sigma) == pytest.approx((bruno.mu, bruno.sigma))
    assert rows["Carla"].rating == pytest.approx(carla.ordinal())


def test_players_below_the_minimum_are_listed_apart_and_the_rest_ranked_by_rating(history):
    table = standings_of(history)  # the default minimum is 3 series; everyone has 2
    assert table.ranked == [] and len(table.unranked) == 3
    services.ladder_set(club=history.club, min_series=2)
    table = standings_of(history)
    ratings = [row.rating for row in table.ranked]
    assert ratings == sorted(ratings, reverse=True)
    assert [row.rank for row in table.ranked] == [1, 2, 3]
    # Each won 2 and lost 2 of their meetings; Bruno won the later series, after
    # 189 days away had widened everyone's sigma, so his win counted most.
    assert [row.name for row in table.ranked] == ["Bruno", "Anna", "Carla"]


def test_with_only_the_best_series_counting_each_player_keeps_their_best_place(history):
    services.ladder_set(club=history.club, min_series=1, best_n=1)
    rows = by_name(standings_of(history))
    # Anna's best: 2nd of 3 in the second series (50 in 3 deals, out once).
    assert rows["Anna"].figures == Figures(1, 0, 3, 1, 50, 0, 0)
    # Bruno's best: the win (25 in 3 deals, out twice).
    assert rows["Bruno"].figures == Figures(1, 1, 3, 2, 25, 0, 0)
    # Carla's best: the win after the tiebreak (55 in 4 deals).
    assert rows["Carla"].figures == Figures(1, 1, 4, 2, 55, 1, 1)


def test_the_club_records_are_those_worked_out_by_hand(history):
    records = selectors.club_records(history.club, "continental", [])
    # Lowest total: Bruno's 25 in the second series.
    assert (records.lowest_total.name, records.lowest_total.value) == ("Bruno", 25)
    assert records.lowest_total.series_id == history.second
    # Most deals gone out in a season: Bruno, 1 + 2 = 3 in 2025.
    assert (records.most_went_out.name, records.most_went_out.value) == ("Bruno", 3)
    assert records.most_went_out.season == "2025"
    # Longest run: nobody won twice in a row; Carla's win came first.
    assert (records.longest_run.name, records.longest_run.value) == ("Carla", 1)
    # Comeback: in the first series after deal 2 Carla had 55, Bruno (leading) 20:
    # 35 behind, and she won.
    assert (records.biggest_comeback.name, records.biggest_comeback.value) == ("Carla", 35)


def test_head_to_head_counts_who_finished_ahead_in_the_series_both_sat(history):
    record = player_record(history.anna)
    duels = {h.name: (h.series, h.ahead, h.behind, h.level) for h in record.head_to_head}
    # Anna was 2nd (RULES D-21) then 2nd; Bruno 3rd then 1st; Carla 1st then 3rd.
    assert duels == {"Bruno": (2, 1, 1, 0), "Carla": (2, 1, 1, 0)}


def test_a_players_best_and_worst_series_are_those_of_fewest_and_most_points_a_deal(history):
    anna = player_record(history.anna).games["continental"]
    # Anna: 75 points in 4 deals in the first series, 50 in 3 in the second.
    assert (anna.best.series_id, anna.worst.series_id) == (history.second, history.first)
    deal_correct(
        series_id=history.second,
        number=1,
        entry=entry(history.bruno, {history.anna: 40, history.carla: 60}),
        reason="Counted again.",
        recorded_at=at(9, 13),
    )  # Anna now has 60 points in 3 deals
    caught_up()
    anna = player_record(history.anna).games["continental"]
    assert (anna.best.series_id, anna.worst.series_id) == (history.first, history.second)


def test_a_players_all_time_and_season_figures_equal_the_standings_row(history):
    record = player_record(history.carla)
    (all_time,) = record.all_time
    (season,) = record.seasons
    assert all_time.figures == season.figures == by_name(standings_of(history))["Carla"].figures
    assert season.season == "2025"
    assert [row.place for row in record.games["continental"].recent] == [1, 3]
    # The player's page and the standings show one rating for the season: as of
    # its last day (RULES D-26).
    (game,) = player_page_context(record, named=[], page=None)["games"]
    assert game.seasons[0].rating == pytest.approx(season_rating(history, "Carla"))


def season_rating(history, name):
    return by_name(standings_of(history))[name].rating


def test_a_named_season_takes_its_series_out_of_the_calendar_year(history):
    services.season_add(
        club=history.club, name="Spring", first_day=date(2025, 3, 1), last_day=date(2025, 5, 31)
    )
    spring = by_name(standings_of(history, season="spring"))
    year = by_name(standings_of(history, season="2025"))
    assert spring["Carla"].figures.series_played == 1  # the first series, in March
    assert year["Carla"].figures == Figures(1, 0, 3, 0, 135, 0, 0)  # the second, in September
    choice = selectors.season_choice(history.club, None)
    # Newest first, by first day: the named season started after 1 January.
    assert [season.key for season in choice.seasons][-2:] == ["spring", "2025"]


def test_each_series_gives_placement_points_fair_across_table_sizes(history):
    # RULES D-16: place p at a table of n scores 10 × (n − p) / (n − 1).
    # First series (3 players): Carla 1st 10, Anna 2nd 5 (the tiebreak's loser, RULES
    # D-21), Bruno 3rd 0. Second series (3 players): Bruno 1st 10, Anna 2nd 5, Carla 3rd 0.
    rows = by_name(standings_of(history))
    assert rows["Anna"].placement_points == 10
    assert rows["Bruno"].placement_points == 10
    assert rows["Carla"].placement_points == 10
    assert rows["Bruno"].placement_per_series == 5
