"""A championship's pure rules: the standings with the best N (RULES D-23), the cut
with everyone sharing the K-th place going in, the carry-over and the final ranking
(D-24), and the fold that a restore decides again."""

from __future__ import annotations

from fractions import Fraction

import pytest
from hypothesis import given
from hypothesis import strategies as st

from series.domain.championships import carried, cut, final_ranking, standings
from series.domain.championships.championship import (
    AddNight,
    ChampionshipState,
    CloseChampionship,
    MakeCut,
    NightFacts,
    OpenChampionship,
    OpenFinal,
    check_recorded,
    decide,
    fold,
)
from series.domain.championships.cut import BELOW, PER_DEAL, TIED, TOP
from series.domain.championships.final import ABSENT, OUT, PLAYED, FinalPlayed, Qualified
from series.domain.championships.standings import QualifyingNight
from series.domain.errors import DomainError
from series.domain.league.night_standings import NightLineRecorded

RULES = {"preset": "continental", "options": {}}
SCORING = {"method": "placement"}


def line(player, place, points, penalty=10, deals=2):
    return NightLineRecorded(player, place, Fraction(points), penalty, deals)


def night(name, *lines, method="placement"):
    return QualifyingNight(name, method, tuple(lines))


# One night's lines: each player plays or not, with points and a penalty per deal.
night_lines = st.lists(
    st.tuples(
        st.integers(0, 10),  # points
        st.integers(0, 200),  # penalty
        st.integers(1, 8),  # deals
    )
    | st.none(),
    min_size=6,
    max_size=6,
)


def nights_from(drawn) -> list[QualifyingNight]:
    nights = []
    for number, lines in enumerate(drawn):
        played = [(p, got) for p, got in enumerate(lines, start=1) if got is not None]
        ordered = sorted(played, key=lambda x: -x[1][0])
        nights.append(
            night(
                f"n{number}",
                *(
                    line(p, place, pts, pen, deals)
                    for place, (p, (pts, pen, deals)) in enumerate(ordered, start=1)
                ),
            )
        )
    return nights


def competition_places(lines, key) -> bool:
    """Each place is 1 + the number of lines strictly ahead of it."""
    return all(
        line.place == 1 + sum(1 for other in lines if key(other) < key(line)) for line in lines
    )


def level(line):
    return (-line.points, line.per_deal is None, line.per_deal or 0)


@given(st.lists(night_lines, min_size=1, max_size=5), st.integers(1, 5) | st.none())
def test_the_standings_count_each_players_best_nights_and_share_only_true_ties(drawn, best):
    # RULES D-23
    lines = standings(nights_from(drawn), best)
    for standing in lines:
        played = standing.nights
        counted = [n for n in played if n.counted]
        assert len(counted) == (len(played) if best is None else min(best, len(played)))
        assert standing.points == sum((n.points for n in counted), Fraction(0))
        dropped = [n for n in played if not n.counted]
        assert all(c.points >= d.points for c in counted for d in dropped)
    assert competition_places(lines, level)
    assert [x.place for x in lines] == sorted(x.place for x in lines)


def test_between_equal_nights_the_lower_average_per_deal_counts_then_the_earlier():
    # RULES D-23: best 1 of three nights of 10 points each
    nights = [
        night("early", line(1, 1, 10, penalty=40, deals=4)),  # 10 a deal
        night("cheap", line(1, 1, 10, penalty=10, deals=2)),  # 5 a deal
        night("later", line(1, 1, 10, penalty=5, deals=1)),  # 5 a deal, later
    ]
    (only,) = standings(nights, best=1)
    assert only.counted == ("cheap",) and only.dropped == ("early", "later")


def test_a_tie_on_points_is_broken_by_the_pooled_average_per_deal_then_shared():
    # RULES D-23
    nights = [
        night("a", line(1, 1, 10, 30, 3), line(2, 2, 5, 10, 2), line(3, 3, 5, 20, 2)),
        night("b", line(1, 2, 0, 10, 1), line(2, 1, 5, 10, 2), line(3, 1, 5, 0, 2)),
    ]
    lines = standings(nights)
    # Each has 10 points; 2 and 3 pool 20 penalty over 4 deals (5), 1 pools 40 over 4 (10).
    assert [(x.player, x.place) for x in lines] == [(2, 1), (3, 1), (1, 3)]
    assert [x.per_deal for x in lines] == [5, 5, 10]


def test_a_per_deal_night_adds_points_by_place_as_the_season_does():
    # RULES D-23 with D-27: 10 × (N − p) / (N − 1)
    nights = [night("a", line(1, 1, 7), line(2, 2, 9), line(3, 3, 12), method="per_deal")]
    assert [x.points for x in standings(nights)] == [10, 5, 0]


@given(st.lists(night_lines, min_size=1, max_size=4), st.integers(3, 6))
def test_the_cut_takes_the_top_k_and_everyone_sharing_the_kth_place(drawn, size):
    # RULES D-24
    lines = standings(nights_from(drawn))
    if len(lines) < size:
        with pytest.raises(DomainError) as refused:
            cut(lines, size)
        assert refused.value.code == "championship_final_too_large"
        return
    decisions = {d.player: d for d in cut(lines, size)}
    finalists = [x for x in lines if decisions[x.player].qualified]
    assert len(finalists) >= size
    assert all((x.place <= size) == decisions[x.player].qualified for x in lines)
    last = max(x.place for x in finalists)
    if len(finalists) > size:
        assert all(decisions[x.player].reason == TIED for x in finalists if x.place == last)
    assert all(decisions[x.player].reason in (TOP, TIED) for x in finalists)
    assert all(decisions[x.player].reason in (PER_DEAL, BELOW) for x in lines if x.place > size)


def test_the_cut_names_who_lost_on_the_average_per_deal():
    nights = [
        night(
            "a",
            line(1, 1, 10),
            line(2, 2, 8),
            line(3, 3, 6, 10, 2),
            line(4, 4, 6, 20, 2),
            line(5, 5, 0),
        )
    ]
    reasons = [(d.player, d.qualified, d.reason) for d in cut(standings(nights), 3)]
    assert reasons == [
        (1, True, TOP),
        (2, True, TOP),
        (3, True, TOP),
        (4, False, PER_DEAL),
        (5, False, BELOW),
    ]


def test_a_final_seats_at_least_three():
    nights = [night("a", *(line(p, p, 10 - p) for p in range(1, 6)))]
    with pytest.raises(DomainError) as refused:
        cut(standings(nights), 2)
    assert refused.value.code == "championship_final_too_small"


@pytest.mark.parametrize(
    ("carry", "expected"), [("none", 0), ("half", Fraction(15, 2)), ("all", 15)]
)
def test_a_finalist_carries_none_half_or_all_of_their_points(carry, expected):
    assert carried(Fraction(15), carry) == expected


@given(
    st.lists(st.integers(0, 30), min_size=3, max_size=8),
    st.integers(0, 8),
    st.sampled_from(["none", "half", "all"]),
    st.lists(st.tuples(st.integers(0, 10), st.integers(1, 4)) | st.none(), min_size=8, max_size=8),
)
def test_the_final_ranking_puts_those_who_played_then_absent_finalists_then_the_rest(
    points, finalists, carry, tonight
):
    # RULES D-24
    ordered = sorted(points, reverse=True)
    qualified = [
        Qualified(player, 1 + ordered.index(p), Fraction(p), player <= finalists)
        for player, p in enumerate(ordered, start=1)
    ]
    final = {
        player: FinalPlayed(Fraction(got[0]), got[1])
        for player, got in enumerate(tonight, start=1)
        if got is not None and player <= len(qualified)
    }
    ranking = final_ranking(qualified, carry, final)
    assert sorted(x.player for x in ranking) == [q.player for q in qualified]
    groups = [x.standing for x in ranking]
    assert groups == sorted(groups, key=[PLAYED, ABSENT, OUT].index)
    played = [x for x in ranking if x.standing == PLAYED]
    assert all(x.total == x.carry + x.final for x in played)
    assert competition_places(played, lambda x: (-x.total, x.final_place))
    assert [x.place for x in ranking] == sorted(x.place for x in ranking)
    out = [x for x in ranking if x.standing == OUT]
    assert [x.qualifying_place for x in out] == sorted(x.qualifying_place for x in out)


def opened(**changes) -> ChampionshipState:
    command = OpenChampionship(1, "Winter", RULES, SCORING, 2, **changes)
    return fold(decide(ChampionshipState(), command))


def facts(name, **changes):
    return NightFacts(name, changes.pop("club", 1), RULES, SCORING, **changes)


@pytest.mark.parametrize(
    ("changes", "code"),
    [
        ({"best": 3}, "championship_best_above_nights"),
        ({"final_size": 2}, "championship_final_too_small"),
        ({"carry_over": "third"}, "championship_unknown_carry_over"),
    ],
)
def test_an_open_is_refused_with_a_clear_code(changes, code):
    with pytest.raises(DomainError) as refused:
        opened(**changes)
    assert refused.value.code == code


@pytest.mark.parametrize(
    ("night", "code"),
    [
        (facts("x", club=2), "championship_night_other_club"),
        (NightFacts("x", 1, {"preset": "rummy"}, SCORING), "championship_night_other_game"),
        (NightFacts("x", 1, RULES, {"method": "per_deal"}), "championship_night_other_method"),
        (facts("x", closed=True), "championship_night_closed"),
        (facts("x", championship="other"), "championship_night_taken"),
    ],
)
def test_a_night_of_another_club_game_or_method_is_refused(night, code):
    with pytest.raises(DomainError) as refused:
        decide(opened(), AddNight(night))
    assert refused.value.code == code


def test_a_championship_takes_its_qualifying_nights_then_a_cut_a_final_and_a_close():
    state = opened(final_size=3)
    for name in ("a", "b"):
        state = fold(decide(state, AddNight(facts(name))), state)
    with pytest.raises(DomainError) as refused:
        decide(state, AddNight(facts("c")))
    assert refused.value.code == "championship_nights_full"
    with pytest.raises(DomainError) as refused:
        decide(state, OpenFinal("f"))
    assert refused.value.code == "championship_no_cut"
    nights = (
        night("a", line(1, 1, 10), line(2, 2, 5), line(3, 3, 0), line(4, 4, 0, 30, 2)),
        night("b", line(1, 1, 10), line(2, 2, 5), line(3, 3, 0), line(4, 4, 0)),
    )
    with pytest.raises(DomainError) as refused:
        decide(state, MakeCut(nights, open=("b",)))
    assert refused.value.code == "championship_night_open"
    (made,) = decide(state, MakeCut(nights))
    check_recorded(state, made)
    state = fold([made], state)
    assert state.finalists == (1, 2, 3)
    state = fold(decide(state, OpenFinal("f")), state)
    with pytest.raises(DomainError) as refused:
        decide(state, OpenFinal("g"))
    assert refused.value.code == "championship_final_exists"
    final = {2: FinalPlayed(Fraction(10), 1), 1: FinalPlayed(Fraction(0), 2)}
    (closed,) = decide(state, CloseChampionship(final))
    check_recorded(state, closed)
    assert [(x.player, x.place, x.total) for x in closed.lines] == [
        (2, 1, "15"),  # 5 carried + 10
        (1, 2, "10"),  # 10 carried + 0
        (3, 3, "0"),  # absent: keeps 0 carried
        (4, 4, None),
    ]
