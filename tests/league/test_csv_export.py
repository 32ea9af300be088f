"""CSV downloads cannot smuggle a formula into a spreadsheet, and numbers stay numbers."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from series.clubs import membership
from series.clubs import players as player_services
from series.league import services as league
from series.league.csv_export import FORMULA_STARTS, _cell
from series.models import Player
from series.sheets import services
from tests.support.api import make_user
from tests.support.factories import club_with_players, entry, start
from tests.support.league import at, caught_up
from tests.support.pages import rows_of, signed_in

pytestmark = pytest.mark.django_db

FORMULAS = ['=HYPERLINK("http://evil.example","x")', "+cmd|' /C calc'!A0", "@SUM(1+1)"]


def rename_to_formulas(history) -> None:
    for player, name in zip((history.anna, history.bruno, history.carla), FORMULAS, strict=True):
        player_services.player_rename(club=history.club, player_id=player.id, name=name)


def test_player_names_in_the_sheets_header_are_written_as_text(history):
    rename_to_formulas(history)
    response = signed_in(history.users["member"]).get(f"/series/{history.second}/sheet.csv")
    header, *rows = rows_of(response)
    assert header[6:] == ["'" + name for name in FORMULAS]
    assert rows[0][1:3] == ["'" + FORMULAS[1], "'" + FORMULAS[1]]  # dealer, went out
    assert rows[-1][6:] == ["50", "25", "135"]


def test_standings_write_names_as_text_and_negative_ratings_as_numbers(history):
    # Carla last once more, against two newcomers: her rating falls below zero.
    elio, fede = (player_services.player_add(club=history.club, name=n) for n in ("Elio", "Fede"))
    seated = [elio, fede, history.carla]
    series = start(history.club, seated, options={"deals": 1}, recorded_at=at(10, 1)).series_id
    hands = {fede: 20, history.carla: 90}
    services.deal_record(series_id=series, entry=entry(elio, hands), recorded_at=at(10, 1))
    caught_up()
    rename_to_formulas(history)
    league.ladder_set(club=history.club, min_series=2)
    response = signed_in(history.users["member"]).get(
        f"/clubs/{history.club.slug}/league/standings.csv?season=2025"
    )
    header, *rows = rows_of(response)
    names = {row[2] for row in rows}
    assert {"'" + name for name in FORMULAS} <= names
    rating = header.index("rating")
    ratings = [row[rating] for row in rows if row[rating]]
    assert any(rating.startswith("-") for rating in ratings)
    assert all(float(rating) == float(rating) for rating in ratings)  # no apostrophe


def test_every_cell_of_both_downloads_is_safe_to_open(history):
    rename_to_formulas(history)
    league.ladder_set(club=history.club, min_series=2)
    client = signed_in(history.users["member"])
    for url in (
        f"/series/{history.first}/sheet.csv",
        f"/clubs/{history.club.slug}/league/standings.csv?season=2025",
    ):
        for row in rows_of(client.get(url)):
            for cell in row:
                assert not cell.startswith(("=", "+", "@")), (url, cell)
                if cell.startswith("-"):
                    float(cell)  # a negative number, not text that runs


HIDDEN_FORMULAS = [
    '\u200b=HYPERLINK("http://evil.example","x")',
    "|cmd /C calc",
    "\ufeff \u2060@SUM(1)",
]


def test_a_formula_behind_a_zero_width_space_or_a_pipe_is_written_as_text(history):
    players = (history.anna, history.bruno, history.carla)
    for player, name in zip(players, HIDDEN_FORMULAS, strict=True):
        # Names stored before names were checked: today's rule refuses these.
        Player.objects.filter(id=player.id).update(name=name)
    response = signed_in(history.users["member"]).get(f"/series/{history.second}/sheet.csv")
    header, *_rows = rows_of(response)
    assert header[6:] == ["'" + name for name in HIDDEN_FORMULAS]


@given(
    hidden=st.text(st.sampled_from(" \u00a0\u200b\u200c\u200d\u2060\ufeff"), max_size=4),
    start=st.sampled_from(FORMULA_STARTS),
    rest=st.text(max_size=20),
)
def test_text_whose_first_visible_character_starts_a_formula_gets_an_apostrophe(
    hidden, start, rest
):
    assert _cell(hidden + start + rest) == "'" + hidden + start + rest


@given(st.integers() | st.floats(allow_nan=False))
def test_numbers_stay_numbers(number):
    assert _cell(number) == number


def test_the_standings_download_has_the_pages_placement_column_in_the_readers_language():
    # RULES D-16: at a table of 3, places 1, 2 and 3 score 10, 5 and 0
    club, (anna, bruno, carla) = club_with_players(("Anna", "Bruno", "Carla"))
    for winner, second, last in ((anna, bruno, carla), (bruno, anna, carla)):
        series = start(club, [anna, bruno, carla], options={"deals": 1}).series_id
        services.deal_record(series_id=series, entry=entry(winner, {second: 20, last: 40}))
    caught_up()
    reader = make_user("reader")
    membership.member_set(club=club, user=reader, role="member")
    response = signed_in(reader).get(
        f"/clubs/{club.slug}/league/standings.csv", HTTP_ACCEPT_LANGUAGE="it"
    )
    header, *rows = rows_of(response)
    assert header[-2:] == ["Piazzamento", "punti / a partita"]  # as the page heads it
    placement = {row[2]: row[-2:] for row in rows}
    assert placement == {"Anna": ["15.0", "7.5"], "Bruno": ["15.0", "7.5"], "Carla": ["0.0", "0.0"]}
