"""Recording a deal: who went out, each other player's cards or points, the
winner's groups checked live; a refusal keeps the entry and says why."""

from __future__ import annotations

import re

import pytest
from django.db import connection

from series.models import DealScore
from series.sheets import selectors, services
from tests.support.factories import entry as deal_entry
from tests.support.pages import deal_form, deal_url, play_to_the_end, record

pytestmark = pytest.mark.django_db

FIFTEEN = "7C 7D 7H 8C 8D 8H 9C 9D 9H 10C 10D 10H JC JD JH"  # 7+8+9+10+10 = 44 × 3 = 132


def scores(series_id) -> dict[str, int]:
    rows = DealScore.objects.filter(series_id=series_id).select_related("player")
    return {row.player.name: row.points for row in rows}


def test_the_page_offers_the_players_of_the_deal_and_a_fresh_idempotency_key(as_role, table, four):
    first = as_role("scorer").get(deal_url(four)).content.decode()
    second = as_role("scorer").get(deal_url(four)).content.decode()

    assert "Deal 1" in first and "Anna deals" in first
    assert first.count('name="went_out"') == 4
    assert 'id="card-picker"' in first and 'data-natural="2" data-jokers="4"' in first
    key = re.compile(r'name="idempotency_key" value="(\w+)"')
    assert key.search(first).group(1) != key.search(second).group(1)


def test_a_scorer_records_a_deal_with_points_and_with_cards(as_role, table, four):
    anna, bruno, carla, dario = table.players[:4]
    data = deal_form(1, bruno, {anna: 30, carla: FIFTEEN, dario: 25})

    response = as_role("scorer").post(deal_url(four), data)

    assert response.status_code == 302
    assert response["Location"] == f"/series/{four}/"
    assert scores(four) == {"Anna": 30, "Bruno": 0, "Carla": 132, "Dario": 25}


def test_card_letters_are_read_in_the_pages_language(as_role, table, four):
    # RULES D-1: in Italian D is the Queen (Donna) and R the King (Re).
    anna, bruno, carla, dario = table.players[:4]
    italian_hand = "R♥ R♠ RC D♥ D♠ DD F♥ F♠ FD A♥ A♠ AD 2♥ 2♠ 2D"  # 30+30+30+3+6 = 99
    data = deal_form(1, bruno, {anna: 30, carla: italian_hand, dario: 25})

    response = as_role("scorer", language="it").post(deal_url(four), data)

    assert response.status_code == 302
    assert scores(four)["Carla"] == 99


def test_a_refused_deal_keeps_the_entry_and_shows_the_domains_message(as_role, table, four):
    anna, bruno, carla, dario = table.players[:4]
    data = deal_form(1, bruno, {anna: 30, carla: "7C 7D", dario: 25})

    response = as_role("scorer").post(deal_url(four), data)

    assert response.status_code == 200
    page = response.content.decode()
    assert "Deal 1: player Carla has 2 cards left; the rules allow 15." in page
    assert 'value="7C 7D"' in page
    assert 'value="30"' in page and 'value="25"' in page
    assert f'value="{data["idempotency_key"]}"' in page
    assert selectors.sheet_version(four) == 1


def test_impossible_points_are_refused(as_role, table, four):
    # RULES §4: at least 1 a card, at most 15 a card.
    anna, bruno, carla, dario = table.players[:4]

    response = as_role("scorer").post(
        deal_url(four), deal_form(1, bruno, {anna: 3, carla: 40, dario: 25})
    )

    assert response.status_code == 200
    assert "3 points for player Anna is impossible; the rules allow 15 to 225." in (
        response.content.decode()
    )


def test_a_card_the_parser_does_not_know_is_named_on_its_field(as_role, table, four):
    anna, bruno, carla, dario = table.players[:4]

    response = as_role("scorer").post(
        deal_url(four), deal_form(1, bruno, {anna: 30, carla: "7C ZZ", dario: 25})
    )

    assert response.status_code == 200
    assert "“ZZ” is not a card." in response.content.decode()


def test_a_player_left_out_is_named(as_role, table, four):
    anna, bruno, carla, _dario = table.players[:4]

    response = as_role("scorer").post(deal_url(four), deal_form(1, bruno, {anna: 30, carla: 40}))

    assert response.status_code == 200
    assert "enter the cards or points of player Dario" in response.content.decode()


def test_invalid_going_out_groups_are_refused_with_the_reason(as_role, table, four):
    anna, bruno, carla, dario = table.players[:4]
    data = deal_form(
        1, bruno, {anna: 30, carla: 40, dario: 25}, groups="7C 7D 7H\n8C 9C 10C", discard="KS"
    )

    response = as_role("scorer").post(deal_url(four), data)

    assert response.status_code == 200
    page = response.content.decode()
    assert "player Bruno cannot go out" in page
    assert "7C 7D 7H\n8C 9C 10C</textarea>" in page


def test_the_same_entry_sent_twice_lands_once(as_role, table, four):
    anna, bruno, carla, dario = table.players[:4]
    data = deal_form(1, bruno, {anna: 30, carla: 40, dario: 25})
    client = as_role("scorer")

    first = client.post(deal_url(four), data)
    again = client.post(deal_url(four), data)  # the phone lost the answer and sent it again

    assert first.status_code == again.status_code == 302
    assert selectors.sheet_version(four) == 2


def test_a_deal_recorded_meanwhile_is_named_and_the_entry_waits_for_the_scorer(
    as_role, table, four
):
    anna, bruno, carla, dario = table.players[:4]
    recorder = table.users["admin"]
    services.deal_record(  # another scorer's phone, meanwhile
        series_id=four,
        entry=deal_entry(bruno, {anna: 30, carla: 40, dario: 25}),
        actor_id=recorder.id,
    )
    client = as_role("scorer")
    data = deal_form(1, carla, {anna: 30, bruno: 40, dario: 25})

    response = client.post(deal_url(four), data)

    assert response.status_code == 200
    page = response.content.decode()
    who = recorder.get_full_name() or recorder.get_username()
    assert f"Deal 1 was just recorded by {who} on another phone." in page
    assert "Totals now: Anna 30 · Bruno 0 · Carla 40 · Dario 25" in page
    assert "Check the totals above" not in page
    # The entry is kept at the version it was entered at, never silently the next deal.
    assert 'name="expected_version" value="1"' in page
    assert 'name="moved_on_to" value="2"' in page
    assert "Record my entry as deal 2" in page
    assert client.post(deal_url(four), data).status_code == 200
    assert selectors.sheet_version(four) == 2

    as_next = client.post(deal_url(four), {**data, "moved_on_to": "2", "as_next": "on"})

    assert as_next.status_code == 302
    assert selectors.sheet_version(four) == 3


def test_the_same_entry_as_the_deal_just_recorded_is_called_so(as_role, table, four):
    anna, bruno, carla, dario = table.players[:4]
    record(four, bruno, {anna: 30, carla: 40, dario: 25})  # the other phone, meanwhile

    response = as_role("scorer").post(
        deal_url(four), deal_form(1, bruno, {anna: 30, carla: 40, dario: 25})
    )

    assert "Your entry is the same as deal 1: it is on the score sheet already" in (
        response.content.decode()
    )
    assert selectors.sheet_version(four) == 2


def test_the_winners_groups_are_checked_live_under_the_series_rules(as_role, table, four):
    check = f"/series/{four}/deals/check/"
    client = as_role("scorer")

    good = client.get(
        check, {"groups": "7C 7D JK\n8C 8D 8H\n9C 9D 9H\n5C 5D 5H\nKC KD KH", "discard": "2S"}
    ).content.decode()
    bad = client.get(check, {"groups": "7C 7D 7H\n8C 8D", "discard": "KS"}).content.decode()

    assert "Valid: the hand goes out." in good
    assert "Not valid." in bad
    assert "Group 2 (8♣ 8♦) has only 2 cards" in bad


def test_a_member_may_not_record_and_another_club_gets_not_found(as_role, table, four):
    anna, bruno, carla, dario = table.players[:4]
    data = deal_form(1, bruno, {anna: 30, carla: 40, dario: 25})

    assert as_role("member").post(deal_url(four), data).status_code == 403
    assert as_role("stranger").post(deal_url(four), data).status_code == 404
    assert as_role("stranger").get(f"/series/{four}/deals/check/").status_code == 404
    assert selectors.sheet_version(four) == 1


def test_a_finished_series_takes_no_more_deals(as_role, table, four):
    play_to_the_end(four, table.players[:4])

    response = as_role("scorer").get(deal_url(four), follow=True)

    assert response.redirect_chain == [(f"/series/{four}/", 302)]
    assert "This series is over: no more deals." in response.content.decode()


def test_an_entry_sent_after_the_series_ended_is_refused_unless_it_is_a_retry(as_role, table):
    """A phone's outbox may send an entry after another phone ended the series:
    it is refused, and says so; a retry of the deal that ended it is recorded
    once and answered as already recorded."""
    anna, bruno, carla = table.players[:3]
    seated = [anna.id, bruno.id, carla.id]
    series_id = services.series_start(
        club=table.club, players=seated, first_dealer=anna.id, options={"deals": 1}
    ).series_id
    last = deal_form(1, bruno, {anna: 30, carla: 40}, key="the-last-deal")
    assert as_role("scorer").post(deal_url(series_id), last).status_code == 302  # it ends

    late = as_role("scorer").post(deal_url(series_id), deal_form(2, carla, {anna: 20, bruno: 10}))
    again = as_role("scorer").post(deal_url(series_id), last, follow=True)

    assert late.status_code == 200
    assert "The series is over: no more deals." in late.content.decode()
    assert again.redirect_chain == [(f"/series/{series_id}/", 302)]
    assert "Already recorded" in again.content.decode()
    assert selectors.sheet_version(series_id) == 2


def test_a_tiebreak_deal_is_entered_by_the_tied_players_only(as_role, table, three):
    anna, bruno, carla = table.players[:3]
    series_id = three
    record(series_id, anna, {bruno: 30, carla: 40})
    record(series_id, bruno, {anna: 30, carla: 20})
    record(series_id, carla, {anna: 20, bruno: 20})

    page = as_role("scorer").get(deal_url(series_id)).content.decode()

    assert "Tiebreak deal: only the tied players play it." in page
    assert page.count('name="went_out"') == 2
    assert f'name="cards_{carla.id}"' not in page


def test_recording_a_deal_from_the_page_costs_eight_round_trips(
    as_role, table, four, django_assert_num_queries
):
    anna, bruno, carla, dario = table.players[:4]
    scorer = as_role("scorer")
    scorer.get("/")
    # The session and its user; the sheet with its club, its snapshot and the
    # role; the players' names; begin; the snapshot checked against the log;
    # the event with the sheet's rows (one statement on PostgreSQL, four on
    # SQLite); commit.
    writes = 1 if connection.vendor == "postgresql" else 4
    with django_assert_num_queries(7 + writes):
        response = scorer.post(
            deal_url(four), deal_form(1, bruno, {anna: 30, carla: 20, dario: 25})
        )
    assert response.status_code == 302
    assert scores(four) == {"Anna": 30, "Bruno": 0, "Carla": 20, "Dario": 25}


# A phone's outbox sends an entry again when its first answer was lost: the deal
# was recorded, and the series moved on because of it. The retry is answered
# "already recorded" whatever the series did next, before the form (built for the
# next deal's players) could refuse it.


def _posted_twice(client, series_id, data):
    first = client.post(deal_url(series_id), data)
    retry = client.post(deal_url(series_id), data, follow=True)
    return first, retry


def test_a_retry_of_the_deal_that_made_a_tie_is_answered_already_recorded(as_role, table, three):
    # RULES D-8: the tie sends Anna and Bruno to a tiebreak deal without Carla.
    anna, bruno, carla = table.players[:3]
    series_id = three
    record(series_id, anna, {bruno: 40, carla: 40})
    record(series_id, bruno, {anna: 40, carla: 30})
    tie = deal_form(3, carla, {anna: 20, bruno: 20})

    first, retry = _posted_twice(as_role("scorer", language="it"), series_id, tie)

    assert first.status_code == 302
    assert retry.redirect_chain == [(f"/series/{series_id}/", 302)]
    assert "Già registrata" in retry.content.decode()
    assert selectors.sheet_version(series_id) == 4


def test_a_retry_of_the_rummy_deal_that_knocked_a_player_out_is_answered_already_recorded(
    as_role, table
):
    # RULES §3: Carla passes the cap of 100 and is out; the next deal seats two.
    anna, bruno, carla = table.players[:3]
    series_id = services.series_start(
        club=table.club,
        players=[anna.id, bruno.id, carla.id],
        first_dealer=anna.id,
        rules="rummy",
        options={"scoring": "elimination", "target": 100},
    ).series_id
    record(series_id, bruno, {anna: 40, carla: 60})
    knock_out = deal_form(2, anna, {bruno: 30, carla: 50})

    first, retry = _posted_twice(as_role("scorer"), series_id, knock_out)

    assert first.status_code == 302
    assert retry.redirect_chain == [(f"/series/{series_id}/", 302)]
    page = retry.content.decode()
    assert "Already recorded" in page and "already used for a different request" not in page
    assert selectors.sheet_version(series_id) == 3


def test_a_retry_of_the_tiebreak_deal_that_ended_the_series_is_answered_already_recorded(
    as_role, table, three
):
    anna, bruno, carla = table.players[:3]
    series_id = three
    record(series_id, anna, {bruno: 40, carla: 40})
    record(series_id, bruno, {anna: 40, carla: 30})
    record(series_id, carla, {anna: 20, bruno: 20})  # Anna and Bruno tied at 60
    the_end = deal_form(4, anna, {bruno: 15})

    first, retry = _posted_twice(as_role("scorer"), series_id, the_end)

    assert first.status_code == 302
    assert selectors.series_sheet(series_id).status == "finished"
    assert retry.redirect_chain == [(f"/series/{series_id}/", 302)]
    assert "Already recorded" in retry.content.decode()
    assert selectors.sheet_version(series_id) == 5


def test_impossible_points_are_said_once_at_the_players_field_which_is_marked(as_role, table, four):
    # RULES §4: 15 cards held, so 15 to 225 points.
    anna, bruno, carla, dario = table.players[:4]

    page = (
        as_role("scorer")
        .post(deal_url(four), deal_form(1, bruno, {anna: 12, carla: 40, dario: 25}))
        .content.decode()
    )

    message = "12 points for player Anna is impossible; the rules allow 15 to 225."
    assert page.count(message) == 1
    assert 'id="form-errors"' not in page
    hand = page[page.index(f'id="hand-errors-{anna.id}"') :]
    assert hand.index(message) < hand.index("</div>")
    field = re.search(rf'<input[^>]*name="points_{anna.id}"[^>]*>', page).group(0)
    assert 'aria-invalid="true"' in field


def test_the_page_carries_the_rules_points_limits_for_the_keypad(as_role, table, four):
    page = as_role("scorer").get(deal_url(four)).content.decode()

    assert '<script id="points-limits" type="application/json">[[15, 225]]</script>' in page


def test_the_same_hands_as_the_last_deal_are_asked_about_before_they_are_recorded(
    as_role, table, four
):
    anna, bruno, carla, dario = table.players[:4]
    hands = {anna: 30, carla: FIFTEEN, dario: 25}
    scorer = as_role("scorer")
    assert scorer.post(deal_url(four), deal_form(1, bruno, hands)).status_code == 302

    again = deal_form(2, bruno, hands)
    asked = scorer.post(deal_url(four), again)

    assert asked.status_code == 200
    assert "This entry is the same as deal 1." in asked.content.decode()
    assert selectors.sheet_version(four) == 2
    recorded = scorer.post(deal_url(four), {**again, "same_again": "on"})
    assert recorded.status_code == 302
    assert selectors.sheet_version(four) == 3


def test_a_retry_of_the_last_deal_is_answered_as_recorded_not_asked_about(as_role, table, four):
    anna, bruno, carla, dario = table.players[:4]
    data = deal_form(1, bruno, {anna: 30, carla: 40, dario: 25})
    scorer = as_role("scorer")
    assert scorer.post(deal_url(four), data).status_code == 302

    retry = scorer.post(deal_url(four), data)

    assert retry.status_code == 302
    assert selectors.sheet_version(four) == 2
