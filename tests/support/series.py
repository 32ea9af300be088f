"""The series fold's players, hands and commands, with no database (tests/domain/)."""

from __future__ import annotations

from hypothesis import strategies as st

from series.domain.cards import parse_cards
from series.domain.events import DealEntry, Hand
from series.domain.rules import rules_from
from series.domain.series import (
    RecordDeal,
    SeriesState,
    StartSeries,
    VoidDeal,
    decide,
    fold,
)

A, B, C, D, E, F = 1, 2, 3, 4, 5, 6


# 15-card hands and their penalties, worked out by hand.
LOW = "AC AD AH AS 2C 2D 2H 2S 3C 3D 3H 3S 4C 4D 4H"  # 4×1 + 4×2 + 4×3 + 3×4 = 36


MID = "5C 5D 5H 5S 6C 6D 6H 6S 7C 7D 7H 7S 8C 8D 8H"  # 20 + 24 + 28 + 24 = 96


HIGH = "9C 9D 9H 9S 10C 10D 10H 10S JC JD JH JS QC QD JK"  # 36 + 40 + 40 + 20 + 15 = 151


def entry(went_out, **hands):
    players = {"a": A, "b": B, "c": C, "d": D, "e": E, "f": F}
    return DealEntry(
        went_out=went_out,
        hands=tuple(
            Hand(players[k], cards=tuple(parse_cards(v)))
            if isinstance(v, str)
            else Hand(players[k], points=v)
            for k, v in hands.items()
        ),
    )


def started(players, first_dealer, preset="continental", **options):
    command = StartSeries(1, tuple(players), first_dealer, rules_from(preset, options))
    return fold(decide(SeriesState(), command))


def run(state, *commands):
    for command in commands:
        state = fold(decide(state, command), state)
    return state


def record(state, deal_entry, **kwargs):
    return run(state, RecordDeal(deal_entry, **kwargs))


def started_in_seat_order(players, preset="continental", **options):
    """A series of ``players`` whose first seat deals first."""
    return started(players, players[0], preset, **options)


def record_points(state, went_out, points, **entry_options):
    """``state`` after a deal entered by points: ``points`` maps a player to their penalty."""
    hands = tuple(Hand(player, points=penalty) for player, penalty in points.items())
    return record(state, DealEntry(went_out, hands, **entry_options))


# -- a strategy: a series some deals in ---------------------------------------------

penalties = st.sampled_from([15, 20, 25, 40, 60])


@st.composite
def series_on_the_way(draw):
    """A series some deals in (perhaps over, perhaps with a void deal)."""
    preset = draw(st.sampled_from(["continental", "rummy"]))
    players = tuple(range(1, draw(st.integers(3, 6)) + 1))
    state = started_in_seat_order(players, preset)
    for _ in range(draw(st.integers(0, 30))):
        if not state.is_open:
            break
        playing = state.next_players
        went_out = draw(st.sampled_from(playing))
        hands = tuple(Hand(p, points=draw(penalties)) for p in playing if p != went_out)
        state = fold(decide(state, RecordDeal(DealEntry(went_out, hands))), state)
        if state.is_open and draw(st.integers(0, 9)) == 0:
            state = fold(decide(state, VoidDeal(len(state.deals), "misdeal")), state)
    return state
