"""Every refusal of RULES §4, through the API: 422 with a code and a message
naming the player, deal or card at fault, and nothing recorded."""

from __future__ import annotations

import pytest

from series.clubs import players as player_services
from series.models import Event
from series.sheets import services
from tests.support.factories import entry, start

pytestmark = pytest.mark.django_db

LOW = "AC AD AH AS 2C 2D 2H 2S 3C 3D 3H 3S 4C 4D 4H"  # 15 cards, 36 points
MID = "5C 5D 5H 5S 6C 6D 6H 6S 7C 7D 7H 7S 8C 8D 8H"  # 15 cards, 96 points
GROUPS = [
    ["9C", "9H", "9D"],
    ["10C", "10H", "10D", "10S"],
    ["JC", "JH", "JD", "JS"],
    ["KC", "KH", "KD", "JK"],
]


@pytest.fixture
def series(table):
    return start(table.club, table.players).series_id


def hand(player, cards=None, points=None):
    if cards is not None:
        return {"player": player.id, "cards": cards.split()}
    return {"player": player.id, "points": points}


def body(version, went_out, hands, **extra):
    return {"expected_version": version, "went_out": went_out.id, "hands": hands, **extra}


@pytest.fixture
def refuse_deal(as_role, series):
    """Send a deal as a scorer: ``refused`` checks that it is refused."""

    def send(version, went_out, hands, **extra):
        return refused(as_role("scorer"), series, body(version, went_out, hands, **extra))

    return send


def refused(client, series_id, payload, *, path="deals", **headers):
    before = Event.objects.count()
    sheet = client.get(f"/api/v1/series/{series_id}").json()
    response = client.post(f"/api/v1/series/{series_id}/{path}", payload, format="json", **headers)
    assert response.status_code == 422, response.json()
    assert Event.objects.count() == before
    assert client.get(f"/api/v1/series/{series_id}").json() == sheet
    assert response.json()["message"]
    return response.json()


def test_unknown_card_text(table, refuse_deal):
    anna, bruno, carla = table.players
    error = refuse_deal(1, anna, [hand(bruno, LOW.replace("4H", "ZZ")), hand(carla, points=40)])
    assert error["code"] == "unknown_card"
    assert "ZZ" in error["message"]
    assert error["field"] == "hands.0.cards"


def test_a_count_of_cards_the_rules_make_impossible(table, refuse_deal):
    anna, bruno, carla = table.players
    error = refuse_deal(1, anna, [hand(bruno, LOW.rsplit(" ", 1)[0]), hand(carla, points=40)])
    assert error["code"] == "wrong_card_count"
    assert error["message"] == "Deal 1: player Bruno has 14 cards left; the rules allow 15."


def test_more_copies_of_a_card_than_the_pack_holds_in_one_hand(table, refuse_deal):
    anna, bruno, carla = table.players
    three_kings = LOW.replace("AC AD AH", "KC KC KC")
    error = refuse_deal(1, anna, [hand(bruno, three_kings), hand(carla, points=40)])
    assert error["code"] == "card_not_in_pack"
    assert "3 × K♣" in error["message"]


def test_more_copies_of_a_card_than_the_pack_holds_across_the_deal(table, refuse_deal):
    anna, bruno, carla = table.players
    error = refuse_deal(
        1,
        anna,
        [hand(bruno, LOW), hand(carla, LOW)],
        going_out={"groups": [["AC", "AH", "JK"], *GROUPS[1:]], "discard": "5C"},
    )
    assert error["code"] == "card_not_in_pack"
    # The refusal names the players whose hands hold the copies.
    assert error["message"] == (
        "Deal 1: the hands of Anna, Bruno, Carla hold 3 × A♣ together, but the pack holds 2."
    )
    assert sorted(error["params"]["holders"]) == sorted([anna.id, bruno.id, carla.id])


@pytest.mark.parametrize(
    ("going_out", "reason"),
    [
        ({"groups": [["9C", "9H", "8D"], *GROUPS[1:]], "discard": "2C"}, "mixes"),
        ({"groups": [*GROUPS[:3], ["KC", "KH", "KD", "JK", "2C"]], "discard": None}, "discard"),
        (
            {
                "groups": [
                    [
                        "9C",
                        "9H",
                        "9D",
                        "9S",
                        "9C",
                        "9H",
                        "9D",
                        "9S",
                        "JK",
                        "JK",
                        "JK",
                        "JK",
                        "10C",
                        "10H",
                        "10D",
                    ]
                ],
                "discard": "2C",
            },
            "group",
        ),
    ],
    ids=["a group that is not valid", "no card left to discard", "fewer than 2 groups"],
)
def test_a_going_out_claim_that_does_not_hold(table, refuse_deal, going_out, reason):
    anna, bruno, carla = table.players
    error = refuse_deal(
        1, anna, [hand(bruno, points=40), hand(carla, points=40)], going_out=going_out
    )
    assert error["code"] == "invalid_going_out"
    assert error["message"].startswith("Deal 1: player Anna cannot go out:")
    assert reason in error["message"]


def test_a_deal_for_a_finished_series(table, series, refuse_deal):
    anna, bruno, carla = table.players
    for winner, others in [(anna, (bruno, carla)), (bruno, (anna, carla)), (anna, (bruno, carla))]:
        services.deal_record(series_id=series, entry=entry(winner, dict.fromkeys(others, 40)))
    error = refuse_deal(4, anna, [hand(bruno, points=40), hand(carla, points=40)])
    assert error["code"] == "series_finished"


def test_a_deal_number_out_of_order(table, refuse_deal):
    anna, bruno, carla = table.players
    error = refuse_deal(1, anna, [hand(bruno, points=40), hand(carla, points=40)], number=3)
    assert error["code"] == "deal_out_of_order"
    assert error["message"] == "Deal 3 is out of order; the next deal is deal 1."


def test_a_player_not_seated_in_the_series(table, refuse_deal):
    anna, bruno, _carla = table.players
    dora = player_services.player_add(club=table.club, name="Dora")
    error = refuse_deal(1, anna, [hand(bruno, points=40), hand(dora, points=40)])
    assert error["code"] == "player_not_in_deal"
    assert error["message"] == "Deal 1: player Dora is not playing this deal."


def test_a_player_not_in_the_tiebreak(table, series, refuse_deal):
    anna, bruno, carla = table.players
    for winner, hands in [
        (anna, {bruno: 40, carla: 40}),
        (bruno, {anna: 40, carla: 30}),
        (carla, {anna: 20, bruno: 20}),
    ]:  # totals Anna 60, Bruno 60, Carla 70: Anna and Bruno play a tiebreak
        services.deal_record(series_id=series, entry=entry(winner, hands))
    error = refuse_deal(4, anna, [hand(bruno, points=40), hand(carla, points=40)])
    assert error["code"] == "player_not_in_deal"
    assert "Carla" in error["message"]


def test_a_dealer_out_of_turn(table, refuse_deal):
    anna, bruno, carla = table.players
    error = refuse_deal(1, anna, [hand(bruno, points=40), hand(carla, points=40)], dealer=bruno.id)
    assert error["code"] == "dealer_out_of_turn"
    assert error["message"] == "Deal 1: player Bruno deals out of turn; player Anna deals it."


@pytest.mark.parametrize("points", [0, 14, 226, -5], ids=lambda p: f"{p} points")
def test_points_the_rules_do_not_allow_for_that_many_cards(table, refuse_deal, points):
    anna, bruno, carla = table.players
    error = refuse_deal(1, anna, [hand(bruno, points=points), hand(carla, points=40)])
    assert error["code"] == "impossible_points"
    assert error["message"] == (
        f"Deal 1: {points} points for player Bruno is impossible; the rules allow 15 to 225."
    )


def test_voiding_a_deal_that_later_deals_depend_on(table, as_role, series):
    anna, bruno, carla = table.players
    services.deal_record(series_id=series, entry=entry(anna, {bruno: 40, carla: 40}))
    services.deal_record(series_id=series, entry=entry(bruno, {anna: 40, carla: 40}))
    error = refused(
        as_role("scorer"), series, {"expected_version": 3, "reason": "x"}, path="deals/1/void"
    )
    assert error["code"] == "later_deals_depend"
    assert error["message"].startswith("Changing deal 1 would change how deal 2 was played")


def test_voiding_a_deal_twice(table, as_role, series):
    anna, bruno, carla = table.players
    services.deal_record(series_id=series, entry=entry(anna, {bruno: 40, carla: 40}))
    services.deal_void(series_id=series, number=1, reason="misdeal")
    error = refused(
        as_role("scorer"), series, {"expected_version": 3, "reason": "x"}, path="deals/1/void"
    )
    assert error["code"] == "deal_voided"


def test_a_correction_without_a_reason(table, as_role, series):
    anna, bruno, carla = table.players
    services.deal_record(series_id=series, entry=entry(anna, {bruno: 40, carla: 40}))
    payload = body(2, anna, [hand(bruno, points=50), hand(carla, points=40)], reason=" ")
    error = refused(as_role("scorer"), series, payload, path="deals/1/correction")
    assert error["code"] == "reason_required"
    assert error["field"] == "reason"


def test_a_correction_of_a_deal_that_does_not_exist_is_not_found(table, as_role, series):
    anna, bruno, carla = table.players
    payload = body(1, anna, [hand(bruno, points=50), hand(carla, points=40)], reason="typo")
    response = as_role("scorer").post(
        f"/api/v1/series/{series}/deals/7/correction", payload, format="json"
    )
    assert response.status_code == 404
    assert response.json()["code"] == "deal_not_found"


def test_a_series_with_a_table_the_pack_cannot_deal(table, as_role):
    players = table.players + [player_services.player_add(club=table.club, name=n) for n in "DEFGH"]
    ids = [p.id for p in players]
    before = Event.objects.count()
    response = as_role("scorer").post(
        "/api/v1/series",
        {"club": table.club.slug, "players": ids, "first_dealer": ids[0]},
        format="json",
    )
    assert response.status_code == 422
    assert response.json()["code"] == "pack_too_small"
    assert "continental-13" in response.json()["message"]
    assert Event.objects.count() == before
