"""The night's report: its figures are the night's own (the ranking as closed,
each table's totals as its score sheet keeps them), its facts come from the
tables' deals, a rebuild gives the same report, and it costs four queries
however many deals were played."""

from __future__ import annotations

import uuid

import pytest

from series.domain.nights import report as facts
from series.nights import selectors
from series.sheets import projections
from series.sheets import services as sheets
from tests.support.nights import a_night_with_every_fact

pytestmark = pytest.mark.django_db

# The night's page (its events, its tables' standings, the names), then its
# tables' series states (their sheets' snapshots).
NIGHT_REPORT = 4


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
    projections.rebuild()
    assert selectors.night_report(night_id) == before


@pytest.mark.parametrize("count", [8, 24])
def test_the_report_costs_four_queries_however_many_tables(count, django_assert_num_queries):
    _club, _players, night_id = a_night_with_every_fact(count)
    with django_assert_num_queries(NIGHT_REPORT):
        report = selectors.night_report(night_id)
    assert len(report.tables) == count // 4


def test_no_report_for_no_night():
    assert selectors.night_report(uuid.uuid4()) is None
