"""The league's pages: standings with records, history, a player's record with
a form chart, CSV downloads, and the admins' settings and roster."""

from __future__ import annotations

import re

import pytest

from series.clubs import players as player_services
from series.league import player_record
from series.league import services as league
from series.models import LadderRules, RosterPlayer
from series.sheets import services
from tests.support.factories import start
from tests.support.league import page, play_more
from tests.support.pages import rows_of

pytestmark = pytest.mark.django_db


def test_the_league_page_shows_the_seasons_standings_and_the_club_records(history):
    league.ladder_set(club=history.club, min_series=2)
    response = page(history).get(f"/clubs/{history.club.slug}/league/?season=2025")
    html = response.content.decode()
    assert response.status_code == 200
    ladder = html[html.index('id="ladder"') :]
    first_row = ladder[ladder.index('<th scope="row">') :][:200]
    assert ">Bruno</a>" in first_row  # the best rating: he won the later series
    assert "Lowest series total" in html and "<strong>25</strong>" in html
    assert '<option value="2025" selected>' in html
    assert f'href="/clubs/{history.club.slug}/players/{history.bruno.id}/"' in html


def test_standings_download_as_csv_with_a_header_row(history):
    league.ladder_set(club=history.club, min_series=2)
    response = page(history).get(f"/clubs/{history.club.slug}/league/standings.csv?season=2025")
    assert response["Content-Type"].startswith("text/csv")
    header, *rows = rows_of(response)
    assert header[:3] == ["rank", "player", "name"]
    anna = next(row for row in rows if row[2] == "Anna")
    assert [*anna[4:8], anna[9]] == ["2", "0", "7", "2", "125"]


def test_a_score_sheet_downloads_as_csv_with_every_deal_and_the_totals(history):
    response = page(history).get(f"/series/{history.second}/sheet.csv")
    header, *rows = rows_of(response)
    assert header == [
        "deal",
        "dealer",
        "went out",
        "tiebreak",
        "corrected",
        "void",
        "Anna",
        "Bruno",
        "Carla",
    ]
    assert rows[0] == ["1", "Bruno", "Bruno", "0", "1", "0", "30", "0", "60"]  # corrected
    assert rows[1][5] == "1" and rows[1][6:] == ["", "", ""]  # voided: counts for nothing
    assert rows[-1] == ["total", "", "", "", "", "", "50", "25", "135"]


def test_the_history_lists_every_series_with_links_to_its_sheet_and_audit_trail(history):
    html = page(history).get(f"/clubs/{history.club.slug}/league/history/").content.decode()
    for series in (history.first, history.second, history.abandoned, history.open):
        assert f'href="/series/{series}/"' in html and f'href="/series/{series}/audit/"' in html
    only_dario = (
        page(history)
        .get(f"/clubs/{history.club.slug}/league/history/?player={history.dario.id}")
        .content.decode()
    )
    assert str(history.first) not in only_dario and str(history.open) in only_dario


def test_the_history_names_a_series_rules_in_words(history):
    services.series_abandon(series_id=history.open)  # RULES D-19: its players are free
    start(history.club, [history.anna, history.bruno, history.carla], rules="continental-12")

    html = page(history).get(f"/clubs/{history.club.slug}/league/history/").content.decode()

    assert "(Short deals: 12 cards each)" in html
    assert "continental-12" not in html


def test_a_player_page_draws_the_form_chart_with_a_text_alternative(history):
    html = (
        page(history).get(f"/clubs/{history.club.slug}/players/{history.anna.id}/").content.decode()
    )
    assert '<svg class="chart"' in html and 'role="img"' in html
    assert "<desc" in html and "2 series from 2025-03-07 to 2025-09-12" in html
    assert "The chart&#x27;s values" in html or "The chart's values" in html
    assert "Head to head" in html and "Best:" in html


def test_a_long_history_shows_the_latest_series_and_pages_through_the_rest(history, monkeypatch):
    monkeypatch.setattr(player_record, "FORM_SERIES", 3)
    monkeypatch.setattr(player_record, "SERIES_PER_PAGE", 2)
    play_more(history, 3)  # Anna has played 5 series
    url = f"/clubs/{history.club.slug}/players/{history.anna.id}/"
    html = page(history).get(url).content.decode()
    assert "Form over the latest 3 series" in html
    assert "3 series from" in html  # the chart draws the latest 3 only
    assert "5 finished series, newest first." in html
    assert "Page 1 of 3" in html and 'rel="next"' in html and 'rel="prev"' not in html
    last = page(history).get(url, {"page": 3}).content.decode()
    assert "Page 3 of 3" in last and 'rel="prev"' in last
    oldest = f"/series/{history.first}/"
    assert oldest in every_series(last) and oldest not in every_series(html)


def every_series(html: str) -> str:
    return html[html.index('id="every-series"') :]


def test_a_merged_players_page_leads_to_the_person_they_are(history):
    twin = player_services.guest_add(club=history.club, name="Dario bis")
    player_services.players_merge(club=history.club, source_id=twin.id, target_id=history.dario.id)
    response = page(history).get(f"/clubs/{history.club.slug}/players/{twin.id}/")
    assert response.status_code == 302
    assert response["Location"] == f"/clubs/{history.club.slug}/players/{history.dario.id}/"


@pytest.mark.parametrize(
    ("role", "public", "expected"),
    [(None, False, 302), ("stranger", False, 404), ("member", False, 200), (None, True, 200)],
)
def test_the_league_pages_follow_the_clubs_access_rules(history, role, public, expected):
    history.club.public = public
    history.club.save()
    client = page(history, role)
    slug = history.club.slug
    for path in (
        f"/clubs/{slug}/league/",
        f"/clubs/{slug}/league/history/",
        f"/clubs/{slug}/players/{history.anna.id}/",
        f"/series/{history.first}/sheet.csv",
        f"/clubs/{slug}/league/standings.csv",
    ):
        assert client.get(path).status_code == expected, path


@pytest.mark.parametrize(("role", "expected"), [("member", 403), ("stranger", 404), ("admin", 200)])
def test_only_admins_open_the_ladder_settings_and_the_roster(history, role, expected):
    client = page(history, role)
    for path in ("settings", "roster"):
        assert client.get(f"/clubs/{history.club.slug}/league/{path}/").status_code == expected


def test_an_admin_sets_the_ladder_rules_and_adds_a_season_with_the_forms(history):
    client = page(history, "admin")
    url = f"/clubs/{history.club.slug}/league/settings/"
    saved = client.post(url, {"action": "ladder", "min_series": "2", "best_n": "5"})
    assert saved.status_code == 302
    assert (LadderRules.objects.get(club=history.club).best_n) == 5
    refused = client.post(url, {"action": "ladder", "min_series": "5", "best_n": "2"})
    assert (
        refused.status_code == 422
        and "at least the series to be ranked" in refused.content.decode()
    )
    client.post(
        url,
        {
            "action": "season_add",
            "name": "Spring",
            "first_day": "2025-03-01",
            "last_day": "2025-05-31",
        },
    )
    html = client.get(f"/clubs/{history.club.slug}/league/?season=spring").content.decode()
    assert "Standings Spring" in html


def test_an_admin_chooses_how_the_night_standings_count_and_it_is_kept(history):
    client = page(history, "admin")
    url = f"/clubs/{history.club.slug}/league/settings/"
    ladder = {"action": "ladder", "min_series": "1", "night_count": "average", "night_min": "3"}
    assert client.post(url, ladder).status_code == 302
    html = client.get(url).content.decode()
    assert 'value="average" selected' in html and 'name="night_min" value="3"' in html
    client.post(url, {"action": "ladder", "min_series": "2"})  # the night count not sent
    rules = LadderRules.objects.get(club=history.club)
    assert (rules.min_series, rules.night_count, rules.night_min) == (2, "average", 3)


def test_an_admin_merges_and_undoes_the_merge_with_the_roster_forms(history):
    client = page(history, "admin")
    twin = player_services.guest_add(club=history.club, name="Dario bis")
    url = f"/clubs/{history.club.slug}/league/roster/"
    assert (
        client.post(
            url, {"action": "merge", "player": twin.id, "target": history.dario.id}
        ).status_code
        == 302
    )
    assert RosterPlayer.objects.get(player=twin).person == history.dario
    assert "counts as Dario" in client.get(url).content.decode()
    refused = client.post(
        url, {"action": "merge", "player": history.anna.id, "target": history.bruno.id}
    )
    assert refused.status_code == 422 and "sat at the same table" in refused.content.decode()
    client.post(url, {"action": "unmerge", "player": twin.id})
    assert RosterPlayer.objects.get(player=twin).person == twin
    client.post(url, {"action": "rename", "player": twin.id, "name": "Daria"})
    assert "Daria" in client.get(url).content.decode()


@pytest.mark.parametrize("more", [0, 4])
def test_the_league_pages_cost_the_same_queries_however_many_series(
    history, django_assert_num_queries, more
):
    play_more(history, more)
    client = page(history)
    slug = history.club.slug
    # session, user, club, role; named seasons with the seasons played; ladder rules
    # with whether the league is updating; the season's lines, their placement
    # points, each person's rated series up to the season's end (D-26); the ladder
    # rules and closed nights of the night standings; the records; the nights planned
    with django_assert_num_queries(13):
        client.get(f"/clubs/{slug}/league/?season=2025")
    # session, user, club, role; named seasons with the seasons played; players;
    # count, page, seats
    with django_assert_num_queries(9):
        client.get(f"/clubs/{slug}/league/history/")
    # session, user, player with club, role; named seasons, merged, summaries, season
    # ratings; the game's latest; best and worst; head to head, the opponents'
    # ratings (one game); page; whether the league is updating; their closed
    # nights, their seat tonight
    with django_assert_num_queries(16):
        client.get(f"/clubs/{slug}/players/{history.anna.id}/")


def test_a_name_that_only_looks_like_a_players_is_saved_with_a_warning(history):
    client = page(history, "admin")
    url = f"/clubs/{history.club.slug}/league/roster/"
    cyrillic_anna = "\u0410nna"  # a Cyrillic А
    response = client.post(url, {"action": "add", "names": cyrillic_anna}, follow=True)
    html = response.content.decode()
    assert f"“{cyrillic_anna}” looks like “Anna”, a player of the club already" in html
    assert history.club.players.filter(name=cyrillic_anna).exists()
    plain = client.post(url, {"action": "guest", "name": "Ottavia"}, follow=True)
    assert "looks like" not in plain.content.decode()
    greek_pia = "\u03a1ia"  # a Greek Ρ
    together = client.post(url, {"action": "add", "names": f"Pia\n{greek_pia}"}, follow=True)
    assert f"“{greek_pia}” looks like “Pia”" in together.content.decode()


def test_a_name_with_a_right_to_left_override_is_refused_on_the_roster_page(history):
    client = page(history, "admin")
    url = f"/clubs/{history.club.slug}/league/roster/"
    response = client.post(url, {"action": "add", "names": "Anna\u202eX"})
    assert response.status_code == 422
    assert "U+202E" in response.content.decode()
    assert not history.club.players.filter(name__startswith="Anna\u202e").exists()


def test_a_line_separator_inside_a_name_is_refused_not_read_as_two_players(history):
    client = page(history, "admin")
    url = f"/clubs/{history.club.slug}/league/roster/"
    response = client.post(url, {"action": "add", "names": "Ottavia\u2028Rossi\r\nPia"})
    assert response.status_code == 422
    assert "U+2028" in response.content.decode()
    assert not history.club.players.filter(name__in=["Ottavia", "Rossi", "Pia"]).exists()


@pytest.mark.parametrize(
    ("language", "said", "misread"),
    [
        ("en", "won the series", "deals won"),
        ("it", "ha vinto la partita", "smazzate vinte"),
        ("es", "ganó la partida", "manos ganadas"),
        ("fr", "a gagné la partie", "donnes gagnées"),
        ("nl", "won de partij", "spellen gewonnen"),
    ],
)
def test_a_series_won_is_said_to_be_won_not_its_deals(history, language, said, misread):
    # Bruno won a series: "110 points in 8 deals won" read as eight won deals.
    url = f"/clubs/{history.club.slug}/players/{history.bruno.id}/"
    html = page(history).get(url, HTTP_ACCEPT_LANGUAGE=language).content.decode()
    text = " ".join(re.sub(r"<[^>]+>", " ", html).split())
    assert said in text
    assert misread not in text.replace(said, "")
