"""The championship worked by hand (the issue's "Done when"): five players, three
qualifying nights with best 2, a tie at the cut, half carry-over, and a finalist who
does not come to the final (RULES D-23, D-24). Every night is one table of one deal
ranked by placement: at a table of n, place p scores 10 × (n − p) / (n − 1)."""

from __future__ import annotations

from fractions import Fraction

import pytest

from series.championships import selectors
from series.championships import services as championships
from tests.support.championships import a_championship, a_club, a_night_played

pytestmark = pytest.mark.django_db


def test_a_championship_worked_by_hand_agrees_with_the_app():
    club, (anna, bruno, carla, dario, elena) = a_club()
    champ = a_championship(club, nights_=3, best=2, final_size=3, carry_over="half")

    # Night 1: Anna out; penalties Bruno 20, Carla 30, Dario 40, Elena 50.
    #   places 1..5 score 10, 7.5, 5, 2.5, 0.
    one = a_night_played(
        club, champ, anna, {bruno: 20, carla: 30, dario: 40, elena: 50}, date="2026-01-09"
    )
    # Night 2: Bruno out; Anna 20, Dario 30, Carla 40, Elena 50.
    #   Bruno 10, Anna 7.5, Dario 5, Carla 2.5, Elena 0.
    two = a_night_played(
        club, champ, bruno, {anna: 20, dario: 30, carla: 40, elena: 50}, date="2026-01-16"
    )
    # Night 3: Anna out; Carla 20, Dario 20 (level: they share places 2 and 3, 2.5 each,
    #   so 10 × (5 − 2.5) / 4 = 6.25), Elena 40, Bruno 50.
    #   Anna 10, Carla 6.25, Dario 6.25, Elena 2.5, Bruno 0.
    three = a_night_played(
        club, champ, anna, {carla: 20, dario: 20, elena: 40, bruno: 50}, date="2026-01-23"
    )

    # Best 2 of 3 (RULES D-23):
    #   Anna  10 + 7.5 + 10   -> nights 1 and 3: 20; penalty 0 + 0 over 2 deals: 0 a deal.
    #   Bruno 7.5 + 10 + 0    -> nights 1 and 2: 17.5; penalty 20 + 0 over 2: 10.
    #   Carla 5 + 2.5 + 6.25  -> nights 3 and 1: 11.25; penalty 20 + 30 over 2: 25.
    #   Dario 2.5 + 5 + 6.25  -> nights 3 and 2: 11.25; penalty 20 + 30 over 2: 25.
    #   Elena 0 + 0 + 2.5     -> night 3, then of two nights of 0 points and 50 a deal
    #                            the earlier (night 1): 2.5; penalty 40 + 50 over 2: 45.
    #   Carla and Dario are level on points and on the average per deal: they share 3rd.
    page = selectors.championship_page(champ)
    got = {
        line.player: (line.place, line.points, line.per_deal, line.counted, line.dropped)
        for line in page.standings
    }
    n1, n2, n3 = str(one), str(two), str(three)
    assert got == {
        anna.id: (1, 20, 0, [n1, n3], [n2]),
        bruno.id: (2, Fraction(35, 2), 10, [n1, n2], [n3]),
        carla.id: (3, Fraction(45, 4), 25, [n1, n3], [n2]),
        dario.id: (3, Fraction(45, 4), 25, [n2, n3], [n1]),
        elena.id: (5, Fraction(5, 2), 45, [n1, n3], [n2]),
    }

    # The cut to 3 (RULES D-24): places 1, 2, 3, 3 are all within the top 3, so Carla
    # and Dario, sharing the 3rd place, both go in: a final of four. Elena is out.
    cut = championships.championship_cut(championship_id=champ).state
    assert cut.finalists == (anna.id, bruno.id, carla.id, dario.id)
    reasons = {line.player: line.reason for line in cut.cut}
    assert reasons == {
        anna.id: "top",
        bruno.id: "top",
        carla.id: "tied_at_cut",
        dario.id: "tied_at_cut",
        elena.id: "below_cut",
    }

    # Half carried over: Anna 10, Bruno 8.75, Carla 5.625, Dario 5.625.
    # The final: Bruno does not come. Carla out; Anna 20, Dario 30: at a table of
    # three, Carla 10, Anna 5, Dario 0.
    #   Carla 5.625 + 10 = 15.625; Anna 10 + 5 = 15; Dario 5.625 + 0 = 5.625.
    #   Bruno keeps his 8.75 and follows those who played, though it is more than
    #   Dario's 5.625. Elena, not a finalist, comes last.
    a_night_played(club, champ, carla, {anna: 20, dario: 30}, date="2026-01-30", final=True)
    closed = championships.championship_close(championship_id=champ).state
    assert [(line.player, line.place, line.standing, line.total) for line in closed.ranking] == [
        (carla.id, 1, "played", "125/8"),
        (anna.id, 2, "played", "15"),
        (dario.id, 3, "played", "45/8"),
        (bruno.id, 4, "absent", "35/4"),
        (elena.id, 5, "out", None),
    ]
    final = selectors.championship_page(champ).final
    assert [(line.name, line.carry, line.final) for line in final.lines] == [
        ("Carla", Fraction(45, 8), 10),
        ("Anna", 10, 5),
        ("Dario", Fraction(45, 8), 0),
        ("Bruno", Fraction(35, 4), None),
        ("Elena", None, None),
    ]
