"""A club night in a real browser: the director at 360 × 740 checks in 17
players and draws tables of 6, 6 and 5 (RULES D-15); three table phones (three
browser contexts, each a scorer seated at their table) find their table from
"Tonight" and record round 1's deals in turns until every table has finished,
the table of 5 through a tiebreak, while the big screen at 1920 × 1080 follows;
it shows every table and the ranking with no scroll bar and type of at least
24 px; round 2 is drawn by the night's standings (its deals fast-forwarded
through the services); the night closes, is reopened (RULES D-22), a deal of
it corrected and closed again, and the season's night standings show it.
``SAVE_SCREENSHOTS=1`` refreshes docs/screenshots/."""

from __future__ import annotations

import pytest
from django.contrib.auth import get_user_model

from series.clubs import membership
from series.clubs import players as player_services
from series.clubs import services as club_services
from series.nights import selectors as night_selectors
from series.sheets import services
from tests.support.browser import PASSWORD, shoot
from tests.support.factories import entry

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

NAMES = (
    "Anna",
    "Bruno",
    "Carla",
    "Dario",
    "Elena",
    "Fabio",
    "Gina",
    "Hugo",
    "Ida",
    "Jan",
    "Kim",
    "Lea",
    "Max",
    "Nora",
    "Otto",
    "Pia",
    "Rita",
)
WAIT = 5000  # ms, every wait bounded


@pytest.fixture
def club(transactional_db):
    director = get_user_model().objects.create_user("marta", password=PASSWORD)
    club = club_services.club_create(name="Circolo Tressette", admin=director, public=True)
    for name in NAMES:
        player_services.player_add(club=club, name=name)
    return club


def sign_in(tab, base: str, username: str = "marta") -> None:
    tab.goto(f"{base}/login/")
    tab.fill("#id_username", username)
    tab.fill("#id_password", PASSWORD)
    tab.click("button[type=submit].primary")
    tab.wait_for_url(f"{base}/", timeout=WAIT)


def play_out(night_id) -> None:
    """Every table of the current round plays to its end through the services."""
    for table in night_selectors.night_page(night_id).rounds[-1].tables:
        seats = [seat.player for seat in table.seats]
        for deal in range(len(seats)):
            out = seats[deal % 2]
            hands = {p: 10 * (i + 2) for i, p in enumerate(seats) if p != out}
            services.deal_record(series_id=table.series, entry=entry(out, hands))


def table_deals(names: list[str]) -> list[tuple[str, dict[str, int]]]:
    """Round 1's deals of a table, as its phone types them: one per player (RULES
    D-4). At the table of 5 the first two seated players end level on 60 and
    play a tiebreak deal (RULES D-8), the first going out; no deal repeats the
    one before it (that would ask "the same again?")."""
    first, second, *rest = names
    if len(names) == 5:
        plan = [(first, 20), (second, 30), (first, 25), (second, 30), (first, 15)]
        deals = []
        for number, (out, points) in enumerate(plan):
            other = second if out == first else first
            deals.append((out, {other: points, **dict.fromkeys(rest, 40 + 5 * number)}))
        return [*deals, (first, {second: 20})]
    return [
        (
            names[deal % 2],
            {n: 20 + 10 * i + deal for i, n in enumerate(names) if n != names[deal % 2]},
        )
        for deal in range(len(names))
    ]


def record_on_the_page(phone, out: str, points: dict[str, int]) -> None:
    sheet = phone.url
    phone.get_by_role("link", name="Record a deal").click()
    phone.wait_for_url("**/deals/new/", timeout=WAIT)  # the sheet has tiles too
    phone.locator(".tile", has_text=out).click()
    for name, value in points.items():
        phone.get_by_label(f"Points of {name}").fill(str(value))
    phone.get_by_role("button", name="Record the deal").click()
    phone.wait_for_url(sheet, timeout=WAIT)


def table_phones(browsers, base, club, night_id) -> dict:
    """A scorer's phone per table, signed in, on its table's score sheet, opened
    from "Tonight" on the home page; each scorer plays at the table."""
    tables = night_selectors.night_page(night_id).rounds[-1].tables
    phones = {}
    for table in tables:
        username = f"table{table.number}"
        user = get_user_model().objects.create_user(username, password=PASSWORD)
        membership.member_set(club=club, user=user, role="scorer")
        player_services.player_link(club=club, player_id=table.seats[0].player, user_id=user.id)
        phone = browsers("en-GB")
        sign_in(phone, base, username)
        tonight = phone.locator(".tonight")
        assert f"Tonight: Table {table.number}, seat 1" in tonight.inner_text()
        tonight.get_by_role("link", name="Score sheet").click()
        phone.get_by_role("link", name="Record a deal").wait_for(timeout=WAIT)
        phones[table.number] = (phone, table_deals([seat.name for seat in table.seats]))
    return phones


def test_a_club_night_from_check_in_to_the_seasons_night_standings(
    browsers,
    live_server,
    club,
):
    base = live_server.url
    director = browsers("en-GB")
    sign_in(director, base)
    director.get_by_role("link", name="Club nights").first.click()
    director.get_by_role("button", name="Open or plan the night").click()
    director.get_by_role("heading", name="Check-in").wait_for(timeout=WAIT)
    for name in NAMES:
        director.get_by_label(name, exact=True).check()
    director.get_by_role("button", name="Check in", exact=True).click()
    director.get_by_text("17 present").wait_for(timeout=WAIT)
    assert director.evaluate("document.documentElement.scrollWidth") <= 360
    shoot(director, "night-check-in")
    director.get_by_label("Smallest table").select_option("5")
    director.get_by_label("Largest table").select_option("6")
    director.get_by_role("button", name="Draw the tables").click()
    director.get_by_text("The tables are drawn.").wait_for(timeout=WAIT)
    tables = director.locator(".night-table")
    assert tables.count() == 3
    sizes = [tables.nth(i).locator(".seats li").count() for i in range(3)]
    assert sorted(sizes) == [5, 6, 6]  # RULES D-15: 17 players → 6, 6, 5
    assert director.evaluate("document.documentElement.scrollWidth") <= 360
    shoot(director, "night-draw")
    director.get_by_role("button", name="Open the tables' score sheets").click()
    director.get_by_text("The tables' score sheets are open").wait_for(timeout=WAIT)
    night_id = director.url.split("#")[0].rstrip("/").split("/")[-1]

    cards = browsers("en-GB")
    cards.goto(f"{base}/clubs/{club.slug}/nights/{night_id}/cards/")
    assert cards.locator(".table-card").count() == 3
    assert cards.locator(".table-card-qr svg").count() == 3
    cards.set_viewport_size({"width": 794, "height": 1123})  # A4 at 96 dpi
    cards.emulate_media(media="print")
    shoot(cards, "night-table-card", full_page=False)

    screen = browsers("en-GB")
    screen.set_viewport_size({"width": 1920, "height": 1080})
    screen.goto(f"{base}/clubs/{club.slug}/nights/{night_id}/screen/")
    screen.get_by_role("heading", name="Tonight's ranking").wait_for(timeout=WAIT)

    phones = table_phones(browsers, base, club, night_id)
    one, two = phones[1][0], phones[2][0]
    # A scorer opening another table's sheet is shown their own, not its "Record a deal".
    one.goto(two.url)
    assert one.get_by_role("link", name="Record a deal").count() == 0
    one.get_by_role("link", name="Score sheet of table 1").click()
    one.get_by_role("link", name="Record a deal").wait_for(timeout=WAIT)
    # The three phones record in turns, each its own table, until every table ends.
    while any(deals for _phone, deals in phones.values()):
        for phone, deals in phones.values():
            if len(deals) == 1 and len(deals[0][1]) == 1:  # the table of 5, level on 60
                first, second = deals[0][0], next(iter(deals[0][1]))
                banner = phone.locator(".banner.tiebreak").inner_text()
                assert f"Tiebreak deal due among: {first}, {second}" in banner
            if deals:
                record_on_the_page(phone, *deals.pop(0))
    for phone, _deals in phones.values():
        assert phone.get_by_role("link", name="Record a deal").count() == 0  # over
    # The big screen followed by itself: every table finished, no reload.
    screen.locator(".screen-table", has_text="finished").nth(2).wait_for(timeout=WAIT)
    assert screen.locator(".screen-table").count() == 3
    assert screen.locator(".ranking-lines li").count() == 17
    assert screen.evaluate("document.documentElement.scrollHeight <= window.innerHeight")
    smallest = screen.evaluate("""() => Math.min(...[...document.querySelectorAll(
        '.screen-table .name, .screen-table .total, .ranking-lines .name')].map(
        (e) => parseFloat(getComputedStyle(e).fontSize)))""")
    assert smallest >= 24
    shoot(screen, "night-big-screen", full_page=False)
    screen.set_viewport_size({"width": 1280, "height": 720})
    assert screen.evaluate("document.documentElement.scrollHeight <= window.innerHeight")

    director.get_by_role("link", name="Close the round").click()
    director.get_by_role("button", name="Close the round").click()
    director.get_by_text("The round is closed.").wait_for(timeout=WAIT)
    director.get_by_label("Seat the players").select_option("standings")
    director.get_by_role("button", name="Draw the tables").click()
    director.get_by_text("The tables are drawn.").wait_for(timeout=WAIT)
    # The big screen follows by itself: round 2's seats in big type, no reload.
    screen.get_by_role("heading", name="Round 2: your seats").wait_for(timeout=WAIT)
    director.get_by_role("button", name="Open the tables' score sheets").click()
    director.get_by_text("The tables' score sheets are open").wait_for(timeout=WAIT)
    play_out(night_id)
    director.get_by_role("link", name="Close the round").click()
    director.get_by_role("button", name="Close the round").click()
    director.get_by_text("The round is closed.").wait_for(timeout=WAIT)
    screen.context.close()  # its polls stop before the test's database goes
    director.get_by_role("link", name="Close the night").click()
    director.get_by_role("button", name="Close the night").click()
    director.get_by_text("The night is closed: its points are recorded.").wait_for(timeout=WAIT)

    # RULES D-22: the closed night holds; its director reopens it, saying why, a
    # table's phone corrects a deal, and the night closes again.
    first_table = night_selectors.night_page(night_id).rounds[0].tables[0]
    second_seated = first_table.seats[1].name
    one.goto(f"{base}/series/{first_table.series}/")
    one.get_by_text("which is closed: its result stands").wait_for(timeout=WAIT)
    assert one.get_by_text("Correct or void a deal").count() == 0
    director.get_by_role("link", name="Reopen the night").click()
    director.get_by_label("Why is the night reopened?").fill("Table 1's deal 1 was misread")
    director.get_by_role("button", name="Reopen the night").click()
    director.get_by_text("The night is reopened").first.wait_for(timeout=WAIT)
    assert director.evaluate("document.documentElement.scrollWidth") <= 360
    one.reload()
    one.get_by_text("Correct or void a deal").click()
    one.get_by_role("link", name="Correct").first.click()
    one.get_by_label(f"Points of {second_seated}").fill("99")
    one.get_by_label("Reason for the correction").fill("Misread")
    one.get_by_role("button", name="Save the correction").click()
    one.get_by_text("Deal 1 was corrected.").wait_for(timeout=WAIT)
    director.get_by_role("link", name="Close the night").click()
    director.get_by_role("button", name="Close the night").click()
    director.get_by_text("The night is closed").wait_for(timeout=WAIT)
    history = director.get_by_role("region", name="Closes and reopenings")
    assert history.get_by_role("listitem").count() == 3
    assert "by marta: Table 1's deal 1 was misread" in history.inner_text()

    director.goto(f"{base}/clubs/{club.slug}/league/")
    standings = director.locator("#night-standings")
    standings.wait_for(timeout=WAIT)
    assert standings.locator("tbody tr").count() == 17
