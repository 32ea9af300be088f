"""What each fact changed, as the audit trail shows it, with no database."""

from hypothesis import given
from hypothesis import strategies as st

from series.domain.errors import DomainError
from series.domain.events import DealCorrected, DealDisputed, DealVoided
from series.domain.rules import rules_from
from series.domain.series import (
    CorrectDeal,
    RecordDeal,
    SeriesState,
    StartSeries,
    VoidDeal,
    decide,
    fold,
)
from series.domain.series.audit import changes
from series.domain.series.commands import DisputeDeal
from series.domain.series.confirmation import DISPUTED, TO_CONFIRM
from tests.support.series import A, B, C, entry

START = StartSeries(1, (A, B, C), A, rules_from("continental", {}))


def history(*commands):
    """The start's events and those the commands append, refused commands skipped."""
    events = decide(SeriesState(), START)
    state = fold(events)
    for command in commands:
        try:
            new = decide(state, command)
        except DomainError:
            continue
        state = fold(new, state)
        events += new
    return events


def test_a_void_shows_the_points_that_no_longer_count():
    *_, void = changes(history(RecordDeal(entry(A, b=20, c=30)), VoidDeal(1, "misdeal")))

    assert [(line.player, line.deal_before, line.deal_after) for line in void.lines] == [
        (A, 0, None),
        (B, 20, None),
        (C, 30, None),
    ]
    assert [(line.total_before, line.total_after) for line in void.lines] == [
        (0, 0),
        (20, 0),
        (30, 0),
    ]


def test_a_dispute_shows_the_deal_it_disputes_and_that_it_is_now_disputed():
    dispute = DisputeDeal(1, user=7, reason="Carla had 25", player=None, recorder=8)
    asked = RecordDeal(entry(A, b=20, c=30), needs_confirmation=True)
    *_, disputed = changes(history(asked, dispute))

    assert (disputed.confirmation_before, disputed.confirmation_after) == (TO_CONFIRM, DISPUTED)
    assert {line.player: line.deal_after for line in disputed.lines} == {A: 0, B: 20, C: 30}
    assert not any(line.changed for line in disputed.lines)


points = st.integers(min_value=15, max_value=100)
deal_numbers = st.integers(min_value=1, max_value=3)
commands = st.lists(
    st.one_of(
        st.builds(lambda b, c: RecordDeal(entry(A, b=b, c=c)), points, points),
        st.builds(
            lambda n, b, c: CorrectDeal(n, entry(A, b=b, c=c), "miscounted"),
            deal_numbers,
            points,
            points,
        ),
        st.builds(lambda n: VoidDeal(n, "misdeal"), deal_numbers),
    ),
    max_size=8,
)


@given(commands)
def test_every_change_shows_the_deal_and_the_totals_as_the_series_had_them(commands):
    events = history(*commands)

    for index, (event, change) in enumerate(zip(events, changes(events), strict=True)):
        if not isinstance(event, DealCorrected | DealVoided | DealDisputed):
            assert change is None
            continue
        before, after = fold(events[:index]), fold(events[: index + 1])
        lines, deal = change.lines, (before.deal(event.number), after.deal(event.number))
        assert [line.player for line in lines] == [
            player for player in before.setup.players if any(player in d.scores for d in deal)
        ]
        assert [line.total_before for line in lines] == [before.totals[p.player] for p in lines]
        assert [line.total_after for line in lines] == [after.totals[p.player] for p in lines]
        deal_before = {line.player: line.deal_before for line in lines}
        deal_after = {line.player: line.deal_after for line in lines}
        assert {p: s for p, s in deal_before.items() if s is not None} == deal[0].scores
        assert {p: s for p, s in deal_after.items() if s is not None} == deal[1].scores
