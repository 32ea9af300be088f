"""A series started by mistake is abandoned from its sheet; a player already
seated at an open table is not seated at another (RULES D-19); open series
are told apart on the home page by their players and start time."""

from __future__ import annotations

import zoneinfo

import pytest

from series.clubs import services as club_services
from series.models import SeriesSheet
from series.sheets import selectors
from tests.support.pages import new_series_url, seat_data

pytestmark = pytest.mark.django_db


def abandon(as_role, role, series_id, **data):
    body = {"expected_version": 1, "idempotency_key": "a1", **data}
    return as_role(role).post(f"/series/{series_id}/abandon/", body, follow=True)


def test_a_scorer_abandons_a_series_with_a_reason_shown_in_the_audit_trail(as_role, four):
    sheet = as_role("scorer").get(f"/series/{four}/").content.decode()
    assert f'href="/series/{four}/abandon/"' in sheet

    page = abandon(as_role, "scorer", four, reason="Started by mistake", sure="on")

    assert "The series is abandoned." in page.content.decode()
    assert SeriesSheet.objects.get(id=four).status == "abandoned"
    audit = as_role("member").get(f"/series/{four}/audit/").content.decode()
    assert "Series abandoned" in audit and "Started by mistake" in audit
    assert "/abandon/" not in as_role("scorer").get(f"/series/{four}/").content.decode()


def test_abandoning_needs_the_box_ticked_and_a_reason(as_role, four):
    page = abandon(as_role, "scorer", four, reason="Oops").content.decode()
    assert "Tick the box to abandon the series." in page
    page = abandon(as_role, "scorer", four, sure="on").content.decode()
    assert "This field is required." in page
    assert SeriesSheet.objects.get(id=four).status == "in_progress"


def test_an_abandon_reason_that_would_show_reordered_is_refused_on_the_form(as_role, four):
    page = abandon(as_role, "scorer", four, reason="\u202eesim tuo", sure="on").content.decode()
    assert "A reason cannot hold the invisible character U+202E: write it without." in page
    assert SeriesSheet.objects.get(id=four).status == "in_progress"


def test_a_member_may_not_abandon_a_series(as_role, four):
    sheet = as_role("member").get(f"/series/{four}/").content.decode()
    assert "/abandon/" not in sheet
    assert abandon(as_role, "member", four, reason="x", sure="on").status_code == 403
    assert SeriesSheet.objects.get(id=four).status == "in_progress"


def test_a_series_seating_a_player_of_an_open_table_is_refused_with_a_link_to_it(
    as_role, table, four
):
    # RULES D-19: Dario sits at ``four``
    dario, elena, fabio = table.players[3:6]
    data = seat_data([elena, fabio, dario], [1, 2, 3], first_dealer=elena)

    page = as_role("scorer").post(new_series_url(table), data).content.decode()

    assert "Dario is seated at another open series of the club" in page
    assert f'href="/series/{four}/"' in page
    assert "Open that series (Anna, Bruno, Carla, Dario, started" in page
    assert selectors.club_series(club=table.club).count() == 1


def test_the_api_refuses_the_same_with_its_own_code_naming_the_series(as_role, table, four):
    # RULES D-19
    dario, elena, fabio = table.players[3:6]
    body = {
        "club": table.club.slug,
        "players": [elena.id, fabio.id, dario.id],
        "first_dealer": elena.id,
    }
    response = as_role("scorer").post("/api/v1/series", body, content_type="application/json")
    assert response.status_code == 422
    refusal = response.json()
    assert refusal["code"] == "player_seated_elsewhere"
    assert refusal["params"] == {"player": dario.id, "series": str(four)}
    assert refusal["message"].startswith("Dario is seated at another open series")


def test_home_and_the_sheet_name_a_series_by_its_players_and_start_time(as_role, table, four):
    club_services.club_update(club=table.club, time_zone="Europe/Rome")
    started = SeriesSheet.objects.get(id=four).started_at
    local = started.astimezone(zoneinfo.ZoneInfo("Europe/Rome"))  # the club's time
    label = f"Anna, Bruno, Carla, Dario, started {local:%d/%m/%Y %H:%M}"
    assert label in as_role("member").get("/").content.decode()
    assert label in as_role("member").get(f"/series/{four}/").content.decode()
