"""At a club night a scorer records their own table's deals only: another
table's score sheet shows them where theirs is, its deal pages and the API
refuse them, and the night's director records at any table (RULES D-19: one
open table per player)."""

from __future__ import annotations

import pytest
from django.contrib.auth import get_user_model

from series.clubs import membership
from series.clubs import players as player_services
from series.clubs.access import Access, Decision, Table, decide
from series.models import SeriesSheet
from series.nights import services as nights
from tests.support.api import client_for, make_user
from tests.support.nights import drawn, night_of
from tests.support.pages import signed_in

pytestmark = pytest.mark.django_db


@pytest.fixture
def tables():
    """A night of nine at tables of 5 and 4, both started; a scorer seated at table 1."""
    club, _players, night = night_of(9)
    drawn(night.night_id, low=4, high=5, seed=11)
    state = nights.night_tables_start(night_id=night.night_id).state
    one, two = state.current_round.tables
    scorer = make_user("lucia", password="a long pass phrase")
    membership.member_set(club=club, user=scorer, role="scorer")
    membership.member_set(club=club, user=make_user("director"), role="admin")
    player_services.player_link(club=club, player_id=one.seats[0], user_id=scorer.id)
    return club, scorer, one, two


def test_another_tables_sheet_shows_the_scorer_their_own_table(tables):
    _club, scorer, one, two = tables
    page = signed_in(scorer).get(f"/series/{two.series}/").content.decode()
    assert "Record a deal" not in page
    assert "You play at Table 1 tonight" in page
    assert f'href="/series/{one.series}/"' in page
    own = signed_in(scorer).get(f"/series/{one.series}/").content.decode()
    assert "Record a deal" in own
    assert "You play at Table" not in own


def test_another_tables_deal_page_refuses_the_scorer_and_says_where_to_go(tables):
    _club, scorer, one, two = tables
    client = signed_in(scorer)
    for path in (f"/series/{two.series}/deals/new/", f"/series/{two.series}/abandon/"):
        refused = client.get(path)
        assert refused.status_code == 403
        assert "You play at Table 1 tonight" in refused.content.decode()
    sent = client.post(f"/series/{two.series}/deals/new/", {"expected_version": "1"})
    assert sent.status_code == 403  # an outbox shows it as refused, not recorded
    assert client.get(f"/series/{one.series}/deals/new/").status_code == 200


def test_the_api_refuses_another_tables_deal_with_its_own_code(tables):
    _club, scorer, one, two = tables
    api = client_for(scorer)
    out, *others = two.seats
    body = {
        "expected_version": 1,
        "went_out": out,
        "hands": [{"player": p, "points": 30} for p in others],
    }
    refused = api.post(f"/api/v1/series/{two.series}/deals", body, format="json")
    assert refused.status_code == 403
    assert refused.json()["code"] == "not_your_table"
    assert "Table 1" in refused.json()["message"]
    out, *others = one.seats
    body["went_out"], body["hands"] = out, [{"player": p, "points": 30} for p in others]
    assert api.post(f"/api/v1/series/{one.series}/deals", body, format="json").status_code == 201


def test_the_director_records_at_every_table(tables):
    club, _scorer, _one, two = tables
    director = club.memberships.get(role="admin").user
    page = signed_in(director).get(f"/series/{two.series}/").content.decode()
    assert "Record a deal" in page
    assert signed_in(director).get(f"/series/{two.series}/deals/new/").status_code == 200


def test_a_scorer_not_seated_tonight_records_at_any_table(tables):
    club, _scorer, _one, two = tables
    helper = make_user("table-phone")
    membership.member_set(club=club, user=helper, role="scorer")
    assert signed_in(helper).get(f"/series/{two.series}/deals/new/").status_code == 200


def test_the_access_policy_itself_holds_the_rule_for_every_caller(tables):
    # One owner: the pages and the API only turn this verdict into their answer.
    club, scorer, one, two = tables
    night = SeriesSheet.objects.get(id=one.series).night
    theirs, another = Table(one.series, night), Table(two.series, night)

    refused = decide(scorer, club, Access.SCORE, table=another)
    assert refused.decision is Decision.FORBIDDEN
    assert refused.own_table.number == 1 and refused.own_table.series == one.series
    assert decide(scorer, club, Access.SCORE, table=theirs).decision is Decision.ALLOWED
    # Reading another table stays open to them; so is scoring for the director.
    assert decide(scorer, club, Access.READ, table=another).decision is Decision.ALLOWED
    director = get_user_model().objects.get(username="director")
    assert decide(director, club, Access.SCORE, table=another).decision is Decision.ALLOWED
