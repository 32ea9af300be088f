"""Starting a series: players in seat order, the first dealer and the house rules."""

from __future__ import annotations

import pytest

from series.clubs import players as player_services
from series.models import SeriesSeat
from series.sheets import selectors
from tests.support.pages import new_series_url, seat_data

pytestmark = pytest.mark.django_db


def test_a_scorer_starts_a_series_with_the_players_in_the_seat_order_given(as_role, table):
    anna, bruno, carla, dario = table.players[:4]
    data = seat_data([anna, bruno, carla, dario], [3, 1, 4, 2], first_dealer=carla)

    response = as_role("scorer").post(new_series_url(table), data)

    assert response.status_code == 302
    sheet = selectors.club_series(club=table.club).get()
    assert response["Location"] == f"/series/{sheet.id}/"
    seats = SeriesSeat.objects.filter(series=sheet).order_by("seat")
    assert [s.player_id for s in seats] == [bruno.id, dario.id, anna.id, carla.id]
    assert sheet.next_dealer_id == carla.id


def test_the_house_rules_chosen_are_recorded(as_role, table):
    data = seat_data(
        table.players[:4],
        [1, 2, 3, 4],
        table.players[0],
        preset="continental-13",
        buys="on",
        deals="4",
    )

    as_role("admin").post(new_series_url(table), data)

    rules = selectors.club_series(club=table.club).get().rules
    assert (rules["hand_size"], rules["buys"], rules["deals"]) == (13, True, 4)


def test_rummy_house_rules_are_recorded_and_shown_in_words_on_the_sheet(as_role, table):
    data = seat_data(
        table.players[:4],
        [1, 2, 3, 4],
        table.players[0],
        preset="rummy",
        twos_wild="on",
        winner_takes_all="on",
        rummy_triples="on",
    )

    response = as_role("admin").post(new_series_url(table), data)

    sheet = selectors.club_series(club=table.club).get()
    assert (sheet.rules["twos_wild"], sheet.rules["rummy_bonus"]) == (True, 3)
    page = as_role("member").get(response["Location"]).content.decode()
    assert "Twos are wild: a 2 stands for any card, or for itself." in page
    assert "A Rummy triples the collection." in page


def test_the_page_explains_every_preset_and_option_in_one_line(as_role, table):
    page = as_role("scorer").get(new_series_url(table)).content.decode()

    assert "3 decks and 6 jokers" in page
    assert "13 cards each" in page
    assert "top discard plus 2 penalty cards" in page
    assert 'data-rules-check="/rules/check/"' in page


def test_an_impossible_table_is_refused_with_the_domains_message_and_the_entry_kept(as_role, table):
    # RULES D-2: 8 players × 15 cards + 1 up-card need 121 cards; the pack has 108.
    extra = [player_services.player_add(club=table.club, name=n) for n in ("Gina", "Ugo")]
    players = table.players + extra

    response = as_role("scorer").post(
        new_series_url(table), seat_data(players, list(range(1, 9)), players[0])
    )

    assert response.status_code == 200
    page = response.content.decode()
    assert "121 cards" in page and "continental-13" in page
    assert page.count('name="players" value=') == 8
    assert page.count(" checked>") >= 8  # every player still ticked
    assert not selectors.club_series(club=table.club).exists()


def test_the_rules_check_explains_a_pack_too_small_before_submitting(client, table):
    # RULES D-2
    too_many = client.get("/rules/check/", {"preset": "continental", "players": 8}).json()
    fits = client.get("/rules/check/", {"preset": "continental-13", "players": 8}).json()

    assert too_many["ok"] is False
    assert "121" in too_many["message"]
    assert fits == {"ok": True, "message": ""}


def test_the_rules_check_names_an_option_the_game_does_not_have(client):
    answer = client.get("/rules/check/", {"preset": "rummy", "buys": "on", "players": 4}).json()

    assert answer["ok"] is False
    assert "buys" in answer["message"]


def test_a_member_may_not_start_a_series(as_role, table):
    assert as_role("member").get(new_series_url(table)).status_code == 403


def test_a_scorer_of_another_club_gets_not_found(as_role, table):
    assert as_role("stranger").get(new_series_url(table)).status_code == 404


def test_an_anonymous_visitor_is_sent_to_sign_in(as_role, table):
    response = as_role(None).get(new_series_url(table))

    assert response.status_code == 302
    assert response["Location"].startswith("/login/?next=")


def test_two_players_given_one_seat_are_refused_by_name_and_nothing_starts(as_role, table):
    anna, bruno, carla, dario = table.players[:4]
    data = seat_data([anna, bruno, carla, dario], [1, 3, 3, 2], first_dealer=anna)

    response = as_role("scorer").post(new_series_url(table), data)

    assert "Seat 3 is given to Bruno, Carla" in response.content.decode()
    assert not selectors.club_series(club=table.club).exists()


def test_a_seat_nobody_has_and_a_player_without_a_seat_are_named(as_role, table):
    anna, bruno, carla = table.players[:3]
    gap = as_role("scorer").post(
        new_series_url(table), seat_data([anna, bruno, carla], [1, 2, 4], first_dealer=anna)
    )
    blank = seat_data([anna, bruno, carla], [1, 2, 3], first_dealer=anna)
    blank[f"seat_{carla.id}"] = ""
    without = as_role("scorer").post(new_series_url(table), blank)

    assert "Nobody has seat 3: number the 3 seats 1 to 3." in gap.content.decode()
    assert "Give a seat number to: Carla." in without.content.decode()
    assert not selectors.club_series(club=table.club).exists()


def test_seats_left_all_blank_follow_the_list(as_role, table):
    anna, bruno, carla = table.players[:3]
    data = seat_data([anna, bruno, carla], [1, 2, 3], first_dealer=bruno)
    data.update({f"seat_{p.id}": "" for p in (anna, bruno, carla)})

    assert as_role("scorer").post(new_series_url(table), data).status_code == 302


def test_the_players_help_follows_the_game_of_each_preset(as_role, table):
    page = as_role("scorer").get(new_series_url(table)).content.decode()

    assert "Tick the 3 to 8 players at the table" in page
    assert "Tick the 2 to 6 players at the table" in page  # Rummy's, for the script
