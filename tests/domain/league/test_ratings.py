"""Ratings people can trust (RULES D-26): a better place never gives a lower
mu, time away widens the estimate within its bounds, and a worked example of
three series agrees with the walk to the second decimal (no database)."""

import math

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from series.domain.league.rating import (
    DAILY_VARIANCE,
    NEWCOMER,
    START_SIGMA,
    Form,
    Placing,
    RatingWalk,
    grown,
    standing_on,
)
from tests.support.examples import examples

priors = st.builds(
    Form,
    mu=st.floats(min_value=0, max_value=50),
    sigma=st.floats(min_value=0.5, max_value=START_SIGMA),
)


@st.composite
def tables_with_a_better_and_a_worse_place(draw):
    size = draw(st.integers(min_value=3, max_value=8))
    forms = draw(st.lists(priors, min_size=size, max_size=size))
    places = draw(st.lists(st.integers(1, size), min_size=size, max_size=size))
    mover = draw(st.integers(0, size - 1))
    better, worse = sorted(
        draw(st.lists(st.integers(1, size), min_size=2, max_size=2, unique=True))
    )
    return forms, places, mover, better, worse


def mu_after(forms, places, mover, place):
    places = [place if seat == mover else p for seat, p in enumerate(places)]
    walk = RatingWalk(dict(enumerate(forms)))
    table = [Placing(seat, p, p == 1) for seat, p in enumerate(places)]
    return walk.step(table)[mover].mu


@settings(max_examples=examples(300), deadline=None)
@given(tables_with_a_better_and_a_worse_place())
def test_placing_higher_never_gives_a_lower_mu_shared_places_included(case):
    """RULES D-26: everything else the same, a better place gives at least the
    mu a worse place would have (Plackett-Luce breaks this with ties)."""
    forms, places, mover, better, worse = case
    assert mu_after(forms, places, mover, better) >= mu_after(forms, places, mover, worse) - 1e-9


@given(st.floats(min_value=0.01, max_value=START_SIGMA), st.integers(0, 5000))
def test_time_away_never_lowers_sigma_and_never_lifts_it_past_the_start(sigma, days):
    """RULES D-26: sigma squared grows 0.02 a day away, up to the starting sigma."""
    after = grown(sigma, days)
    assert sigma <= after <= max(sigma, START_SIGMA)
    if after < START_SIGMA:
        assert after * after == pytest.approx(sigma * sigma + DAILY_VARIANCE * days)


def test_a_rating_shown_today_grows_for_the_days_since_the_last_series():
    form = Form(30.0, 4.0, day=100)
    assert standing_on(form, series=12, day=100).sigma == 4.0
    assert standing_on(form, series=12, day=150).sigma == math.sqrt(16 + 0.02 * 50)
    assert standing_on(form, series=12, day=5000).sigma == START_SIGMA


def test_a_rating_is_provisional_for_few_series_or_a_year_away():
    """RULES D-26: fewer than 10 rated series, or none in the last 365 days."""
    settled = Form(30.0, 3.0, day=1000)
    assert standing_on(settled, series=9, day=1000).provisional_because(1000) == "few"
    assert standing_on(settled, series=9, day=1000).series_to_go == 1
    assert standing_on(settled, series=10, day=1000).provisional_because(1365) is None
    assert standing_on(settled, series=10, day=1000).provisional_because(1366) == "away"


def test_three_series_worked_by_hand():
    """A newcomer, a regular and a player back after a year (RULES D-26).

    Bradley-Terry "full": mu 25, sigma 25/3, beta = sigma/2 = 25/6. For each
    pair (i, q): c = sqrt(si² + sq² + 2 beta²), p = 1 / (1 + e^((mq - mi)/c)),
    s = 1 if i placed better, 1/2 if level, 0 if worse;
    mu_i += sum si²/c (s - p); sigma_i *= sqrt(1 - sum (si/c) si²/c² p (1 - p)).

    Series 1, day 0: Anna 1st, Bea 2nd, Carlo 3rd, all new. Every pair has
    c = sqrt(2 × 69.444 + 2 × 17.361) = 13.176 and p = 1/2, so si²/c = 5.271:
    Anna 25 + 5.271 × (1/2 + 1/2) = 30.27, Bea 25 + 5.271 × 0 = 25,
    Carlo 25 − 5.271 = 19.73. Each sigma: 8.333 × sqrt(1 − 2 × 0.6325 ×
    0.4 × 0.25) = 8.333 × 0.9346 = 7.79.

    Series 2, day 7: Bea 1st, Anna 2nd, Dino (new) 3rd. Anna's and Bea's
    sigmas grow for 7 days: sqrt(7.788² + 7 × 0.02) = 7.797. By the same
    formula (``reference_update``): Bea 30.30, Anna 29.22, Dino 20.14.

    Series 3, day 372: Carlo comes back after 372 days: sqrt(7.788² + 7.44) =
    8.25, below the start (8.333), so not capped; Anna's 7.349 grows over 365
    days to 7.83, Dino's 7.756 to 8.21. Carlo wins ahead of Anna and Dino:
    Carlo 19.73 → 25.98, Anna 29.22 → 27.56, Dino 20.14 → 15.78.
    """
    walk = RatingWalk()
    one = walk.step([Placing(1, 1, True), Placing(2, 2, False), Placing(3, 3, False)], day=0)
    assert [round(one[p].mu, 2) for p in (1, 2, 3)] == [30.27, 25.0, 19.73]
    assert {round(one[p].sigma, 2) for p in (1, 2, 3)} == {7.79}
    assert round(walk.forms[1].on(7).sigma, 3) == round(math.sqrt(one[1].sigma ** 2 + 0.14), 3)

    two = walk.step([Placing(2, 1, True), Placing(1, 2, False), Placing(4, 3, False)], day=7)
    expected = reference_update({2: one[2].on(7), 1: one[1].on(7), 4: NEWCOMER}, {2: 1, 1: 2, 4: 3})
    assert [round(two[p].mu, 2) for p in (2, 1, 4)] == [30.30, 29.22, 20.14]
    assert {p: round(two[p].mu, 2) for p in two} == {p: round(f[0], 2) for p, f in expected.items()}
    assert {p: round(two[p].sigma, 2) for p in two} == {
        p: round(f[1], 2) for p, f in expected.items()
    }

    back = walk.forms[3].on(372)
    assert round(back.sigma, 2) == round(math.sqrt(one[3].sigma ** 2 + 0.02 * 372), 2) == 8.25
    three = walk.step([Placing(3, 1, True), Placing(1, 2, False), Placing(4, 3, False)], day=372)
    expected = reference_update({3: back, 1: two[1].on(372), 4: two[4].on(372)}, {3: 1, 1: 2, 4: 3})
    assert {p: round(three[p].mu, 2) for p in three} == {
        p: round(f[0], 2) for p, f in expected.items()
    }
    assert [round(three[p].mu, 2) for p in (3, 1, 4)] == [25.98, 27.56, 15.78]


def reference_update(forms, places):
    """The Bradley-Terry "full" update written out, for the worked example."""
    beta = 25 / 6
    after = {}
    for i, fi in forms.items():
        omega = delta = 0.0
        for q, fq in forms.items():
            if q == i:
                continue
            c = math.sqrt(fi.sigma**2 + fq.sigma**2 + 2 * beta**2)
            p = 1 / (1 + math.exp((fq.mu - fi.mu) / c))
            s = 1.0 if places[q] > places[i] else 0.5 if places[q] == places[i] else 0.0
            omega += fi.sigma**2 / c * (s - p)
            delta += (fi.sigma / c) * fi.sigma**2 / c**2 * p * (1 - p)
        after[i] = (fi.mu + omega, fi.sigma * math.sqrt(max(1 - delta, 0.0001)))
    return after
