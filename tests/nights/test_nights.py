"""A club night's pages through the forms a director and the players use:
the list of nights, check-in, the draw, moves, the table cards, the big screen
and a player's own check-in (RULES D-15 to D-19)."""

from __future__ import annotations

import re
from fractions import Fraction

import pytest

from series.clubs import players as player_services
from series.nights import selectors as night_selectors
from series.nights import services as nights
from series.sheets import services as sheets
from tests.support.factories import entry
from tests.support.pages import night_url as url

pytestmark = pytest.mark.django_db


@pytest.fixture
def night(table):
    """An open night of the club, nobody checked in yet."""
    return nights.night_open(club=table.club, date="2026-03-14").night_id


def night_page(night_id):
    return night_selectors.night_page(night_id)


def test_a_director_opens_a_night_from_the_club_nights_page(table, as_role):
    client = as_role("scorer")
    listed = client.get(f"/clubs/{table.club.slug}/nights/")
    assert "New night" in listed.content.decode()
    opened = client.post(
        f"/clubs/{table.club.slug}/nights/", {"date": "2026-03-14", "scoring": "placement"}
    )
    assert opened.status_code == 302
    assert "Club night of" in client.get(opened["Location"]).content.decode()


def test_a_member_reads_the_nights_but_is_offered_no_new_night(table, as_role, night):
    html = as_role("member").get(f"/clubs/{table.club.slug}/nights/").content.decode()
    assert "New night" not in html
    assert f"/clubs/{table.club.slug}/nights/{night}/" in html


def test_the_director_checks_players_in_and_draws_tables_of_equal_size(table, as_role, night):
    client = as_role("scorer")
    players = [p.id for p in table.players]
    version = night_page(night).version
    checked = client.post(
        url(table, night), {"action": "check_in", "players": players, "expected_version": version}
    )
    assert checked.status_code == 302
    assert len(night_page(night).present) == 6
    drawn = client.post(
        url(table, night),
        {
            "action": "draw",
            "min_table": 3,
            "max_table": 4,
            "method": "random",
            "expected_version": night_page(night).version,
        },
    )
    assert drawn.status_code == 302
    html = client.get(url(table, night)).content.decode()
    # RULES D-15: 6 players at tables of 3 to 4 are two tables of three.
    assert "Table 1" in html and "Table 2" in html and "Table 3" not in html
    assert html.count("deals first") == 2


def test_a_draw_with_too_few_players_says_so_and_draws_nothing(table, as_role, night):
    nights.night_check_in(night_id=night, players=[table.players[0].id])
    client = as_role("scorer")
    refused = client.post(
        url(table, night),
        {
            "action": "draw",
            "min_table": 3,
            "max_table": 6,
            "method": "random",
            "expected_version": night_page(night).version,
        },
    )
    assert refused.status_code == 422
    assert "2 more must come to play" in refused.content.decode()
    assert night_page(night).rounds == []


def test_a_stale_form_is_refused_and_the_page_shows_the_night_as_it_is(table, as_role, night):
    stale = night_page(night).version
    nights.night_check_in(night_id=night, players=[table.players[0].id])
    refused = as_role("scorer").post(
        url(table, night),
        {"action": "check_in", "players": [table.players[1].id], "expected_version": stale},
    )
    assert refused.status_code == 422
    assert "changed while this page was open" in refused.content.decode()
    assert [line.id for line in night_page(night).present] == [table.players[0].id]


def test_a_member_cannot_direct_the_night(table, as_role, night):
    refused = as_role("member").post(
        url(table, night), {"action": "check_in", "players": [table.players[0].id]}
    )
    assert refused.status_code == 403
    assert night_page(night).present == []


def test_the_director_swaps_two_players_before_the_tables_start(table, as_role, night):
    nights.night_check_in(night_id=night, players=[p.id for p in table.players])
    nights.night_round_draw(night_id=night, min_table=3, max_table=3, seed=7)
    first, second = night_page(night).rounds[-1].tables
    anna, bruno = first.seats[0].player, second.seats[0].player
    moved = as_role("scorer").post(
        url(table, night),
        {
            "action": "move",
            "player": anna,
            "other": bruno,
            "expected_version": night_page(night).version,
        },
    )
    assert moved.status_code == 302
    first, second = night_page(night).rounds[-1].tables
    assert anna in [s.player for s in second.seats] and bruno in [s.player for s in first.seats]


def test_each_table_card_names_its_seats_first_dealer_and_opens_its_score_sheet(
    table, as_role, night
):
    nights.night_check_in(night_id=night, players=[p.id for p in table.players])
    nights.night_round_draw(night_id=night, min_table=3, max_table=3, seed=7)
    nights.night_tables_start(night_id=night)
    html = as_role("member").get(url(table, night, "cards/")).content.decode()
    tables = night_page(night).rounds[-1].tables
    for drawn in tables:
        assert f"Table {drawn.number}" in html
        assert all(seat.name in html for seat in drawn.seats)
    assert html.count("<svg") >= len(tables)  # a QR code per table
    assert html.count("Paper score sheet") == len(tables)


def test_the_big_screen_shows_every_table_and_the_ranking_without_signing_in(table, client, night):
    table.club.public = True
    table.club.save()
    nights.night_check_in(night_id=night, players=[p.id for p in table.players])
    nights.night_round_draw(night_id=night, min_table=3, max_table=3, seed=7)
    nights.night_tables_start(night_id=night)
    screen = client.get(url(table, night, "screen/"))
    html = screen.content.decode()
    assert screen.status_code == 200
    assert "Table 1" in html and "Table 2" in html and "Tonight's ranking" in html
    assert "deal 1 of 3" in html


def test_the_big_screen_answers_304_until_a_deal_changes_it(table, as_role, night):
    nights.night_check_in(night_id=night, players=[p.id for p in table.players])
    nights.night_round_draw(night_id=night, min_table=3, max_table=3, seed=7)
    nights.night_tables_start(night_id=night)
    client = as_role("member")
    fragment = url(table, night, "screen/tables/")
    first = client.get(fragment)
    tag = first["ETag"]
    assert client.get(fragment, HTTP_IF_NONE_MATCH=tag).status_code == 304
    first_table = night_page(night).rounds[-1].tables[0]
    out, *others = [seat.player for seat in first_table.seats]
    sheets.deal_record(series_id=first_table.series, entry=entry(out, dict.fromkeys(others, 25)))
    again = client.get(fragment, HTTP_IF_NONE_MATCH=tag)
    assert again.status_code == 200 and "deal 2 of 3" in again.content.decode()


def test_a_private_clubs_big_screen_is_not_shown_to_strangers(table, client, night):
    assert client.get(url(table, night, "screen/")).status_code == 302  # the sign-in page


def test_a_member_checks_themselves_in_with_the_nights_code(table, as_role, night):
    player_services.player_link(
        club=table.club, player_id=table.players[2].id, user_id=table.users["member"].id
    )
    client = as_role("member")
    assert "I am here" in client.get(url(table, night, "join/")).content.decode()
    assert client.post(url(table, night, "join/")).status_code == 302
    assert [line.id for line in night_page(night).present] == [table.players[2].id]


def test_tonight_shows_the_players_table_seat_and_first_dealer(table, as_role, night):
    player_services.player_link(
        club=table.club, player_id=table.players[2].id, user_id=table.users["member"].id
    )
    nights.night_check_in(night_id=night, players=[p.id for p in table.players])
    nights.night_round_draw(night_id=night, min_table=3, max_table=3, seed=7)
    html = as_role("member").get("/").content.decode()
    assert re.search(r"Tonight: Table \d, seat \d, \w+ deals first", html)


def test_a_private_clubs_screen_opens_with_the_directors_link_until_it_is_revoked(
    table, as_role, client, night
):
    director = as_role("scorer")
    html = director.get(url(table, night)).content.decode()
    link = re.search(r'href="(http[^"]*/screen/\?key=[^"]+)"', html).group(1).replace("&amp;", "&")
    path = link.split("://", 1)[1].split("/", 1)[1]
    assert client.get(f"/{path}").status_code == 200
    revoked = director.post(url(table, night), {"action": "screen_revoke"})
    assert revoked.status_code == 302
    gone = client.get(f"/{path}")  # the link is gone, and the screen says why
    assert gone.status_code == 410
    assert "the night's director has the new one" in gone.content.decode().replace("&#x27;", "'")


def abandoned_table(table, night):
    """Six checked in at two tables of three, started; Table 1 plays a deal (its first
    seat goes out, the others 20 and 30), then its series is abandoned."""
    nights.night_check_in(night_id=night, players=[p.id for p in table.players])
    nights.night_round_draw(night_id=night, min_table=3, max_table=3, seed=7)
    nights.night_tables_start(night_id=night)
    first = night_page(night).rounds[-1].tables[0]
    out, *others = [seat.player for seat in first.seats]
    sheets.deal_record(series_id=first.series, entry=entry(out, {others[0]: 20, others[1]: 30}))
    sheets.series_abandon(series_id=first.series, reason="the hall closed")
    return night_page(night).rounds[-1].tables[0]


def test_the_director_enters_an_abandoned_tables_result_prefilled_from_its_totals(
    table, as_role, night
):
    # RULES D-18
    abandoned = abandoned_table(table, night)
    client = as_role("scorer")
    html = client.get(url(table, night)).content.decode()
    assert "Enter a result" in html and "abandoned: not played" in html
    # Prefilled as the totals stood: the player who went out first, then 20, then 30.
    for place, seat in enumerate(abandoned.seats, start=1):
        select = rf'name="place_{seat.player}"[^>]*>(?:(?!</select>).)*value="{place}" selected'
        assert re.search(select, html, re.S)
    first, second, third = (seat.player for seat in abandoned.seats)
    sent = client.post(
        url(table, night),
        {
            "action": "result",
            "round_number": 1,
            "table_number": abandoned.number,
            f"place_{first}": 2,
            f"place_{second}": 1,
            f"place_{third}": 2,
            "expected_version": night_page(night).version,
        },
    )
    assert sent.status_code == 302
    html = client.get(url(table, night)).content.decode()
    assert "result entered by the director" in html and "Change the result" in html
    points = {line.player: line.points for line in night_page(night).ranking.lines}
    assert (points[second], points[first], points[third]) == (10, Fraction(5, 2), Fraction(5, 2))


def test_a_result_that_leaves_a_player_without_a_place_is_refused_on_the_page(
    table, as_role, night
):
    abandoned = abandoned_table(table, night)
    first, second, _third = (seat.player for seat in abandoned.seats)
    refused = as_role("scorer").post(
        url(table, night),
        {
            "action": "result",
            "round_number": 1,
            "table_number": abandoned.number,
            f"place_{first}": 1,
            f"place_{second}": 2,
            "expected_version": night_page(night).version,
        },
    )
    assert refused.status_code == 422
    assert "This field is required." in refused.content.decode()
    assert night_page(night).rounds[-1].tables[0].result is None


def test_a_table_still_playing_offers_no_result_and_a_member_sees_no_form(table, as_role, night):
    abandoned_table(table, night)
    assert "Enter a result" not in as_role("member").get(url(table, night)).content.decode()
    html = as_role("scorer").get(url(table, night)).content.decode()
    assert html.count("Enter a result") == 1  # Table 2 plays on: no form


def test_a_member_cannot_enter_a_result(table, as_role, night):
    abandoned = abandoned_table(table, night)
    refused = as_role("member").post(
        url(table, night),
        {
            "action": "result",
            "round_number": 1,
            "table_number": abandoned.number,
            **{f"place_{seat.player}": 1 for seat in abandoned.seats},
        },
    )
    assert refused.status_code == 403
    assert night_page(night).rounds[-1].tables[0].result is None


def test_a_result_for_a_table_still_playing_is_refused_in_the_directors_language(
    table, as_role, night
):
    abandoned_table(table, night)
    playing = night_page(night).rounds[-1].tables[1]
    refused = as_role("scorer", language="it").post(
        url(table, night),
        {
            "action": "result",
            "round_number": 1,
            "table_number": playing.number,
            **{f"place_{seat.player}": n for n, seat in enumerate(playing.seats, start=1)},
            "expected_version": night_page(night).version,
        },
    )
    assert refused.status_code == 422
    html = refused.content.decode()
    assert "Il tavolo 2 sta ancora giocando" in html
    assert "Inserisci un risultato" in html  # Table 1's form, in Italian


def test_the_big_screen_says_the_director_entered_the_result_and_ranks_the_table(
    table, as_role, night
):
    # RULES D-18
    abandoned = abandoned_table(table, night)
    screen = as_role("member").get(url(table, night, "screen/")).content.decode()
    assert "not played" in screen and "result entered by the director" not in screen
    nights.night_table_result(
        night_id=night, table=abandoned.number, order=[[s.player] for s in abandoned.seats]
    )
    screen = as_role("member").get(url(table, night, "screen/")).content.decode()
    assert "result entered by the director" in screen
    winner = abandoned.seats[0].name
    assert re.search(
        rf'<span class="name">{winner}</span> <span class="total">10\.0</span>', screen
    )
