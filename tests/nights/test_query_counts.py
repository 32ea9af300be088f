"""The night's reads cost a fixed number of queries, however many deals its
tables played (DESIGN rule 7): the big screen polls them."""

from __future__ import annotations

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from series.clubs import membership
from series.nights import selectors
from series.nights import services as nights
from series.sheets import services
from tests.support.api import client_for
from tests.support.factories import entry
from tests.support.nights import drawn, night_of

pytestmark = pytest.mark.django_db

# The night's events, its tables' score sheets, the players' names.
NIGHT_PAGE = 3
# The token with its user; the night's club; the user's role in it.
AUTH_AND_ACCESS = 3


def a_night_with_deals(deals: int):
    club, _players, night = night_of(12, deals=8)
    drawn(night.night_id, low=4, high=4)
    state = nights.night_tables_start(night_id=night.night_id).state
    for table in state.current_round.tables:
        for number in range(deals):
            seats = table.seats
            out = seats[number % len(seats)]
            hands = {p: 20 + 10 * n for n, p in enumerate(p for p in seats if p != out)}
            services.deal_record(series_id=table.series, entry=entry(out, hands))
    return club, night.night_id


@pytest.mark.parametrize("deals", [0, 3])
def test_the_night_page_and_its_ranking_cost_three_queries_however_many_deals(
    deals, django_assert_num_queries
):
    _club, night_id = a_night_with_deals(deals)
    with django_assert_num_queries(NIGHT_PAGE):
        page = selectors.night_page(night_id)
    assert page.current_round.tables[0].deal_number == deals + 1


@pytest.mark.parametrize("deals", [0, 3])
def test_the_nights_api_costs_a_fixed_number_of_queries_however_many_deals(deals):
    club, night_id = a_night_with_deals(deals)
    client = _admin_client(club)
    with CaptureQueriesContext(connection) as queries:
        response = client.get(f"/api/v1/nights/{night_id}")
    assert response.status_code == 200
    assert len(queries) == AUTH_AND_ACCESS + NIGHT_PAGE


def _admin_client(club):
    from tests.support.api import make_user

    admin = make_user("director")
    membership.member_set(club=club, user=admin, role="admin")
    return client_for(admin)
