"""A club night's abandoned table on a 360 × 740 phone: the director abandons a
table's series from its score sheet, enters the table's result on the night's
page, and the ranking gives the table's players their points (RULES D-16,
D-18, D-20); axe finds nothing on the page before or after."""

from __future__ import annotations

import pytest
from django.contrib.auth import get_user_model

from series.clubs import players as player_services
from series.clubs import services as club_services
from series.nights import selectors as night_selectors
from series.sheets import services
from tests.support.browser import AXE, PASSWORD, SIX, shoot, sign_in, violations_of
from tests.support.factories import entry
from tests.support.nights import tables_started

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

WAIT = 5000  # ms, every wait bounded


@pytest.fixture
def night(transactional_db):
    """A night of six at two tables of three, their score sheets open; Table 1
    has played a deal (its first seat out, the others 20 and 30)."""
    director = get_user_model().objects.create_user("marta", password=PASSWORD)
    club = club_services.club_create(name="Circolo Tressette", admin=director)
    players = [player_services.player_add(club=club, name=name) for name in SIX]
    night_id = tables_started(club, players, 3)
    first = night_selectors.night_page(night_id).rounds[-1].tables[0]
    out, second, third = (seat.player for seat in first.seats)
    services.deal_record(series_id=first.series, entry=entry(out, {second: 20, third: 30}))
    return club, night_id, [seat.name for seat in first.seats]


def points_of(tab, name: str) -> str:
    """The points cell of ``name``'s line of tonight's ranking."""
    ranking = tab.get_by_role("table", name="Tonight's ranking")
    line = ranking.get_by_role("row").filter(
        has=tab.get_by_role("rowheader", name=name, exact=True)
    )
    return line.get_by_role("cell").nth(1).inner_text().strip()


def test_the_director_abandons_a_table_enters_its_result_and_its_players_score(
    browsers, live_server, night
):
    club, night_id, (first, second, third) = night
    director = browsers("en-GB")
    director.context.add_init_script(path=AXE)
    sign_in(director, live_server, f"/clubs/{club.slug}/nights/{night_id}/")
    director.get_by_role("link", name="Score sheet of table 1").click()
    director.get_by_role("link", name="Abandon this series").click()
    director.get_by_label("Why is the series abandoned?").fill("The hall closes early")
    director.get_by_label("Yes, abandon it: no more deals can be recorded in this series").check()
    director.get_by_role("button", name="Abandon the series").click()
    director.get_by_text("The series is abandoned.").wait_for(timeout=WAIT)

    director.goto(f"{live_server.url}/clubs/{club.slug}/nights/{night_id}/")
    table = director.get_by_role("article", name="Table 1")
    table.get_by_text("abandoned: not played").wait_for(timeout=WAIT)
    assert points_of(director, first) == ""  # RULES D-18: not played, no points yet
    places = table.get_by_role("group", name="Places at Table 1")
    # Prefilled as the totals stood: the player who went out, then 20, then 30.
    assert [places.get_by_label(name).input_value() for name in (first, second, third)] == [
        "1",
        "2",
        "3",
    ]
    assert violations_of(director) == []
    places.get_by_label(second).select_option("1")
    places.get_by_label(first).select_option("2")
    places.get_by_label(third).select_option("2")
    assert director.evaluate("document.documentElement.scrollWidth") <= 360
    shoot(director, "night-table-result")
    table.get_by_role("button", name="Enter the result").click()
    director.get_by_text("The table's result is entered").wait_for(timeout=WAIT)

    table = director.get_by_role("article", name="Table 1")
    table.get_by_text("abandoned: result entered by the director").wait_for(timeout=WAIT)
    # RULES D-16: at a table of 3 the winner scores 10; level 2nd and 3rd share 5 and 0
    assert [points_of(director, name) for name in (second, first, third)] == [
        "10.0",
        "2.5",
        "2.5",
    ]
    assert violations_of(director) == []


def focused_label(tab) -> str:
    """The label of the focused field (without its colon), or the focused button's text."""
    return tab.evaluate(
        "(() => { const e = document.activeElement;"
        " const text = (e.labels && e.labels[0] && e.labels[0].innerText) || e.innerText || '';"
        " return text.trim().replace(/:$/, '');"
        " })()"
    )


def tab_to(tab, label: str, *, most: int = 120) -> None:
    """Press Tab until ``label`` has the focus (at most ``most`` times)."""
    for _ in range(most):
        if focused_label(tab) == label:
            return
        tab.keyboard.press("Tab")
    raise AssertionError(f"Tab never reached {label!r}; it stopped at {focused_label(tab)!r}")


def test_the_director_enters_an_abandoned_tables_result_with_the_keyboard_alone(
    browsers, live_server, night
):
    """The result form is reached and sent by Tab, the places chosen by typing a
    digit on each, as a director without a pointer would (WCAG 2.1.1)."""
    club, night_id, (first, second, third) = night
    table_one = night_selectors.night_page(night_id).rounds[-1].tables[0]
    services.series_abandon(series_id=table_one.series, reason="The hall closes early")
    director = browsers("en-GB")
    sign_in(director, live_server, f"/clubs/{club.slug}/nights/{night_id}/")
    table = director.get_by_role("article", name="Table 1")
    table.get_by_text("abandoned: not played").wait_for(timeout=WAIT)
    for name, place in ((first, "2"), (second, "1"), (third, "3")):
        tab_to(director, name)
        director.keyboard.type(place)
    tab_to(director, "Enter the result")
    director.keyboard.press("Enter")
    director.get_by_text("The table's result is entered").wait_for(timeout=WAIT)
    assert [points_of(director, name) for name in (second, first, third)] == ["10.0", "5.0", "0.0"]
