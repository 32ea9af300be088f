"""Headers every answer carries: a strict Content-Security-Policy, a
Permissions-Policy, and no caching of anything a signed-in visitor sees."""

from __future__ import annotations

import pytest
from django.contrib.auth import get_user_model
from django.test import Client

from series.clubs import players as player_services
from series.clubs import services as club_services
from series.sheets import services
from tests.support.factories import entry, start

pytestmark = pytest.mark.django_db


@pytest.fixture
def public_club(db):
    admin = get_user_model().objects.create_user("marta")
    club = club_services.club_create(name="Open table", admin=admin, public=True)
    players = [player_services.player_add(club=club, name=n) for n in ("Anna", "Bruno", "Carla")]
    series = start(club, players).series_id
    services.deal_record(
        series_id=series, entry=entry(players[0], {players[1]: 20, players[2]: 30})
    )
    return club, series, admin


def test_pages_forbid_inline_scripts_and_styles(client):
    policy = client.get("/").headers["Content-Security-Policy"]
    directives = dict(part.strip().split(" ", 1) for part in policy.split(";"))
    assert directives["script-src"] == "'self'"
    assert directives["style-src"] == "'self'"
    assert directives["object-src"] == "'none'"
    assert directives["frame-ancestors"] == "'none'"


def test_every_answer_has_a_permissions_policy(client):
    for url in ("/", "/api/v1/clubs/nothing", "/check/"):
        assert "camera=()" in client.get(url).headers["Permissions-Policy"]


def test_signed_in_pages_are_not_stored_by_any_cache(public_club):
    club, series, admin = public_club
    browser = Client()
    browser.force_login(admin)
    for url in ("/", f"/series/{series}/", f"/clubs/{club.slug}/league/", "/account/devices/"):
        assert browser.get(url).headers["Cache-Control"] == "private, no-store", url


def test_csv_downloads_are_not_stored_even_for_anonymous_visitors(public_club):
    club, series, _admin = public_club
    for url in (f"/series/{series}/sheet.csv", f"/clubs/{club.slug}/league/standings.csv"):
        response = Client().get(url)
        assert response.status_code == 200, url
        assert response.headers["Cache-Control"] == "private, no-store", url


def test_anonymous_public_pages_may_be_cached(public_club):
    club, _series, _admin = public_club
    response = Client().get(f"/clubs/{club.slug}/league/")
    assert "no-store" not in response.headers.get("Cache-Control", "")


def test_the_legend_swatches_are_classes_that_match_the_chart_lines():
    from pathlib import Path

    from series.templatetags.score_sheet import LINE_STYLES, legend_class, legend_css

    css = (Path(__file__).resolve().parents[2] / "static/css/app.css").read_text()
    for index in range(len(LINE_STYLES)):
        assert legend_css(index) in css
    assert legend_class(len(LINE_STYLES) + 1) == "swatch-1"


def test_the_score_sheet_has_no_inline_style(public_club):
    _club, series, _admin = public_club
    html = Client().get(f"/series/{series}/").content.decode()
    assert "style=" not in html and "<style" not in html
    assert 'class="swatch swatch-0"' in html


def test_a_form_the_csrf_check_refuses_is_a_page_within_the_content_security_policy():
    """Django's own CSRF failure page has an inline <style>, which the policy
    blocks: the refusal is the app's page, with its stylesheet, in the visitor's
    language, marked for the phone's outbox (X-CSRF-Failure)."""
    browser = Client(enforce_csrf_checks=True, HTTP_ACCEPT_LANGUAGE="it")
    refused = browser.post("/login/", {"username": "anna", "password": "guess"})
    assert refused.status_code == 403
    assert refused["X-CSRF-Failure"] == "1"
    assert "style-src 'self'" in refused["Content-Security-Policy"]
    html = refused.content.decode()
    assert "style=" not in html and "<style" not in html
    assert "<script>" not in html and "<script type" not in html
    assert "Questo modulo è scaduto" in html
    assert "/static/css/app.css" in html
