"""The big screen at 1280 × 720 (and 1920 × 1080) as a room read it: a
tiebreak says who plays it, a table with a director's result shows the places
entered (RULES D-18, D-20), a table's name stays on one line, the headers fit in
Spanish and Dutch, nobody leads before the first deal, every name is read
whole, the next round's seats stay on their lines, and a private
screen whose link was replaced says so."""

from __future__ import annotations

import pytest

from series.clubs import players as player_services
from series.clubs import services as club_services
from series.nights import screen_links
from series.nights import selectors as night_selectors
from series.nights import services as nights
from series.sheets import services
from tests.support.browser import AXE, shoot, violations_of
from tests.support.factories import entry

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

WAIT = 5000  # ms, every wait bounded
NAMES = (
    "Anneke de Jong",
    "Femke Visser",
    "Giuseppe Esposito",
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
    "Massimiliano Conti",
)
HD = {"width": 1280, "height": 720}
FULL_HD = {"width": 1920, "height": 1080}


def opened(public: bool = True):
    club = club_services.club_create(name="Circolo Tressette", public=public)
    players = [player_services.player_add(club=club, name=name) for name in NAMES]
    night_id = nights.night_open(club=club, date="2026-03-14").night_id
    nights.night_check_in(night_id=night_id, players=[p.id for p in players])
    nights.night_round_draw(night_id=night_id, min_table=5, max_table=5, seed=11)
    return club, night_id


def tables_of(night_id):
    return night_selectors.night_page(night_id).rounds[-1].tables


@pytest.fixture
def night(transactional_db):
    """Three tables of five: Table 1 owes a tiebreak between its first two seated,
    Table 2 was abandoned after a deal and the director placed it the other way
    round, Table 3 played one deal."""
    club, night_id = opened()
    nights.night_tables_start(night_id=night_id)
    one, two, three = tables_of(night_id)
    first, second, *rest = one.players
    for out, other in ((first, second), (second, first), (first, second), (second, first)):
        hands = {other: 25, **{p: 40 + 5 * n for n, p in enumerate(rest)}}
        services.deal_record(series_id=one.series, entry=entry(out, hands))
    hands = {first: 25, second: 25, **{p: 40 for p in rest[1:]}}
    services.deal_record(series_id=one.series, entry=entry(rest[0], hands))
    out, *others = two.players
    hands = {p: 20 + 10 * n for n, p in enumerate(others)}
    services.deal_record(series_id=two.series, entry=entry(out, hands))
    services.series_abandon(series_id=two.series)
    nights.night_table_result(night_id=night_id, table=2, order=[[p] for p in two.players[::-1]])
    out, *others = three.players
    services.deal_record(series_id=three.series, entry=entry(out, {p: 25 for p in others}))
    return club, night_id


def open_screen(browsers, live_server, club, night_id, size=HD, language="en-GB", key=None):
    screen = browsers(language)
    screen.context.add_init_script(path=AXE)
    screen.set_viewport_size(size)
    query = f"?key={key}" if key else ""
    screen.goto(f"{live_server.url}/clubs/{club.slug}/nights/{night_id}/screen/{query}")
    screen.locator("#screen-body").wait_for(timeout=WAIT)
    return screen


def names_of(night_id, players) -> list[str]:
    names = dict((p.id, p.name) for p in player_services.Player.objects.filter(id__in=players))
    return [names[p] for p in players]


def test_a_tiebreak_says_who_plays_it(browsers, live_server, night):
    club, night_id = night
    first, second = names_of(night_id, tables_of(night_id)[0].players[:2])
    screen = open_screen(browsers, live_server, club, night_id)
    table = screen.locator(".screen-table", has_text="Table 1")
    assert f"Tiebreak: {first} and {second}" in table.inner_text()
    assert "deal 6 of 5" not in table.inner_text()
    assert violations_of(screen) == []


def test_a_table_with_a_directors_result_shows_the_places_entered(browsers, live_server, night):
    """RULES D-18: the director's result places the table; its totals do not."""
    club, night_id = night
    players = tables_of(night_id)[1].players[::-1]  # placed the other way round
    screen = open_screen(browsers, live_server, club, night_id)
    table = screen.locator(".screen-table", has_text="Table 2")
    lines = table.locator("li").all_inner_texts()
    expected = [f"{name} place {n}" for n, name in enumerate(names_of(night_id, players), 1)]
    assert [" ".join(line.replace("★", "").split()) for line in lines] == expected


def single_lines(tab, selector: str, first_words: bool = False) -> list[str]:
    """The texts under ``selector`` (or their first words) that take more than one line."""
    return tab.evaluate(
        """([selector, first]) => [...document.querySelectorAll(selector)].filter((e) => {
            const range = document.createRange();
            range.selectNodeContents(first ? e.firstChild : e);
            const tops = new Set([...range.getClientRects()].map((r) => Math.round(r.top)));
            return tops.size > 1;
        }).map((e) => e.textContent.trim())""",
        [selector, first_words],
    )


def test_the_headers_and_the_tables_names_keep_to_one_line_in_every_language(
    browsers, live_server, night
):
    """One night; a screen of its own (a fresh context, its locale) for each language."""
    club, night_id = night
    headers = ".screen-head h1, .screen-head p, .screen-ranking h2, .provisional"
    for language in ("en-GB", "es", "nl", "fr", "it"):
        screen = open_screen(browsers, live_server, club, night_id, language=language)
        assert single_lines(screen, headers) == [], f"in {language}"
        # "Table 2"
        assert single_lines(screen, ".screen-table h3", first_words=True) == [], f"in {language}"
        fits = screen.evaluate("document.documentElement.scrollHeight <= window.innerHeight")
        assert fits, f"in {language}: the screen scrolls"
        screen.context.close()


def test_nobody_leads_before_the_first_deal(browsers, live_server, transactional_db):
    club, night_id = opened()
    nights.night_tables_start(night_id=night_id)
    screen = open_screen(browsers, live_server, club, night_id)
    assert screen.locator(".ranking-lines li").count() == len(NAMES)
    assert screen.locator(".leader").count() == 0
    assert "leads" not in screen.locator("#screen-body").inner_text()


@pytest.mark.parametrize("size", [HD, FULL_HD], ids=["1280x720", "1920x1080"])
def test_every_name_is_read_whole(browsers, live_server, night, size):
    """A name longer than its column takes a second line: none is cut beside room."""
    club, night_id = night
    screen = open_screen(browsers, live_server, club, night_id, size=size)
    shoot(screen, f"night-big-screen-{size['width']}", full_page=False)
    cut = screen.evaluate(
        """() => [...document.querySelectorAll('.name')].filter((name) =>
            name.scrollWidth > name.clientWidth + 1 || name.scrollHeight > name.clientHeight + 1
        ).map((name) => name.textContent.trim())"""
    )
    assert cut == []
    assert screen.evaluate("document.documentElement.scrollHeight <= window.innerHeight")


def test_the_next_rounds_seats_stay_on_their_lines_at_1280(browsers, live_server, night):
    club, night_id = night
    for table in tables_of(night_id):
        if table.status == "playing":
            services.series_abandon(series_id=table.series)
    nights.night_round_close(night_id=night_id)
    nights.night_round_draw(night_id=night_id, min_table=5, max_table=5, seed=12)
    screen = open_screen(browsers, live_server, club, night_id)
    screen.get_by_role("heading", name="Round 2: your seats").wait_for(timeout=WAIT)
    broken = screen.evaluate(
        """() => [...document.querySelectorAll('.screen-next li')].filter((li) => {
            const seat = li.querySelector('.seat').getBoundingClientRect();
            const name = li.querySelector('.name').getBoundingClientRect();
            return Math.abs(seat.top - name.top) > 4;
        }).map((li) => li.textContent.trim())"""
    )
    assert broken == []
    assert screen.evaluate("document.documentElement.scrollHeight <= window.innerHeight")
    assert violations_of(screen) == []


def test_a_screen_whose_link_was_replaced_says_so(browsers, live_server, transactional_db):
    club, night_id = opened(public=False)
    old = screen_links.screen_link_token(night_id)
    screen = open_screen(browsers, live_server, club, night_id, key=old)
    assert screen.locator(".screen-table").count() == 3
    screen_links.screen_link_revoke(night_id=night_id, user=None)
    browsers.expected.append("status of 410")
    screen.get_by_text("This screen's link was replaced").wait_for(timeout=WAIT)
    assert "the night's director has the new one" in screen.locator("body").inner_text()
    assert screen.get_by_label("Password").count() == 0
    screen.reload()
    screen.get_by_text("This screen's link was replaced").wait_for(timeout=WAIT)
