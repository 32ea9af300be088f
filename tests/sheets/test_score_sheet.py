"""The score sheet: deals, running totals, the leader, who deals next, the tiebreak
and the winner, a chart with a text alternative, and a print view."""

from __future__ import annotations

import re

import pytest

from series.sheets import services
from tests.support.factories import entry
from tests.support.pages import play_to_the_end, record

pytestmark = pytest.mark.django_db


def tied_after_three_deals(series_id, anna, bruno, carla):
    record(series_id, anna, {bruno: 30, carla: 40})
    record(series_id, bruno, {anna: 30, carla: 20})
    record(series_id, carla, {anna: 20, bruno: 20})  # Anna 50, Bruno 50, Carla 60


def cells(page: str) -> list[list[str]]:
    """The words of each <td> cell, tags removed."""
    found = re.findall(r"<td[^>]*>(.*?)</td>", page)
    return [re.sub(r"<[^>]+>", " ", cell).split() for cell in found]


def test_it_shows_each_deal_with_penalties_running_totals_and_who_deals_next(as_role, table, four):
    anna, bruno, carla, dario = table.players[:4]
    record(four, bruno, {anna: 30, carla: 40, dario: 25})
    record(four, anna, {bruno: 20, carla: 15, dario: 35})

    page = as_role("member").get(f"/series/{four}/").content.decode()

    assert "Deal 3: Carla deals next." in page
    body = page[page.index("<tbody>") : page.index("</tbody>")]
    assert cells(body) == [
        ["30", "30"],
        ["★", "0", "0"],
        ["40", "40"],
        ["25", "25"],
        ["★", "0", "30"],
        ["20", "20"],
        ["15", "55"],
        ["35", "60"],
    ]
    assert re.findall(r'<small class="dealer">(\w+)</small>', body) == ["Anna", "Bruno"]
    assert re.search(r'class="num total">30<.*class="num total leader">20<', page, re.S)


def test_the_leader_is_highlighted(as_role, table, four):
    anna, bruno, carla, dario = table.players[:4]
    record(four, carla, {anna: 30, bruno: 40, dario: 25})

    page = as_role("member").get(f"/series/{four}/").content.decode()

    assert re.search(r'<th scope="col" class="leader">Carla <span class="badge">leads', page)


def test_a_banner_calls_the_tiebreak_deal_and_names_the_tied_players(as_role, table, three):
    # RULES D-8 and D-9: the tied players play one more deal; the rotation goes on.
    anna, bruno, carla = table.players[:3]
    tied_after_three_deals(three, anna, bruno, carla)

    page = as_role("member").get(f"/series/{three}/").content.decode()

    assert "Tiebreak deal due among: <strong>Anna, Bruno</strong>. Anna deals." in page
    assert 'class="leader in-tiebreak">Anna' in page


def test_the_winner_is_announced_after_the_tiebreak(as_role, table, three):
    anna, bruno, carla = table.players[:3]
    tied_after_three_deals(three, anna, bruno, carla)
    record(three, bruno, {anna: 15})

    page = as_role("member").get(f"/series/{three}/").content.decode()

    assert "Bruno wins the series!" in page
    assert '<span class="badge">tiebreak</span>' in page
    assert "Record a deal" not in page


def test_corrected_and_void_deals_are_marked(as_role, table, four):
    anna, bruno, carla, dario = table.players[:4]
    record(four, bruno, {anna: 30, carla: 40, dario: 25})
    record(four, anna, {bruno: 20, carla: 15, dario: 35})
    correction = entry(bruno, {anna: 31, carla: 40, dario: 25})
    services.deal_correct(series_id=four, number=1, reason="typo", entry=correction)
    services.deal_void(series_id=four, number=2, reason="misdeal")

    page = as_role("member").get(f"/series/{four}/").content.decode()

    assert '<span class="badge">corrected</span>' in page
    assert re.search(r'<tr class="void">\s*<th scope="row">2 <span class="badge">void</span>', page)


def test_the_chart_draws_one_line_per_player_with_a_text_alternative(as_role, table, four):
    anna, bruno, carla, dario = table.players[:4]
    record(four, bruno, {anna: 30, carla: 40, dario: 25})

    page = as_role("member").get(f"/series/{four}/").content.decode()

    assert page.count("<polyline") == 4
    assert 'role="img" aria-labelledby="totals-chart-title totals-chart-desc"' in page
    assert "Anna: 0, 30; Bruno: 0, 0; Carla: 0, 40; Dario: 0, 25." in page


def test_the_sheet_is_read_in_a_fixed_number_of_queries(
    as_role, table, four, django_assert_num_queries
):
    client = as_role("member")
    # session, user, sheet with club and role, seats with players, deal lines, scores,
    # the member's live link
    with django_assert_num_queries(7):
        client.get(f"/series/{four}/")
    play_to_the_end(four, table.players[:4])
    with django_assert_num_queries(7):
        response = client.get(f"/series/{four}/")
    assert "Anna wins the series!" in response.content.decode()


def test_the_print_view_holds_the_sheet_with_its_print_styles(as_role, table, four):
    record(
        four, table.players[1], {table.players[0]: 30, table.players[2]: 40, table.players[3]: 25}
    )

    page = as_role("member").get(f"/series/{four}/print/").content.decode()

    assert "css/print.css" in page
    assert 'id="score-table"' in page
    assert "<header" not in page


def test_a_member_of_another_club_gets_not_found(as_role, four):
    assert as_role("stranger").get(f"/series/{four}/").status_code == 404
    assert as_role("stranger").get(f"/series/{four}/print/").status_code == 404


def test_an_anonymous_visitor_is_sent_to_sign_in(as_role, four):
    response = as_role(None).get(f"/series/{four}/")

    assert response.status_code == 302
    assert response["Location"] == f"/login/?next=/series/{four}/"


def test_a_series_that_does_not_exist_is_not_found(as_role):
    assert as_role("member").get("/series/00000000-0000-0000-0000-000000000000/").status_code == 404


def test_only_scorers_are_offered_to_record_correct_and_void(as_role, table, four):
    record(
        four, table.players[1], {table.players[0]: 30, table.players[2]: 40, table.players[3]: 25}
    )

    as_member = as_role("member").get(f"/series/{four}/").content.decode()
    as_scorer = as_role("scorer").get(f"/series/{four}/").content.decode()

    for link in ("/deals/new/", "/deals/1/correct/", "/deals/1/void/"):
        assert link not in as_member
        assert link in as_scorer
