"""What a director and a stranger found on a club night's pages: the guest
form, sending a form again after "the night changed", a private club's big
screen asked conditionally, and a closed night's points (RULES D-16 to D-18)."""

from __future__ import annotations

import re

import pytest

from series.domain.errors import DomainError
from series.models import Player
from series.nights import selectors as night_selectors
from series.nights import services as nights
from series.sheets import services as sheets
from tests.support.factories import entry
from tests.support.nights import play_out
from tests.support.pages import night_url as url

pytestmark = pytest.mark.django_db


@pytest.fixture
def night(table):
    return nights.night_open(club=table.club, date="2026-03-14").night_id


def version(night_id) -> int:
    return night_selectors.night_page(night_id).version


def test_the_director_adds_a_guest_on_the_spot(table, as_role, night):
    sent = as_role("scorer").post(
        url(table, night), {"action": "guest", "name": "Zoe", "expected_version": version(night)}
    )
    assert sent.status_code == 302
    zoe = Player.objects.get(club=table.club, name="Zoe")
    assert [line.id for line in night_selectors.night_page(night).present] == [zoe.id]


def test_a_guest_sent_on_a_stale_page_adds_no_one(table, as_role, night):
    stale = version(night)
    nights.night_check_in(night_id=night, players=[table.players[0].id])
    refused = as_role("scorer").post(
        url(table, night), {"action": "guest", "name": "Zoe", "expected_version": stale}
    )
    assert refused.status_code == 422
    assert "changed while this page was open" in refused.content.decode()
    assert not Player.objects.filter(club=table.club, name="Zoe").exists()


def test_after_the_night_changed_sending_the_form_again_goes_through(table, as_role, night):
    director = as_role("scorer")
    stale = version(night)
    nights.night_check_in(night_id=night, players=[table.players[0].id])  # another tab
    form = {"action": "check_in", "players": [table.players[1].id], "expected_version": stale}
    refused = director.post(url(table, night), form)
    assert refused.status_code == 422
    html = refused.content.decode()
    check_in = html[html.index('value="check_in"') :]
    shown = re.search(r'name="expected_version" value="(\d+)"', check_in).group(1)
    assert int(shown) == version(night)  # the form now carries the night as shown
    again = director.post(url(table, night), {**form, "expected_version": shown})
    assert again.status_code == 302
    present = [line.id for line in night_selectors.night_page(night).present]
    assert present == [table.players[0].id, table.players[1].id]


def test_a_private_clubs_screen_answers_no_stranger_304(table, client, as_role, night):
    screen = url(table, night, "screen/tables/")
    tag = as_role("member").get(screen)["ETag"]
    for held in ("*", tag):
        assert client.get(screen, HTTP_IF_NONE_MATCH=held).status_code == 302  # sign in
    other_slug = f"/clubs/not-{table.club.slug}/nights/{night}/screen/tables/"
    assert as_role("member").get(other_slug, HTTP_IF_NONE_MATCH=tag).status_code != 304


def test_a_closed_nights_ranking_is_the_one_recorded_at_its_close(table, night):
    nights.night_check_in(night_id=night, players=[p.id for p in table.players])
    nights.night_round_draw(night_id=night, min_table=3, max_table=3, seed=7)
    first = nights.night_tables_start(night_id=night).state.current_round.tables[0]
    play_out(night)
    nights.night_close(night_id=night)
    recorded = [
        (line.player, line.points, line.per_deal)
        for line in night_selectors.night_ranking(night).lines
    ]
    last = sheets.series_load(first.series).deals[-1].number
    winner, other, third = first.seats
    late = entry(other, {winner: 200, third: 150})  # the table's winner now last
    with pytest.raises(DomainError) as refused:  # RULES D-22: the result holds
        sheets.deal_correct(series_id=first.series, number=last, entry=late, reason="a change")
    assert refused.value.code == "night_closed"
    after = [
        (line.player, line.points, line.per_deal)
        for line in night_selectors.night_ranking(night).lines
    ]
    assert after == recorded


def test_closing_while_a_table_plays_offers_to_abandon_that_tables_series(table, as_role, night):
    nights.night_check_in(night_id=night, players=[p.id for p in table.players])
    nights.night_round_draw(night_id=night, min_table=3, max_table=3, seed=7)
    playing = nights.night_tables_start(night_id=night).state.current_round.tables
    refused = as_role("scorer").post(
        url(table, night), {"action": "close", "expected_version": version(night)}
    )
    assert refused.status_code == 422
    html = refused.content.decode()
    for each in playing:
        link = f'href="/series/{each.series}/abandon/"'
        assert link in html and f"Abandon Table {each.number}'s series" in html
    assert not night_selectors.night_page(night).closed
