"""A championship's page and API cost a fixed number of queries whatever its
nights and deals (DESIGN rule 7): its standings are read from the nights' read
model in one query, never from their tables."""

from __future__ import annotations

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from series.championships import selectors
from series.clubs import membership
from tests.support.api import client_for, make_user
from tests.support.championships import a_championship, a_club, a_night_played

pytestmark = pytest.mark.django_db

# The championship's row, its nights' rows, the players' names.
CHAMPIONSHIP_PAGE = 3
# The token with its user; the championship's club; the user's role in it.
AUTH_AND_ACCESS = 3


def a_championship_of(nights: int):
    club, (anna, bruno, carla, dario, elena) = a_club()
    champ = a_championship(club, nights_=nights)
    for number in range(nights):
        a_night_played(
            club,
            champ,
            anna,
            {bruno: 20, carla: 30 + number, dario: 40, elena: 50},
            date=f"2026-02-{number + 1:02}",
        )
    return club, champ


@pytest.mark.parametrize("nights", [1, 3])
def test_the_championship_page_costs_three_queries_however_many_nights(
    nights, django_assert_num_queries
):
    _club, champ = a_championship_of(nights)
    with django_assert_num_queries(CHAMPIONSHIP_PAGE):
        page = selectors.championship_page(champ)
    assert len(page.nights) == nights and len(page.standings) == 5


@pytest.mark.parametrize("nights", [1, 3])
def test_the_championship_api_and_page_cost_a_fixed_number_of_queries(nights, client):
    club, champ = a_championship_of(nights)
    member = make_user("member")
    membership.member_set(club=club, user=member, role="member")
    api = client_for(member)
    with CaptureQueriesContext(connection) as queries:
        answer = api.get(f"/api/v1/championships/{champ}")
    assert answer.status_code == 200
    assert len(queries) == AUTH_AND_ACCESS + CHAMPIONSHIP_PAGE, [
        q["sql"][:90] for q in queries.captured_queries
    ]
    client.force_login(member)
    client.get(f"/clubs/{club.slug}/championships/{champ}/")  # the session's first reads
    with CaptureQueriesContext(connection) as queries:
        page = client.get(f"/clubs/{club.slug}/championships/{champ}/")
    assert page.status_code == 200
    assert len(queries) <= PAGE_MOST, [q["sql"][:80] for q in queries.captured_queries]


# The session, its user, the club, the role, the page's three, and the site's own.
PAGE_MOST = 12
