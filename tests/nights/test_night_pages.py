"""What a new user read on a club night's pages: the list of nights, the earlier
rounds on the night's page, the self check-in once checked in, the check-out's
refusal, the draw's example and words, and guests in the night standings
(RULES D-15 to D-19)."""

from __future__ import annotations

import html as markup
import re

import pytest

from series.clubs import players as player_services
from series.nights import selectors as night_selectors
from series.nights import services as nights
from tests.support.nights import play_out
from tests.support.pages import night_url as url

pytestmark = pytest.mark.django_db


@pytest.fixture
def night(table):
    """An open night of the club, all six players checked in."""
    opened = nights.night_open(club=table.club, date="2026-03-14").night_id
    nights.night_check_in(night_id=opened, players=[p.id for p in table.players])
    return opened


def text_of(response) -> str:
    return markup.unescape(response.content.decode())


def round_played(night_id, low=3, high=3) -> None:
    nights.night_round_draw(night_id=night_id, min_table=low, max_table=high, seed=7)
    nights.night_tables_start(night_id=night_id)
    play_out(night_id)
    nights.night_round_close(night_id=night_id)


def test_the_nights_list_counts_who_played_and_only_the_rounds_played(table, as_role, night):
    round_played(night)
    first, second = (p.id for p in table.players[:2])
    nights.night_check_out(night_id=night, player=first)
    nights.night_check_out(night_id=night, player=second)
    # A second round drawn for the four left, withdrawn unplayed, then the close.
    nights.night_round_draw(night_id=night, min_table=4, max_table=4, seed=3)
    nights.night_round_withdraw(night_id=night, round_number=2)
    nights.night_close(night_id=night)
    listed = text_of(as_role("member").get(f"/clubs/{table.club.slug}/nights/"))
    # RULES D-18: who left between rounds keeps the round they played.
    assert "6 players, 1 round · closed" in listed


def test_the_nights_list_counts_who_is_checked_in_before_any_round(table, as_role, night):
    listed = text_of(as_role("member").get(f"/clubs/{table.club.slug}/nights/"))
    assert "6 players, 0 rounds" in listed


def test_the_night_page_keeps_earlier_rounds_with_their_tables_and_sheets(table, as_role, night):
    round_played(night)
    nights.night_round_draw(night_id=night, min_table=3, max_table=3, seed=9, method="standings")
    nights.night_tables_start(night_id=night)
    page = text_of(as_role("member").get(url(table, night)))
    first = night_selectors.night_page(night).rounds[0]
    earlier = page.split("Earlier rounds", 1)[1]
    assert "<details" in earlier and "Round 1" in earlier
    for drawn in first.tables:
        assert f"Score sheet of table {drawn.number}" in earlier
        assert f'href="/series/{drawn.series}/"' in earlier
        assert all(seat.name in earlier for seat in drawn.seats)
    assert earlier.count("finished") >= len(first.tables)


def test_a_closed_night_keeps_every_round_on_its_page(table, as_role, night):
    round_played(night)
    round_played(night)
    nights.night_close(night_id=night)
    page = text_of(as_role("member").get(url(table, night)))
    assert "Round 2" in page
    assert "Round 1" in page.split("Earlier rounds", 1)[1]


def test_the_check_in_link_says_a_checked_in_player_is_checked_in(table, as_role):
    night = nights.night_open(club=table.club, date="2026-03-14").night_id
    player_services.player_link(
        club=table.club, player_id=table.players[2].id, user_id=table.users["member"].id
    )
    client = as_role("member")
    client.post(url(table, night, "join/"))
    again = text_of(client.get(url(table, night, "join/")))
    assert "You're checked in for tonight" in again
    assert "I am here" not in again


def test_the_check_in_link_shows_the_seat_once_the_tables_are_drawn(table, as_role, night):
    player_services.player_link(
        club=table.club, player_id=table.players[2].id, user_id=table.users["member"].id
    )
    nights.night_round_draw(night_id=night, min_table=3, max_table=3, seed=7)
    page = text_of(as_role("member").get(url(table, night, "join/")))
    assert "You're checked in for tonight" in page
    assert re.search(r"Tonight: Table \d, seat \d", page)
    assert "I am here" not in page


def test_a_refused_check_out_says_why_on_the_directors_page(table, as_role, night):
    nights.night_round_draw(night_id=night, min_table=3, max_table=3, seed=7)
    seated = night_selectors.night_page(night).rounds[-1].tables[0].seats[0]
    refused = as_role("scorer").post(
        url(table, night),
        {
            "action": "check_out",
            "player": seated.player,
            "expected_version": night_selectors.night_page(night).version,
        },
    )
    assert refused.status_code == 422
    # RULES D-18: a player leaves between rounds, not from a drawn table.
    assert f"{seated.name} is seated at Table 1 of round 1" in text_of(refused)


def test_a_check_out_without_a_player_says_so(table, as_role, night):
    refused = as_role("scorer").post(
        url(table, night),
        {"action": "check_out", "expected_version": night_selectors.night_page(night).version},
    )
    assert refused.status_code == 422
    assert "This field is required." in text_of(refused)


def test_no_id_repeats_on_the_directors_page(table, as_role, night):
    round_played(night)
    page = as_role("scorer").get(url(table, night)).content.decode()
    ids = re.findall(r'\bid="([^"]+)"', page)
    assert page.count("Leaves") == 6
    assert sorted({i for i in ids if ids.count(i) > 1}) == []


def test_the_draw_gives_its_example_for_the_players_present(table, as_role, night):
    page = text_of(as_role("scorer").get(url(table, night)))
    # RULES D-15: six players at tables of 4 to 6 (the form's default) make one table of 6.
    assert "6 players present, tables of 4 to 6: 6." in page
    assert "17 players" not in page
    nights.night_check_out(night_id=night, player=table.players[0].id)
    page = text_of(as_role("scorer").get(url(table, night)))
    assert "5 players present, tables of 4 to 6: 5." in page


def test_in_italian_the_draw_has_a_number_not_a_suit_and_a_table_is_finito(table, as_role, night):
    round_played(night)
    page = text_of(as_role("member", "it").get(url(table, night)))
    assert "numero di sorteggio 7" in page
    assert "seme" not in page
    heading = re.search(r"Tavolo 1\s*<small>([^<]*)</small>", page).group(1)
    assert heading == "finito"


def test_a_guest_in_the_night_standings_is_marked_a_guest(table, as_role):
    night = nights.night_open(club=table.club).night_id
    nights.night_check_in(night_id=night, players=[p.id for p in table.players[:5]])
    nights.night_guest_add(night_id=night, name="Walter")
    round_played(night)
    nights.night_close(night_id=night)
    page = as_role("member").get(f"/clubs/{table.club.slug}/league/").content.decode()
    standings = page.split('id="night-standings"', 1)[1].split("</table>", 1)[0]
    walter = next(row for row in standings.split("<tr") if "Walter" in row)
    assert '<span class="badge">guest</span>' in walter
    assert all("guest" not in row for row in standings.split("<tr") if "Anna" in row)
