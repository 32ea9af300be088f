"""What the phone at the table showed wrong: the next deal's number after a void,
the seat order and the first dealer of a new series, dates and numbers in the
page's language, and card letters in refusals and hints (RULES D-1)."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest
from django.contrib.auth import get_user_model
from django.utils import timezone, translation

from series.clubs import players as player_services
from series.clubs import services as club_services
from series.league.charts import _number
from series.sheets import services
from tests.support.browser import PASSWORD, sign_in
from tests.support.factories import entry
from tests.support.pages import deal_form, record


@pytest.mark.django_db
def test_after_a_void_the_sheet_and_the_form_name_the_same_next_deal(as_role, table, four):
    anna, bruno, carla, dario = table.players[:4]
    record(four, bruno, {anna: 30, carla: 40, dario: 25})
    services.deal_void(series_id=four, number=1, reason="misdeal")

    sheet = as_role("scorer").get(f"/series/{four}/").content.decode()
    form = as_role("scorer").get(f"/series/{four}/deals/new/").content.decode()

    assert "Deal 2: Anna deals next." in sheet  # a void deal keeps its number
    assert "<h1>Deal 2 <small>Anna deals</small>" in form


@pytest.mark.django_db
def test_english_pages_write_dates_day_first(as_role, table, four):
    # New Year's Eve reads 31/12 day first and 12/31 month first: the order shows.
    anna, bruno, carla, dario = table.players[:4]
    when = datetime(2025, 12, 31, 12, 0, tzinfo=UTC)
    services.deal_record(
        series_id=four, entry=entry(bruno, {anna: 30, carla: 40, dario: 25}), recorded_at=when
    )

    page = as_role("member").get(f"/series/{four}/audit/").content.decode()

    shown = timezone.localtime(when)  # the site's time zone, as the club has none
    assert shown.day == 31
    assert f'class="meta">{shown:%d/%m/%Y %H:%M}' in page


def test_chart_axes_write_numbers_as_the_tables_do():
    with translation.override("it"):
        assert _number(2.5) == "2,5"
    with translation.override("en"):
        assert _number(2.5) == "2.5"


@pytest.mark.django_db
def test_a_refusal_names_the_card_with_the_pages_letters(as_role, table, four):
    anna, bruno, carla, dario = table.players[:4]
    three_queens = "D♠ D♠ D♠ 2♣ 3♣ 4♣ 5♣ 6♣ 7♣ 8♣ 9♣ 10♣ 2♦ 3♦ 4♦"  # one more than the pack
    data = deal_form(1, anna, {bruno: three_queens, carla: 30, dario: 30})

    page = as_role("scorer", "it").post(f"/series/{four}/deals/new/", data).content.decode()

    errors = page[page.index(f"hand-errors-{bruno.id}") :]  # said at Bruno's cards
    assert "3 × D♠" in errors and "Q♠" not in page  # Donna, the Italian queen


@pytest.mark.django_db
@pytest.mark.parametrize(
    ("language", "example"),
    [("en", "K♣ K♦ JK"), ("it", "R♣ R♦ JK"), ("fr", "R♣ R♦ JK"), ("nl", "H♣ H♦ JK")],
)
def test_the_hint_under_the_card_field_uses_the_pages_letters(as_role, four, language, example):
    page = as_role("scorer", language).get(f"/series/{four}/deals/new/").content.decode()
    assert example in page


@pytest.mark.browser
@pytest.mark.django_db(transaction=True)
def test_a_new_series_seats_players_as_moved_and_offers_only_them_as_first_dealer(
    page, live_server
):
    scorer = get_user_model().objects.create_user("marta", password=PASSWORD)
    club = club_services.club_create(name="Circolo Tressette", admin=scorer)
    for name in ("Anna", "Bruno", "Carla", "Dario", "Elena"):
        player_services.player_add(club=club, name=name)
    sign_in(page, live_server, f"/clubs/{club.slug}/series/new/")
    for name in ("Anna", "Bruno", "Carla", "Dario"):
        page.get_by_label(name, exact=True).check()
    page.get_by_role("button", name="Move Dario up").click()
    page.get_by_role("button", name="Move Dario up").click()

    dealer = page.get_by_label("First dealer")
    offered = dealer.locator("option").all_inner_texts()
    assert offered == ["Anna", "Dario", "Bruno", "Carla"]  # Elena is not seated
    dealer.select_option(label="Dario")
    page.get_by_role("button", name="Start the series").click()
    page.wait_for_url("**/series/*/")

    chips = page.get_by_role("list", name="Totals").get_by_role("listitem")
    assert [chips.nth(i).locator(".chip-name").inner_text() for i in range(4)] == [
        "Anna",
        "Dario",
        "Bruno",
        "Carla",
    ]
    assert "Dario deals next" in page.locator(".banner.next").inner_text()
