"""A night's notable facts (the night's report), from its tables' series: the
highest penalty in one deal, the lowest total at a finished table, who went out
most, each tiebreak and who played it, each director's result."""

from hypothesis import given, settings
from hypothesis import strategies as st

from series.domain.nights.report import (
    DIRECTOR_RESULT,
    HIGHEST_DEAL,
    LOWEST_TOTAL,
    TIEBREAK,
    WENT_OUT_MOST,
    Fact,
    ReportTable,
    Where,
    night_facts,
)
from series.domain.series import AbandonSeries, VoidDeal
from tests.support.examples import examples
from tests.support.series import A, B, C, D, E, F, entry, record, run, started


def tied_table():
    """A, B, C, D: A and B level on 90 after four deals; A wins the tiebreak deal."""
    state = started([A, B, C, D], first_dealer=A)
    for deal_entry in [
        entry(B, a=20, c=50, d=50),
        entry(C, a=20, b=40, d=50),
        entry(D, a=30, b=50, c=30),
        entry(B, a=20, c=30, d=20),
        entry(A, b=20),
    ]:
        state = record(state, deal_entry)
    return state


def abandoned_table():
    """C, E and F: one deal played (E out, F 95), one voided (F out, E 200), abandoned."""
    state = started([C, E, F], first_dealer=E)
    state = record(state, entry(E, c=20, f=95))
    state = record(state, entry(F, c=20, e=200))
    return run(state, VoidDeal(2, "wrong table"), AbandonSeries("the pub closed"))


def the_night():
    return [
        ReportTable(2, 1, abandoned_table(), result=((F,), (C, E))),
        ReportTable(1, 1, tied_table()),
        ReportTable(2, 2, None),  # drawn, never started
    ]


def test_the_facts_of_a_night_in_the_reports_order():
    facts = night_facts(the_night())
    assert [fact.kind for fact in facts] == [
        HIGHEST_DEAL,
        LOWEST_TOTAL,
        WENT_OUT_MOST,
        TIEBREAK,
        DIRECTOR_RESULT,
    ]


def test_the_highest_penalty_in_one_deal_names_each_deal_it_was_taken_in():
    # the voided deal's 200 does not count; the abandoned table's 95 does
    (highest,) = [f for f in night_facts(the_night()) if f.kind == HIGHEST_DEAL]
    assert highest == Fact(HIGHEST_DEAL, (F,), 95, (Where(F, 2, 1, 1),))


def test_level_highest_penalties_are_each_named():
    state = record(started([A, B, C], first_dealer=A), entry(A, b=50, c=50))
    (highest, *_rest) = night_facts([ReportTable(1, 3, state)])
    assert highest.value == 50
    assert highest.players == (B, C)
    assert highest.at == (Where(B, 1, 3, 1), Where(C, 1, 3, 1))


def test_the_lowest_total_is_of_a_finished_table_only():
    # A finished the tied table on 90 (tiebreak deal included: RULES D-21); the
    # abandoned table's E stopped on 0
    (lowest,) = [f for f in night_facts(the_night()) if f.kind == LOWEST_TOTAL]
    assert lowest == Fact(LOWEST_TOTAL, (A,), 90, (Where(A, 1, 1),))


def test_who_went_out_most_counts_every_deal_that_counts_level_players_together():
    # B twice at the tied table; A, C, D, E once; F went out only in the void deal
    (most,) = [f for f in night_facts(the_night()) if f.kind == WENT_OUT_MOST]
    assert most == Fact(WENT_OUT_MOST, (B,), 2)
    state = record(started([A, B, C], first_dealer=A), entry(A, b=15, c=15))
    state = record(state, entry(B, a=15, c=15))
    (most,) = [f for f in night_facts([ReportTable(1, 1, state)]) if f.kind == WENT_OUT_MOST]
    assert most.players == (A, B) and most.value == 1


def test_each_tiebreak_says_who_played_it_and_who_went_out():
    (tiebreak,) = [f for f in night_facts(the_night()) if f.kind == TIEBREAK]
    assert tiebreak == Fact(TIEBREAK, (A, B), round=1, table=1, deal=5, went_out=A)


def test_each_directors_result_gives_its_places():
    (result,) = [f for f in night_facts(the_night()) if f.kind == DIRECTOR_RESULT]
    assert result == Fact(DIRECTOR_RESULT, (F, C, E), round=2, table=1, order=((F,), (C, E)))


def test_a_night_with_no_deal_has_no_fact():
    assert night_facts([ReportTable(1, 1, None), ReportTable(1, 2, started([A, B, C], A))]) == ()


POINTS = st.integers(3, 30).map(lambda n: 5 * n)  # what a hand left can count
DEALS = st.lists(st.tuples(st.integers(0, 2), POINTS, POINTS), min_size=1, max_size=6)
KEYS = {A: "a", B: "b", C: "c"}


@settings(max_examples=examples(40), deadline=None)
@given(DEALS)
def test_the_facts_agree_with_every_deal_played(deals):
    """Three deals, then tiebreaks while players stay level (RULES D-8)."""
    state = started([A, B, C], first_dealer=A, deals=3)
    for out_index, one, other in deals:
        if not state.is_open:
            break
        playing = state.next_players
        out = playing[out_index % len(playing)]
        left = [KEYS[p] for p in playing if p != out]
        state = record(state, entry(out, **dict(zip(left, (one, other), strict=False))))
    facts = {f.kind: f for f in night_facts([ReportTable(1, 1, state)])}
    scores = [(p, s, d.number) for d in state.deals for p, s in d.scores.items()]
    top = max(s for _p, s, _n in scores)
    assert facts[HIGHEST_DEAL].value == top
    assert set(facts[HIGHEST_DEAL].at) == {Where(p, 1, 1, n) for p, s, n in scores if s == top}
    outs = [d.entry.went_out for d in state.deals]
    assert all(outs.count(p) == facts[WENT_OUT_MOST].value for p in facts[WENT_OUT_MOST].players)
    assert max(outs.count(p) for p in (A, B, C)) == facts[WENT_OUT_MOST].value
    if state.status == "finished":
        assert facts[LOWEST_TOTAL].value == min(state.totals.values())
    assert [f.deal for f in night_facts([ReportTable(1, 1, state)]) if f.kind == TIEBREAK] == [
        d.number for d in state.deals if d.tiebreak
    ]


def winner_takes_all_table():
    """A Rummy table where the winner takes all (the highest total wins): A went
    out twice and collected B's and C's points."""
    state = started([A, B, C], first_dealer=A, preset="rummy", scoring="winner_takes_all")
    state = record(state, entry(A, b=40, c=30))
    return record(state, entry(A, b=20, c=15))


def test_a_table_where_the_highest_total_wins_says_nothing_of_penalties():
    # Its points are winnings: the "highest penalty" would name the winner and
    # the "lowest total" the losers, the opposite of what happened.
    alone = night_facts([ReportTable(1, 1, winner_takes_all_table())])
    assert [fact.kind for fact in alone] == [WENT_OUT_MOST]
    beside = night_facts(
        [ReportTable(1, 1, winner_takes_all_table()), ReportTable(1, 2, tied_table())]
    )
    highest = next(fact for fact in beside if fact.kind == HIGHEST_DEAL)
    assert {where.table for where in highest.at} == {2}
