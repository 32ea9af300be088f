"""Ratings people can read (RULES D-26): the estimate with its uncertainty,
"?" while provisional and why, sigma grown for time away, the club's choice
of where provisional ratings stand, and the same figures in the API."""

from __future__ import annotations

import math
from datetime import date

import pytest

from series.clubs import players as player_services
from series.league import services as league
from series.models import SeriesResult
from tests.support.api import client_for
from tests.support.factories import start
from tests.support.league import at, caught_up, page, play_more, record

pytestmark = pytest.mark.django_db


def standings(history, role="member"):
    client = client_for(history.users[role])
    return client.get(f"/api/v1/clubs/{history.club.slug}/standings?season=2025").json()


def test_a_rating_of_fewer_than_ten_series_is_provisional_and_marked(history):
    """Everyone has played 2 series: every rating is provisional, "?" on the page."""
    league.ladder_set(club=history.club, min_series=2)
    rows = standings(history)["rows"]
    assert [row["provisional"] for row in rows] == [True, True, True]
    html = page(history).get(f"/clubs/{history.club.slug}/league/?season=2025").content.decode()
    ladder = html[html.index('id="ladder"') : html.index("</table>", html.index('id="ladder"'))]
    assert ladder.count('class="provisional"') == 3
    assert "fewer than 10 series of this game at the club" in ladder
    assert "more than 99 % sure" in html


def test_ten_series_settle_a_rating_and_the_club_may_list_provisional_ones_last(history):
    play_more(history, 8)  # Anna, Bruno and Carla: 10 series each in 2025
    league.ladder_set(club=history.club, min_series=2)
    rows = standings(history)["rows"]
    assert not any(row["provisional"] for row in rows)
    league.ladder_set(club=history.club, min_series=2, provisional_last=True)
    assert not any(row["provisional"] for row in standings(history)["rows"])


def test_provisional_ratings_listed_last_never_lead(history):
    play_more(history, 8)
    league.ladder_set(club=history.club, min_series=1)
    # A newcomer who wins their only series rates above the regulars they beat.
    newcomer = player_services.player_add(club=history.club, name="Nora")
    series = start(history.club, [newcomer, history.bruno, history.carla], recorded_at=at(12, 1))
    for _ in range(3):
        record(series.series_id, newcomer, {history.bruno: 30, history.carla: 40}, at(12, 1))
    caught_up()
    marked = standings(history)["rows"]
    nora = next(row for row in marked if row["name"] == "Nora")
    assert nora["provisional"]
    league.ladder_set(club=history.club, min_series=1, provisional_last=True)
    listed = standings(history)["rows"]
    assert listed[-1]["name"] == "Nora" and listed[0]["provisional"] is False
    admin = client_for(history.users["admin"])
    ladder = admin.get(f"/api/v1/clubs/{history.club.slug}/ladder").json()
    assert ladder["provisional_last"] is True


def test_a_past_seasons_ratings_are_shown_as_of_its_last_day(history):
    """RULES D-26: sigma squared grows 0.02 a day from the last series (12 September
    2025) to the season's last day (31 December 2025)."""
    league.ladder_set(club=history.club, min_series=2)
    anna = SeriesResult.objects.filter(person=history.anna).order_by("started_at").last()
    row = next(r for r in standings(history)["rows"] if r["name"] == "Anna")
    sigma = math.sqrt(anna.sigma**2 + 0.02 * 110)
    assert row["sigma"] == pytest.approx(sigma, abs=0.01)
    assert row["rating"] == pytest.approx(anna.mu - 3 * sigma, abs=0.01)


def test_the_player_api_gives_each_games_rating_as_of_today(history):
    client = client_for(history.users["member"])
    body = client.get(f"/api/v1/players/{history.carla.id}").json()
    (rating,) = body["ratings"]
    latest = SeriesResult.objects.filter(person=history.carla).order_by("started_at").last()
    away = (date.today() - date(2025, 9, 12)).days
    sigma = min(math.sqrt(latest.sigma**2 + 0.02 * away), 25 / 3)
    assert rating["game"] == "continental"
    assert rating["series"] == 2 and rating["last_played"] == "2025-09-12"
    assert rating["provisional"] is True
    assert rating["mu"] == pytest.approx(latest.mu, abs=0.01)
    assert rating["sigma"] == pytest.approx(sigma, abs=0.01)
    assert rating["shown"] == pytest.approx(latest.mu - 3 * sigma, abs=0.01)


def test_the_players_page_says_what_the_rating_means_and_why_it_is_provisional(history):
    html = page(history).get(f"/clubs/{history.club.slug}/players/{history.carla.id}/")
    text = html.content.decode()
    assert "Provisional: 8 more series to go before it settles." in text
    assert "more than 99 % sure the player is at least this strong" in text
    assert "± 3 ×" in text
    # Head to head gives each opponent's rating with its ± (RULES D-26).
    head = text[text.index("Series where both sat") :]
    assert "Their rating" in head and head.count("± ") >= 2
    # The chart draws mu with its ± 3σ band.
    assert "<polygon" in text and "with its ± 3σ band" in text


def test_an_admin_chooses_on_the_settings_page_to_list_provisional_ratings_last(history):
    admin = page(history, "admin")
    url = f"/clubs/{history.club.slug}/league/settings/"
    form = admin.get(url).content.decode()
    assert "Provisional ratings" in form and "Listed after the settled ones" in form
    saved = admin.post(url, {"action": "ladder", "min_series": "2", "provisional_last": "last"})
    assert saved.status_code == 302
    league_page = page(history).get(f"/clubs/{history.club.slug}/league/?season=2025")
    assert "Provisional ratings are listed after the settled ones." in league_page.content.decode()
    assert 'value="last" selected' in admin.get(url).content.decode()
