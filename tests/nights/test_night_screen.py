"""The big screen across a room, at 1280 × 720 and 1920 × 1080: seventeen players
at three tables (RULES D-15), every name readable at least to its first name,
type that uses the room, and every leader marked, tied ones too (RULES D-17);
axe finds nothing."""

from __future__ import annotations

import re

import pytest

from series.clubs import players as player_services
from series.clubs import services as club_services
from series.nights import selectors as night_selectors
from series.nights import services as nights
from series.sheets import services
from tests.support.browser import AXE, shoot, violations_of
from tests.support.factories import entry

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

WAIT = 5000  # ms, every wait bounded
NAMES = (
    "Alessandra Bianchi",
    "Konstantin Weber",
    "Dorothea Jansen",
    "Bartholomew Hughes",
    "Carla Esposito",
    "Elena Marchetti",
    "Fabio Ricci",
    "Gina Lombardi",
    "Hugo Vermeulen",
    "Ida Ferrari",
    "Jan de Vries",
    "Kim Moreau",
    "Leonardo Gallo",
    "Massimiliano Conti",
    "Nora Greco",
    "Otto Bakker",
    "Pia Romano",
)
BIG_SCREENS = ({"width": 1280, "height": 720}, {"width": 1920, "height": 1080})


@pytest.fixture
def night(transactional_db):
    """Seventeen players at tables of 6, 6 and 5, two deals played at each: at
    every table the first two seated went out once each and stand level."""
    club = club_services.club_create(name="Circolo Tressette", public=True)
    players = [player_services.player_add(club=club, name=name) for name in NAMES]
    night_id = nights.night_open(club=club, date="2026-03-14").night_id
    nights.night_check_in(night_id=night_id, players=[p.id for p in players])
    nights.night_round_draw(night_id=night_id, min_table=5, max_table=6, seed=11)
    nights.night_tables_start(night_id=night_id)
    for table in night_selectors.night_page(night_id).rounds[-1].tables:
        first, second, *rest = [seat.player for seat in table.seats]
        for out, other in ((first, second), (second, first)):
            hands = {other: 20, **{p: 30 + 5 * n for n, p in enumerate(rest)}}
            services.deal_record(series_id=table.series, entry=entry(out, hands))
    return club, night_id


def draw_second_round(night_id) -> None:
    """Round 1's tables abandoned and the round closed: round 2 drawn, its tables
    not started."""
    for table in night_selectors.night_page(night_id).rounds[-1].tables:
        services.series_abandon(series_id=table.series)
    nights.night_round_close(night_id=night_id)
    nights.night_round_draw(night_id=night_id, min_table=5, max_table=6, seed=12)


def open_screen(browsers, live_server, night, size: dict, heading: str):
    """The night's big screen at ``size`` with axe loaded, once ``heading`` shows."""
    club, night_id = night
    screen = browsers("en-GB")
    screen.context.add_init_script(path=AXE)
    screen.set_viewport_size(size)
    screen.goto(f"{live_server.url}/clubs/{club.slug}/nights/{night_id}/screen/")
    screen.get_by_role("heading", name=heading).wait_for(timeout=WAIT)
    return screen


def first_names_cut(tab, selector: str) -> list[str]:
    """The names under ``selector`` whose first word does not fit their box."""
    return tab.evaluate(
        """(selector) => [...document.querySelectorAll(selector)].filter((e) => {
            const probe = document.createElement('span');
            probe.style.font = getComputedStyle(e).font;
            probe.style.whiteSpace = 'nowrap';
            probe.textContent = e.textContent.trim().split(' ')[0];
            document.body.appendChild(probe);
            const cut = probe.getBoundingClientRect().width > e.clientWidth + 0.5;
            probe.remove();
            return cut;
        }).map((e) => e.textContent.trim())""",
        selector,
    )


def smallest_type(tab, selector: str) -> float:
    return tab.evaluate(
        """(selector) => Math.min(...[...document.querySelectorAll(selector)].map(
            (e) => parseFloat(getComputedStyle(e).fontSize)))""",
        selector,
    )


@pytest.mark.parametrize("size", BIG_SCREENS, ids=lambda s: f"{s['width']}x{s['height']}")
def test_the_big_screen_keeps_names_readable_and_fills_the_room(browsers, live_server, night, size):
    screen = open_screen(browsers, live_server, night, size, "Tonight's ranking")
    assert screen.locator(".ranking-lines li").count() == 17
    assert screen.evaluate("document.documentElement.scrollHeight <= window.innerHeight")
    assert first_names_cut(screen, ".ranking-lines .name") == []
    assert first_names_cut(screen, ".screen-table .name") == []
    assert smallest_type(screen, ".screen-table .name, .screen-table .total") >= 24
    assert smallest_type(screen, ".ranking-lines .name, .ranking-lines .total") >= 24
    if size["height"] == 1080:
        # The room's screen: the tables take more than its top quarter, in bigger type.
        assert smallest_type(screen, ".screen-table .name, .screen-table .total") >= 32
        bottom = screen.evaluate(
            "Math.max(...[...document.querySelectorAll('.screen-table')].map("
            "(e) => e.getBoundingClientRect().bottom))"
        )
        assert bottom >= 0.4 * size["height"]
    assert violations_of(screen) == []


def test_the_big_screen_marks_every_leader_tied_ones_too(browsers, live_server, night):
    _club, night_id = night
    screen = open_screen(browsers, live_server, night, BIG_SCREENS[1], "Tonight's ranking")
    # Each table's first two seated stand level: both lead it.
    for number in (1, 2, 3):
        table = screen.locator(".screen-table", has_text=f"Table {number}")
        assert table.locator("li.leader").count() == 2
    # RULES D-17: level on points and on penalty per deal, first place is shared.
    firsts = [line for line in night_selectors.night_ranking(night_id).lines if line.place == 1]
    assert len(firsts) >= 2
    assert screen.locator(".ranking-lines li.leader").count() == len(firsts)


def test_the_next_rounds_seats_show_their_numbers_and_deals_first_in_big_type(
    browsers, live_server, night
):
    _club, night_id = night
    draw_second_round(night_id)
    screen = open_screen(browsers, live_server, night, BIG_SCREENS[1], "Round 2: your seats")
    for table in night_selectors.night_page(night_id).rounds[-1].tables:
        shown = screen.locator(".screen-table", has_text=f"Table {table.number}")
        numbers = shown.locator(".seat").all_inner_texts()
        assert numbers == [str(seat.seat) for seat in table.seats]
    assert smallest_type(screen, ".screen-next .name") >= 24
    assert smallest_type(screen, ".screen-next .deals") >= 20
    assert first_names_cut(screen, ".screen-next .name") == []
    assert violations_of(screen) == []


def test_a_phone_opens_an_earlier_round_by_its_name_and_axe_finds_nothing(
    browsers, live_server, night
):
    club, night_id = night
    draw_second_round(night_id)
    phone = browsers("en-GB")
    phone.context.add_init_script(path=AXE)
    phone.goto(f"{live_server.url}/clubs/{club.slug}/nights/{night_id}/")
    earlier = phone.get_by_role("region", name="Earlier rounds")
    sheet = earlier.get_by_role("link", name="Score sheet of table 2")
    assert not sheet.is_visible()  # collapsed until asked for
    earlier.get_by_text("Round 1").click()
    sheet.wait_for(timeout=WAIT)
    assert phone.evaluate("document.documentElement.scrollWidth") <= 360
    assert violations_of(phone) == []
    sheet.click()
    phone.get_by_role("heading", name="Score sheet").first.wait_for(timeout=WAIT)


def test_the_ranking_says_why_on_a_phone_and_on_the_screen_once_the_night_is_over(
    browsers, live_server, night
):
    """Each line's points round by round, with table and place: on the night's page
    at 360 × 740, and on the big screen once the night is over; axe finds nothing."""
    club, night_id = night
    phone = browsers("en-GB")
    phone.context.add_init_script(path=AXE)
    phone.set_viewport_size({"width": 360, "height": 740})
    phone.goto(f"{live_server.url}/clubs/{club.slug}/nights/{night_id}/")
    ranking = phone.get_by_role("region", name="Tonight's ranking")
    ranking.get_by_role("columnheader", name=re.compile("By round")).wait_for(timeout=WAIT)
    assert re.search(r"R1 T\d \d(st|nd|rd|th) \d", ranking.inner_text())
    assert violations_of(phone) == []
    for table in night_selectors.night_page(night_id).rounds[-1].tables:
        services.series_abandon(series_id=table.series)
    nights.night_close(night_id=night_id)
    screen = open_screen(browsers, live_server, night, BIG_SCREENS[0], "Tonight's ranking")
    assert "R1 T1 not played" in screen.locator(".ranking-lines").inner_text()
    assert smallest_type(screen, ".ranking-lines .by-round") >= 20
    assert violations_of(screen) == []


@pytest.mark.parametrize("size", BIG_SCREENS, ids=lambda s: f"{s['width']}x{s['height']}")
def test_a_closed_nights_ranking_fits_the_screen_with_every_players_rounds(
    browsers, live_server, night, size
):
    """Once the night is over each line gains its rounds: all seventeen still show
    whole on the screen, none cut at its foot."""
    _club, night_id = night
    for table in night_selectors.night_page(night_id).rounds[-1].tables:
        services.series_abandon(series_id=table.series)
    nights.night_close(night_id=night_id)
    screen = open_screen(browsers, live_server, night, size, "Tonight's ranking")
    cut = screen.evaluate(
        """() => {
            const panel = document.querySelector('.screen-ranking').getBoundingClientRect();
            return [...document.querySelectorAll('.ranking-lines li')].filter((line) => {
                const box = line.getBoundingClientRect();
                return box.bottom > Math.min(panel.bottom, innerHeight) + 0.5
                    || box.right > panel.right + 0.5;
            }).map((line) => line.querySelector('.name').textContent);
        }"""
    )
    code = screen.get_by_role("figure").locator("svg")
    drawn = code.evaluate(
        """(svg) => {
            const box = svg.getBoundingClientRect(), view = svg.viewBox.baseVal;
            return {side: box.width, bottom: box.bottom, right: box.right,
                    view: view && view.width};
        }"""
    )
    if size["width"] == 1280:
        shoot(screen, "night-big-screen-final", full_page=False)
    assert len(screen.locator(".ranking-lines li").all()) == len(NAMES)
    assert cut == []
    assert smallest_type(screen, ".ranking-lines .by-round") >= 20
    # The report's QR code is drawn whole (scaled by its viewBox, not cut) and
    # large enough to scan from the room, on the screen.
    assert drawn["view"] and drawn["side"] >= 120
    assert drawn["bottom"] <= size["height"] and drawn["right"] <= size["width"]


def test_a_phone_on_the_screens_link_reads_its_heading_whole_in_italian(
    browsers, live_server, night
):
    """The screen's head on a 360 px phone: the night's line goes under the club's
    name and date when both do not fit side by side ("La serata è finita:
    classifica finale" ran off the right edge)."""
    club, night_id = night
    for table in night_selectors.night_page(night_id).rounds[-1].tables:
        services.series_abandon(series_id=table.series)
    nights.night_close(night_id=night_id)
    phone = browsers("it-IT")
    phone.set_viewport_size({"width": 360, "height": 740})
    phone.goto(f"{live_server.url}/clubs/{club.slug}/nights/{night_id}/screen/")
    phone.get_by_text("La serata è finita: classifica finale").wait_for(timeout=WAIT)
    rights = phone.evaluate(
        "[...document.querySelectorAll('.screen-head > *')].map("
        "(e) => e.getBoundingClientRect().right)"
    )
    assert max(rights) <= 360
