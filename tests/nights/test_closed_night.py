"""A closed night holds (RULES D-22): its tables' series take no correction, void
or abandon, on the pages or the API, while confirmations and disputes still
work; a night does not close while one of its deals is disputed."""

from __future__ import annotations

import pytest

from series.clubs import membership
from series.domain.errors import DomainError
from series.domain.nights.commands import CloseNight
from series.eventstore import writer
from series.models import Event, SeriesSheet
from series.nights import services as nights
from series.nights import stream as night_stream
from series.sheets import services
from tests.support.api import client_for, make_user
from tests.support.nights import drawn, night_of, other_winner, play_out

pytestmark = pytest.mark.django_db


def a_night_played(*, close: bool = True):
    """Eight players at two tables of four, one deal each; closed unless told."""
    club, _players, night = night_of(8, deals=1)
    drawn(night.night_id, low=4, high=4, seed=5)
    nights.night_tables_start(night_id=night.night_id)
    play_out(night.night_id)
    if close:
        nights.night_close(night_id=night.night_id)
    table = nights.night_load(night.night_id).rounds[0].tables[0]
    return club, night.night_id, table


def test_a_closed_nights_table_takes_no_correction_and_no_void():
    # RULES D-22: the sheet would name another winner than the night's ranking
    _club, night_id, table = a_night_played()
    version = SeriesSheet.objects.get(id=table.series).version
    for write in (
        lambda: services.deal_correct(
            series_id=table.series, number=1, entry=other_winner(table), reason="Wrong winner"
        ),
        lambda: services.deal_void(series_id=table.series, number=1, reason="Misdeal"),
    ):
        with pytest.raises(DomainError) as refused:
            write()
        assert refused.value.code == "night_closed"
        assert refused.value.params["night"] == str(night_id)
        assert refused.value.params["table"] == table.number
        assert "club night of 2026-03-14, which is closed" in refused.value.message
        assert "can reopen the night on its page" in refused.value.message
    assert SeriesSheet.objects.get(id=table.series).version == version
    assert not Event.objects.filter(stream=table.series, type__in=["DealCorrected", "DealVoided"])


def test_confirmations_and_disputes_still_work_after_the_close():
    # RULES D-22
    club, _night_id, table = a_night_played()
    friend, other = make_user("friend"), make_user("other")
    for user in (friend, other):
        membership.member_set(club=club, user=user, role="member")
    confirmed = services.deal_confirm(series_id=table.series, number=1, user_id=friend.id)
    assert confirmed.state.deal(1).confirmation == "confirmed"
    disputed = services.deal_dispute(
        series_id=table.series, number=1, user_id=other.id, reason="I held 30, not 20"
    )
    assert disputed.state.disputed == (1,)


def test_the_night_does_not_close_while_one_of_its_deals_is_disputed():
    # RULES D-22: the dispute is settled first (a correction, or a confirmation)
    club, night_id, table = a_night_played(close=False)
    friend = make_user("friend")
    membership.member_set(club=club, user=friend, role="member")
    services.deal_dispute(series_id=table.series, number=1, user_id=friend.id, reason="Not me")
    with pytest.raises(DomainError) as refused:
        nights.night_close(night_id=night_id)
    assert refused.value.code == "night_deal_disputed"
    assert refused.value.params == {"round": 1, "table": table.number, "deal": 1}
    assert "Deal 1 of Table 1 (round 1) is disputed" in refused.value.message
    assert not nights.night_load(night_id).closed
    services.deal_confirm(series_id=table.series, number=1, user_id=friend.id)
    assert nights.night_close(night_id=night_id).state.closed


def test_the_api_refuses_a_correction_of_a_closed_nights_table_naming_the_night():
    # RULES D-22
    club, night_id, table = a_night_played()
    scorer = make_user("scorer")
    membership.member_set(club=club, user=scorer, role="scorer")
    sheet = SeriesSheet.objects.get(id=table.series)
    seats = table.seats
    body = {
        "expected_version": sheet.version,
        "reason": "Wrong winner",
        "went_out": seats[1],
        "hands": [{"player": p, "points": 20} for p in (seats[0], *seats[2:])],
    }
    response = client_for(scorer).post(
        f"/api/v1/series/{table.series}/deals/1/correction", body, format="json"
    )
    assert response.status_code == 422, response.json()
    error = response.json()
    assert error["code"] == "night_closed"
    assert error["params"]["night"] == str(night_id)
    assert "reopen the night" in error["message"]


def test_the_sheet_of_a_closed_nights_table_says_so_instead_of_offering_the_forms(client):
    # RULES D-22
    club, _night_id, table = a_night_played()
    scorer = make_user("scorer")
    membership.member_set(club=club, user=scorer, role="scorer")
    client.force_login(scorer)
    page = client.get(f"/series/{table.series}/").content.decode()
    assert "which is closed: its result stands" in page
    assert "Correct or void a deal" not in page
    assert f"/series/{table.series}/deals/1/correct" not in page


def test_a_close_that_read_its_tables_before_a_correction_is_refused_after_its_append():
    # RULES D-22: what the race on PostgreSQL decides (test_races), in its one
    # order that a test can set up alone: the close read, a correction commits,
    # the close appends. Its points would miss the correction: refused, nothing kept.
    _club, night_id, table = a_night_played(close=False)
    nights.night_round_close(night_id=night_id)
    state = nights.night_load(night_id)
    points, _disputed = night_stream.close_reading(night_id, state)
    services.deal_correct(
        series_id=table.series, number=1, entry=other_winner(table), reason="Wrong winner"
    )
    with pytest.raises(DomainError) as refused:
        writer.write(night_stream.NIGHT, night_id, CloseNight(points))
    assert refused.value.code == "night_result_changed"
    assert not nights.night_load(night_id).closed
    closed = nights.night_close(night_id=night_id).state
    winners = {line.player for line in closed.points if line.points == "10"}
    assert closed.points != points and table.seats[1] in winners
