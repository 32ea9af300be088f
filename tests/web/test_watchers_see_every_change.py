"""What a watcher's 304 must not hide, and how a conditional GET is asked:
the big screen polls with its ETag like the live view (series/web/conditional.py),
so a change to anything it prints is a new tag; HEAD is a GET without a body."""

from __future__ import annotations

import pytest

from series.clubs import players as player_services
from series.clubs import services as club_services
from series.nights import selectors as night_selectors
from series.nights import services as nights
from series.sheets import live_links
from tests.support.pages import live_path

pytestmark = pytest.mark.django_db


@pytest.fixture
def screen(table):
    """The fragment of a night's big screen, its tables started, watched by a member."""
    night = nights.night_open(club=table.club, date="2026-03-14").night_id
    nights.night_check_in(night_id=night, players=[p.id for p in table.players])
    nights.night_round_draw(night_id=night, min_table=3, max_table=3, seed=7)
    nights.night_tables_start(night_id=night)
    return f"/clubs/{table.club.slug}/nights/{night}/screen/tables/", night


def seated_first(night):
    return night_selectors.night_page(night).rounds[-1].tables[0].seats[0]


def test_the_big_screen_shows_a_renamed_player_at_its_next_poll(table, as_role, screen):
    fragment, night = screen
    watcher = as_role("member")
    tag = watcher.get(fragment)["ETag"]
    player = seated_first(night).player

    player_services.player_rename(club=table.club, player_id=player, name="Zoe Renamed")
    again = watcher.get(fragment, HTTP_IF_NONE_MATCH=tag)

    assert "Zoe Renamed" in watcher.get(fragment).content.decode()  # what the page now shows
    assert again.status_code == 200
    assert "Zoe Renamed" in again.content.decode()


def test_the_big_screen_stops_showing_an_erased_players_name_at_its_next_poll(
    table, as_role, screen
):
    fragment, night = screen
    watcher = as_role("member")
    first = watcher.get(fragment)
    seat = seated_first(night)
    assert seat.name in first.content.decode()

    player_services.player_erase(club=table.club, player_id=seat.player)
    again = watcher.get(fragment, HTTP_IF_NONE_MATCH=first["ETag"])

    assert seat.name not in watcher.get(fragment).content.decode()  # what the page now shows
    assert again.status_code == 200
    assert seat.name not in again.content.decode()


def test_the_big_screen_shows_the_clubs_new_name_at_its_next_poll(table, as_role, screen):
    page = screen[0].removesuffix("tables/")
    watcher = as_role("member")
    tag = watcher.get(page)["ETag"]

    club_services.club_update(club=table.club, name="Circolo Nuovo")
    again = watcher.get(page, HTTP_IF_NONE_MATCH=tag)

    assert "Circolo Nuovo" in watcher.get(page).content.decode()  # what the page now shows
    assert again.status_code == 200
    assert "Circolo Nuovo" in again.content.decode()


def test_a_head_request_for_the_live_view_answers_as_its_get(table, client, four):
    url = live_path(four, table.users["admin"])
    got = client.get(url)

    head = client.head(url)

    assert head.status_code == got.status_code == 200
    assert head["ETag"] == got["ETag"]
    assert head.content == b""


def test_a_head_request_holding_the_live_fragments_tag_answers_304(table, client, four):
    url = live_path(four, table.users["admin"]) + "sheet/"
    tag = client.get(url)["ETag"]

    assert client.head(url, HTTP_IF_NONE_MATCH=tag).status_code == 304


def test_a_head_request_for_the_big_screen_answers_as_its_get(as_role, screen):
    watcher = as_role("member")
    page = screen[0].removesuffix("tables/")

    assert watcher.head(page).status_code == watcher.get(page).status_code == 200


def test_a_304_for_a_signed_in_watcher_is_kept_by_no_cache_and_varies_as_the_200(
    table, as_role, four
):
    watcher = as_role("member")
    url = live_path(four, table.users["member"])
    first = watcher.get(url)

    again = watcher.get(url, HTTP_IF_NONE_MATCH=first["ETag"])

    assert again.status_code == 304
    assert again["Cache-Control"] == first["Cache-Control"] == "private, no-store"
    assert set(first["Vary"].split(", ")) <= set(again["Vary"].split(", "))


def test_a_renewed_live_link_answers_gone_even_to_the_tag_it_was_watched_with(
    table, as_role, client, four
):
    url = live_path(four, table.users["admin"])
    tag = client.get(url)["ETag"]
    live_links.live_link_renew(
        sheet=live_links.selectors.series_sheet(four), user=table.users["admin"]
    )

    assert client.get(url, HTTP_IF_NONE_MATCH=tag).status_code == 410
    assert client.get(url + "sheet/", HTTP_IF_NONE_MATCH=tag).status_code == 410


def test_if_none_match_any_or_a_list_of_other_tags_answers_the_page(table, client, four):
    url = live_path(four, table.users["admin"]) + "sheet/"
    tag = client.get(url)["ETag"]

    assert client.get(url, HTTP_IF_NONE_MATCH="*").status_code == 200
    assert client.get(url, HTTP_IF_NONE_MATCH='"a", W/"b"').status_code == 200
    assert client.get(url, HTTP_IF_NONE_MATCH=f'"a", {tag}').status_code == 304
    assert client.get(url, HTTP_IF_NONE_MATCH="," * 5000 + "junk").status_code == 200
