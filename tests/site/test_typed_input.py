"""What a page's form takes is what the API takes: numbers in ASCII digits, days
as YYYY-MM-DD, text that is UTF-8 without control characters; anything else is
refused beside its field and nothing is written (series.domain.text)."""

from __future__ import annotations

import pytest

from series.models import DealScore, Event, Night, Player
from tests.support.api import client_for
from tests.support.pages import deal_form

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize("points", ["٤٥", "４５"])
def test_points_in_digits_other_than_ascii_are_refused_beside_the_field(
    as_role, table, four, points
):
    anna, bruno, carla, dario = table.players[:4]
    data = deal_form(1, bruno, {anna: 30, carla: 20, dario: 25}) | {f"points_{anna.id}": points}
    sent = as_role("scorer").post(f"/series/{four}/deals/new/", data)
    assert sent.status_code == 200  # the page again, the entry kept
    assert "Write a whole number with the digits 0 to 9." in str(
        sent.context["form"].errors[f"points_{anna.id}"]
    )
    assert not DealScore.objects.filter(series_id=four).exists()


def test_a_version_in_arabic_indic_digits_is_refused_not_read_as_1(as_role, table, four):
    anna, bruno, carla, dario = table.players[:4]
    data = deal_form(1, bruno, {anna: 30, carla: 20, dario: 25}) | {"expected_version": "١"}
    sent = as_role("scorer").post(f"/series/{four}/deals/new/", data)
    assert sent.context["form"].errors["expected_version"]
    assert not DealScore.objects.filter(series_id=four).exists()


def test_a_guest_name_that_is_not_utf8_is_refused_naming_the_field(as_role, table):
    url = f"/clubs/{table.club.slug}/league/roster/"
    sent = as_role("admin").post(
        url, "action=guest&name=Vera%FF%FE", content_type="application/x-www-form-urlencoded"
    )
    assert sent.status_code == 422
    assert "This text is not valid UTF-8" in str(sent.context["forms"]["guest"].errors["name"])
    assert not Player.objects.filter(name__startswith="Vera").exists()


@pytest.mark.parametrize("day", ["2026-1-1", "٢٠٢٦-٠١-٠١", "２０２６-０１-０１", "03/14/2026"])
def test_a_nights_date_is_read_only_as_yyyy_mm_dd(as_role, table, day):
    sent = as_role("scorer").post(
        f"/clubs/{table.club.slug}/nights/", {"date": day, "scoring": "placement"}
    )
    assert sent.status_code == 422
    assert not Night.objects.exists()
    assert not Event.objects.filter(type="NightOpened").exists()


@pytest.mark.parametrize("day", ["0226-03-14", "9999-12-31"])
def test_a_nights_date_outside_the_seasons_days_is_refused_on_the_page_and_in_the_api(
    as_role, table, day
):
    """0226-03-14 for 2026 opened a night whose points counted in a season that no
    page or API shows (a season's key is a year from 1000 to 2999, its days from
    1900 to 2999)."""
    sent = as_role("scorer").post(
        f"/clubs/{table.club.slug}/nights/", {"date": day, "scoring": "placement"}
    )
    assert sent.status_code == 422
    assert "A night&#x27;s date lies between 1900-01-01 and 2999-12-31." in sent.content.decode()
    api = client_for(table.users["scorer"]).post(
        f"/api/v1/clubs/{table.club.slug}/nights", {"date": day}, format="json"
    )
    assert api.status_code == 422
    assert (api.json()["code"], api.json()["field"]) == ("night_date_out_of_range", "date")
    assert not Night.objects.exists()


def test_a_nights_date_as_yyyy_mm_dd_opens_it(as_role, table):
    sent = as_role("scorer").post(
        f"/clubs/{table.club.slug}/nights/", {"date": "2026-01-01", "scoring": "placement"}
    )
    assert sent.status_code == 302
    assert str(Night.objects.get().date) == "2026-01-01"


def test_points_of_a_points_table_in_other_digits_are_refused(as_role, table):
    rows = (
        "3: ٦ 3 0\n4: 7 4 2 0\n5: 8 5 3 1 0\n6: 9 6 4 2 1 0\n7: 10 7 5 3 2 1 0\n8: 11 8 6 4 3 2 1 0"
    )
    sent = as_role("scorer").post(
        f"/clubs/{table.club.slug}/nights/", {"scoring": "points_table", "points_table": rows}
    )
    assert sent.status_code == 422
    assert not Night.objects.exists()
