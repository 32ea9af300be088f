"""The night's report: its figures are the night's own (the ranking as closed,
each table's totals as its score sheet keeps them), its facts come from the
tables' deals, a rebuild gives the same report, and it costs four queries
however many deals were played."""

from __future__ import annotations

import uuid

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from series.clubs import membership
from series.clubs import services as club_services
from series.domain.nights import report as facts
from series.nights import selectors
from series.nights import services as nights
from series.sheets import projection
from series.sheets import services as sheets
from tests.support.api import client_for, make_user
from tests.support.nights import a_night_with_every_fact

pytestmark = pytest.mark.django_db

# The night's page (its events, its tables' standings, the names), then its
# tables' series states (their sheets' snapshots).
NIGHT_REPORT = 4
# The token with its user; the night's club; the user's role in it.
AUTH_AND_ACCESS = 3


def test_the_reports_ranking_and_totals_are_the_nights():
    _club, _players, night_id = a_night_with_every_fact(12)
    page = selectors.night_page(night_id)
    report = selectors.night_report(night_id)
    assert report.night.ranking == page.ranking
    assert [line.per_round for line in report.night.ranking.lines] == [
        line.per_round for line in page.ranking.lines
    ]
    assert report.rounds == [1]
    assert [(t.round, t.number) for t in report.tables] == [(1, 1), (1, 2), (1, 3)]
    for shown, table in zip(report.tables, page.rounds[0].tables, strict=True):
        state = sheets.series_load(table.series)
        assert {t.player: t.total for t in shown.totals} == dict(state.totals)
        assert [t.player for t in shown.totals] == table.players  # seat order
    assert [t.status for t in report.tables] == ["finished", "finished", "abandoned"]
    assert report.tables[-1].result_entered


def test_the_reports_facts_in_words():
    _club, players, night_id = a_night_with_every_fact(12)
    page = selectors.night_page(night_id)
    one, two, three = page.rounds[0].tables
    name = {p.id: p.name for p in players}
    lines = {line.kind: line for line in selectors.night_report(night_id).facts}
    assert list(lines) == list(facts.KINDS)
    last = two.seats[-1]
    assert lines[facts.HIGHEST_DEAL].text == (
        f"The highest penalty in one deal: 45, {last.name} (round 1, table 2, deal 2)."
    )
    assert lines[facts.HIGHEST_DEAL].players == (last.player,)
    # Table 1's winner finished on 20 after its tiebreak; Table 2's first on 0
    assert lines[facts.LOWEST_TOTAL].text == (
        f"The lowest total at a table: 0, {two.seats[0].name} (round 1, table 2)."
    )
    most = sorted((one.seats[0].player, two.seats[0].player))
    assert lines[facts.WENT_OUT_MOST].players == tuple(most)
    assert lines[facts.WENT_OUT_MOST].text == (
        f"Went out most: {name[most[0]]} and {name[most[1]]}, 2 times."
    )
    first, second = one.seats[0].name, one.seats[1].name
    assert lines[facts.TIEBREAK].text == (
        f"Tiebreak at round 1, table 1 (deal 3): {first} and {second} played it; {first} went out."
    )
    places = "; ".join(
        f"{n}{suffix} {seat.name}"
        for n, suffix, seat in zip(
            (1, 2, 3, 4), ("st", "nd", "rd", "th"), reversed(three.seats), strict=True
        )
    )
    assert lines[facts.DIRECTOR_RESULT].text == (
        f"The director's result at round 1, table 3: {places}."
    )


def test_a_rebuild_gives_the_same_report():
    _club, _players, night_id = a_night_with_every_fact(8)
    before = selectors.night_report(night_id)
    projection.rebuild()
    assert selectors.night_report(night_id) == before


@pytest.mark.parametrize("count", [8, 24])
def test_the_report_costs_four_queries_however_many_tables(count, django_assert_num_queries):
    _club, _players, night_id = a_night_with_every_fact(count)
    with django_assert_num_queries(NIGHT_REPORT):
        report = selectors.night_report(night_id)
    assert len(report.tables) == count // 4


def test_no_report_for_no_night():
    assert selectors.night_report(uuid.uuid4()) is None


# -- the page and the API -------------------------------------------------------------------


def report_paths(club, night_id) -> tuple[str, str]:
    return f"/clubs/{club.slug}/nights/{night_id}/report/", f"/api/v1/nights/{night_id}/report"


def test_the_api_gives_the_pages_figures_and_facts():
    club, _players, night_id = a_night_with_every_fact(8)
    body = client_for(None).get(report_paths(club, night_id)[1]).json()
    report = selectors.night_report(night_id)
    assert set(body) == {"night", "club", "date", "method", "ranking", "tables", "facts"}
    assert (body["night"], body["club"], body["date"], body["method"]) == (
        str(night_id),
        club.slug,
        "2026-03-14",
        "placement",
    )
    assert [(r["player"], r["name"], r["place"], r["points"]) for r in body["ranking"]] == [
        (line.player, line.name, line.place, round(float(line.points), 2))
        for line in report.night.ranking.lines
    ]
    assert body["ranking"][0]["per_round"] == [
        {"round": 1, "table": r.table, "place": r.place, "points": round(float(r.points), 2)}
        for r in report.night.ranking.lines[0].per_round
    ]
    assert [(t["round"], t["number"]) for t in body["tables"]] == [(1, 1), (1, 2)]
    assert body["tables"][0]["totals"] == [
        {"player": t.player, "name": t.name, "total": t.total} for t in report.tables[0].totals
    ]
    assert [f["kind"] for f in body["facts"]] == list(facts.KINDS)
    assert [(f["text"], tuple(f["players"])) for f in body["facts"]] == [
        (f.text, f.players) for f in report.facts
    ]


def test_the_api_says_the_facts_in_the_callers_language():
    club, _players, night_id = a_night_with_every_fact(8)
    body = client_for(None).get(report_paths(club, night_id)[1], HTTP_ACCEPT_LANGUAGE="it").json()
    assert body["facts"][0]["text"].startswith("La penalità più alta in una smazzata:")


def test_a_private_clubs_report_is_for_its_members_only(client):
    club, _players, night_id = a_night_with_every_fact(8, public=False)
    page, api = report_paths(club, night_id)
    member, stranger = make_user("member"), make_user("stranger")
    membership.member_set(club=club, user=member, role="member")
    # a visitor signs in first; a stranger gets what a missing night gives
    assert client.get(page).status_code == 302
    assert client_for(None).get(api).status_code in (401, 404)
    client.force_login(stranger)
    assert client.get(page).status_code == 404
    assert client_for(stranger).get(api).status_code == 404
    assert client_for(stranger).get(f"/api/v1/nights/{uuid.uuid4()}/report").json() == (
        client_for(stranger).get(api).json()
    )
    client.force_login(member)
    assert client.get(page).status_code == 200
    assert client_for(member).get(api).status_code == 200


def test_a_public_clubs_report_is_for_anyone_and_another_clubs_slug_finds_nothing(client):
    club, _players, night_id = a_night_with_every_fact(8)
    other = club_services.club_create(name="Another club", public=True)
    page = client.get(report_paths(club, night_id)[0])
    assert page.status_code == 200
    assert "Report of the club night of" in page.content.decode()
    assert client.get(f"/clubs/{other.slug}/nights/{night_id}/report/").status_code == 404


def test_the_closed_nights_page_and_the_nights_list_link_the_report(client):
    club, _players, night_id = a_night_with_every_fact(8)
    path = report_paths(club, night_id)[0]
    assert f'href="{path}"' in client.get(f"/clubs/{club.slug}/nights/{night_id}/").content.decode()
    listed = client.get(f"/clubs/{club.slug}/nights/").content.decode()
    assert f'href="{path}"' in listed
    # each link of the list is a line of its own: no separator is left alone on one between them
    assert f'</a><a href="{path}"' in listed
    nights.night_reopen(night_id=night_id, reason="a wrong total")
    assert f'href="{path}"' not in client.get(f"/clubs/{club.slug}/nights/").content.decode()


def test_the_big_screens_final_view_shows_the_reports_address_as_a_qr_code(client):
    club, _players, night_id = a_night_with_every_fact(8)
    screen = client.get(f"/clubs/{club.slug}/nights/{night_id}/screen/")
    assert screen.context["report_url"] == f"http://testserver{report_paths(club, night_id)[0]}"
    html = screen.content.decode()
    assert '<figure class="screen-report"><svg' in html
    assert "style=" not in html  # the CSP forbids inline styles
    nights.night_reopen(night_id=night_id, reason="a wrong total")
    assert (
        "screen-report"
        not in client.get(f"/clubs/{club.slug}/nights/{night_id}/screen/").content.decode()
    )


@pytest.mark.parametrize("count", [8, 24])
def test_the_reports_api_costs_a_fixed_number_of_queries(count):
    club, _players, night_id = a_night_with_every_fact(count)
    reader = make_user("reader")
    membership.member_set(club=club, user=reader, role="member")
    api = client_for(reader)
    with CaptureQueriesContext(connection) as queries:
        assert api.get(report_paths(club, night_id)[1]).status_code == 200
    assert len(queries) == AUTH_AND_ACCESS + NIGHT_REPORT
