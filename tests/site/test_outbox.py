"""The outbox in a real browser: a deal is kept on the phone before it is sent and
lands exactly once whatever the network does (requests dropped while the browser
says it is online, a 502 from a proxy, the phone offline), and a second tap
after it landed says it was already recorded."""

from __future__ import annotations

import pytest

from series.models import Event
from series.sheets import selectors, services
from tests.support.browser import PASSWORD, enter_deal, shoot, sign_in
from tests.support.factories import entry

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


# No entry of the outbox is being sent (one may be kept, waiting or gone).
NOT_SENDING = """() => !JSON.parse(localStorage.getItem('scorekeeper.outbox') || '[]')
  .some((entry) => entry.state === 'sending')"""


def deals_in_log(series_id) -> int:
    return Event.objects.filter(stream=series_id, type="DealRecorded").count()


def open_deal_form(page, live_server, series_id) -> None:
    sign_in(page, live_server, f"/series/{series_id}/deals/new/")
    page.wait_for_selector("#deal-form")
    enter_deal(page, "Bruno", {"Anna": 30, "Carla": 40, "Dario": 25})


def status(page):
    return page.locator("#deal-form [data-outbox-status]")


def assert_landed_once_then_second_tap_is_already_recorded(page, series_id) -> None:
    status(page).get_by_text("Sent: recorded on the score sheet.").wait_for()
    assert page.locator("#sheet .total-chip", has_text="Anna").inner_text().split()[1] == "30"
    page.get_by_role("button", name="Record the deal").click()
    status(page).get_by_text("Already recorded").wait_for()
    assert deals_in_log(series_id) == 1
    assert selectors.sheet_version(series_id) == 2
    assert page.evaluate("localStorage.getItem('scorekeeper.outbox')") == "[]"


def test_a_deal_whose_answer_is_lost_while_online_lands_once(
    page_without_worker, live_server, series_id
):
    page = page_without_worker
    page.expected_errors.append("net::ERR_FAILED")
    posts = []

    def lose_the_first_answer(route):
        if route.request.method != "POST":
            return route.continue_()
        posts.append(route.request.post_data)
        if len(posts) > 1:
            return route.continue_()
        route.fetch()  # the server records the deal; the phone never hears back
        return route.abort()

    open_deal_form(page, live_server, series_id)
    page.route("**/deals/new/", lose_the_first_answer)
    page.get_by_role("button", name="Record the deal").click()

    assert_landed_once_then_second_tap_is_already_recorded(page, series_id)
    assert len(posts) == 2 and posts[0] == posts[1]  # the retry carried the same key


def test_a_deal_answered_502_once_is_sent_again_and_lands_once(
    page_without_worker, live_server, series_id
):
    page = page_without_worker
    page.expected_errors.append("status of 502")
    open_deal_form(page, live_server, series_id)
    page.route(
        "**/deals/new/", lambda route: route.fulfill(status=502, body="Bad gateway"), times=1
    )
    page.get_by_role("button", name="Record the deal").click()
    status(page).get_by_text("Waiting").wait_for()
    shoot(page, "outbox-waiting")

    assert_landed_once_then_second_tap_is_already_recorded(page, series_id)
    shoot(page, "outbox-sent")


def test_a_deal_made_offline_waits_on_the_cached_sheet_and_lands_once(page, live_server, series_id):
    page.expected_errors.append("ERR_INTERNET_DISCONNECTED")
    sheet_url = f"{live_server.url}/series/{series_id}/"
    sign_in(page, live_server, f"/series/{series_id}/")
    page.wait_for_function("() => navigator.serviceWorker.ready.then(() => true)")
    page.reload()  # now through the service worker, which keeps a copy of the sheet
    page.wait_for_function("() => navigator.serviceWorker.controller !== null")
    page.get_by_role("link", name="Record a deal").click()
    enter_deal(page, "Bruno", {"Anna": 30, "Carla": 40, "Dario": 25})

    page.context.set_offline(True)
    page.get_by_role("button", name="Record the deal").click()
    status(page).get_by_text("Waiting").wait_for()
    assert deals_in_log(series_id) == 0

    page.goto(sheet_url)  # offline: the cached sheet, with the deal marked as pending
    pending = page.locator("#outbox-pending")
    pending.get_by_text("Deal 1 · waiting to be sent").wait_for()
    saved = page.get_by_role("status").filter(has_text="the copy of the sheet saved on this phone")
    assert saved.is_visible()  # not passed off as the sheet as it stands
    shoot(page, "outbox-pending-offline")

    page.context.set_offline(False)
    page.locator("#outbox-pending").wait_for(state="hidden")
    page.locator("#sheet .total-chip", has_text="Carla").get_by_text("40").wait_for()
    assert deals_in_log(series_id) == 1
    assert page.locator("#saved-copy").is_hidden()  # reloaded from the network
    page.evaluate("window.dispatchEvent(new Event('online'))")  # a second signal sends nothing
    page.goto(sheet_url)
    assert deals_in_log(series_id) == 1


def test_a_void_answered_502_once_goes_through_the_outbox_and_lands_once(
    page_without_worker, live_server, series_id
):
    page = page_without_worker
    page.expected_errors.append("status of 502")
    state = services.series_load(series_id)
    anna, bruno, carla, dario = state.setup.players
    services.deal_record(series_id=series_id, entry=entry(bruno, {anna: 30, carla: 40, dario: 25}))
    sign_in(page, live_server, f"/series/{series_id}/deals/1/void/")
    page.get_by_label("Reason for voiding the deal").fill("misdeal")
    page.route("**/void/", lambda route: route.fulfill(status=502, body="Bad gateway"), times=1)
    button = page.get_by_role("button", name="Void the deal")
    button.click()
    page.get_by_text("Waiting: kept on this phone").wait_for()

    page.get_by_text("Sent: recorded on the score sheet.").wait_for()
    button.click()
    page.get_by_text("Already recorded").wait_for()
    assert Event.objects.filter(stream=series_id, type="DealVoided").count() == 1


def test_a_deal_made_after_the_session_ended_is_kept_and_sent_once_signed_in_again(
    page_without_worker, live_server, series_id
):
    """The answer is the sign-in page: the entry stays on the phone, the scorer is
    told to sign in, and it lands once they have, once.

    The timing that made this fail under load is forced: the outbox sends the
    entry after the sign-in gave the phone a new session and CSRF cookie, with
    the token of a page from before it (here the deal's page, the scorer having
    signed in in another tab, which cannot reach the server). The CSRF check
    refuses that token (403); the entry is never marked refused: it gets a
    fresh token and is sent again, once."""
    page = page_without_worker
    page.expected_errors.append("status of 403")
    open_deal_form(page, live_server, series_id)
    page.context.clear_cookies(name="sessionid")  # the session ended: expired, or signed out
    page.get_by_role("button", name="Record the deal").click()
    status(page).get_by_text("Signed out: kept on this phone").wait_for()
    assert deals_in_log(series_id) == 0
    assert '"state":"signin"' in page.evaluate("localStorage.getItem('scorekeeper.outbox')")

    other = page.context.new_page()
    other.route("**/deals/new/", lambda route: route.abort())  # only the first tab sends
    other.goto(f"{live_server.url}/login/?next=/series/{series_id}/")
    other.get_by_label("User name").fill("marta")
    other.get_by_label("Password").fill(PASSWORD)
    other.get_by_role("button", name="Sign in").click()
    other.wait_for_url(f"**/series/{series_id}/")

    for _ in range(3):  # a try under way began before the sign-in: once more
        page.wait_for_function(NOT_SENDING)
        page.evaluate("window.dispatchEvent(new Event('online'))")
        page.wait_for_function(NOT_SENDING)
        if page.evaluate("localStorage.getItem('scorekeeper.outbox')") == "[]":
            break
    status(page).get_by_text("Sent: recorded on the score sheet.").wait_for()
    assert page.evaluate("localStorage.getItem('scorekeeper.outbox')") == "[]"
    assert deals_in_log(series_id) == 1
    other.close()

    page.goto(f"{live_server.url}/series/{series_id}/")
    page.locator("#sheet .total-chip", has_text="Carla").get_by_text("40").wait_for()
    assert deals_in_log(series_id) == 1


def test_a_deal_refused_because_another_phone_recorded_first_shows_the_deal_it_would_be(
    page,
    live_server,
    series_id,
    club,
):
    """The same hands must not go in again unseen as the next deal: the page now
    names that deal and shows the totals as they stand."""
    _club, players = club
    anna, bruno, carla, dario = players[:4]
    open_deal_form(page, live_server, series_id)  # Bruno out; Anna 30, Carla 40, Dario 25
    services.deal_record(series_id=series_id, entry=entry(bruno, {anna: 30, carla: 40, dario: 25}))

    page.get_by_role("button", name="Record the deal").click()

    status(page).get_by_text("Refused:").wait_for()
    assert page.locator("main h1").inner_text().startswith("Deal 2")
    # Said once, above the button: which deal was recorded, and that this entry is it.
    assert "The score sheet changed" in page.locator("#refusal").inner_text()
    assert page.locator("main").inner_text().count("The score sheet changed") == 1
    moved_on = page.locator("#moved-on").inner_text()
    assert "Deal 1 was just recorded on another phone." in moved_on
    assert "Your entry is the same as deal 1" in moved_on
    assert page.locator(f'.hand[data-player="{anna.id}"]').get_attribute("data-total") == "30"
    assert deals_in_log(series_id) == 1


def test_the_sheet_says_what_the_outbox_did_after_it_opens(page, live_server, series_id, club):
    """The outbox's own request follows the redirect to the sheet; the message it
    carries ("Deal 1 is void.") is left for the sheet the phone then opens."""
    _club, players = club
    anna, bruno, carla, dario = players[:4]
    services.deal_record(series_id=series_id, entry=entry(bruno, {anna: 30, carla: 40, dario: 25}))
    sign_in(page, live_server, f"/series/{series_id}/deals/1/void/")
    page.get_by_label("Reason for voiding the deal").fill("misdeal")
    page.get_by_role("button", name="Void the deal").click()
    page.wait_for_url(f"**/series/{series_id}/")
    page.get_by_role("status").filter(has_text="Deal 1 is void.").wait_for()


# The deal whose answer is lost is the one that moves the series on: it makes a
# tie (a tiebreak deal among the tied, RULES D-8), knocks a Rummy player out
# (RULES §3) or ends the series. The outbox's retry must be answered "already
# recorded", never refused by the form of the deal that comes next, and the phone
# then shows the sheet as it stands.

ON_THE_PHONE = {
    "en": {
        "points": "Points of {name}",
        "record": "Record the deal",
        "sent": "Sent: recorded on the score sheet.",
        "refused": "Refused:",
    },
    "it": {
        "points": "Punti di {name}",
        "record": "Registra la smazzata",
        "sent": "Inviata: registrata sul foglio punti.",
        "refused": "Rifiutata:",
    },
}


def _a_tie(at_club, anna, bruno, carla):
    series_id = services.series_start(
        club=at_club, players=[anna.id, bruno.id, carla.id], first_dealer=anna.id
    ).series_id
    services.deal_record(series_id=series_id, entry=entry(anna, {bruno: 40, carla: 40}))
    services.deal_record(series_id=series_id, entry=entry(bruno, {anna: 40, carla: 30}))
    # Deal 3: Anna and Bruno end level at 60, below Carla: a tiebreak deal among them.
    return series_id, ("Carla", {"Anna": 20, "Bruno": 20}), "#sheet .banner.tiebreak"


def _a_knock_out(at_club, anna, bruno, carla):
    series_id = services.series_start(
        club=at_club,
        players=[anna.id, bruno.id, carla.id],
        first_dealer=anna.id,
        rules="rummy",
        options={"scoring": "elimination", "target": 100},
    ).series_id
    services.deal_record(series_id=series_id, entry=entry(bruno, {anna: 40, carla: 60}))
    # Deal 2: Carla reaches 110, past the cap: she is out, the next deal seats two.
    return series_id, ("Anna", {"Bruno": 30, "Carla": 50}), "#sheet .total-chip.eliminated"


def _the_end(at_club, anna, bruno, carla):
    series_id = services.series_start(
        club=at_club, players=[anna.id, bruno.id, carla.id], first_dealer=anna.id
    ).series_id
    services.deal_record(series_id=series_id, entry=entry(anna, {bruno: 40, carla: 40}))
    services.deal_record(series_id=series_id, entry=entry(bruno, {anna: 40, carla: 30}))
    # Deal 3, the last: Anna 40, Bruno 60, Carla 90; Anna wins.
    return series_id, ("Anna", {"Bruno": 20, "Carla": 20}), "#sheet .banner.winner"


# Each way a deal moves the series on once, one of them in Italian.
@pytest.mark.parametrize(
    ("moves_on", "language"),
    [(_a_tie, "en"), (_a_knock_out, "it"), (_the_end, "en")],
    ids=["tie", "knock-out-it", "series-end"],
)
def test_the_retry_of_a_deal_that_moved_the_series_on_is_answered_already_recorded(
    page_without_worker,
    live_server,
    club,
    moves_on,
    language,
):
    page = page_without_worker
    page.expected_errors.append("net::ERR_FAILED")
    the_club, players = club
    series_id, (went_out, points), sheet_as_it_stands = moves_on(the_club, *players[:3])
    words = ON_THE_PHONE[language]
    page.context.add_cookies(
        [{"name": "django_language", "value": language, "url": live_server.url}]
    )
    sign_in(page, live_server, f"/series/{series_id}/deals/new/")
    page.wait_for_selector("#deal-form")
    page.locator(".tile", has_text=went_out).click()
    for name, value in points.items():
        page.get_by_label(words["points"].format(name=name)).fill(str(value))
    posts = []

    def lose_the_first_answer(route):
        if route.request.method != "POST":
            return route.continue_()
        posts.append(route.request.post_data)
        if len(posts) > 1:
            return route.continue_()
        route.fetch()  # the server records the deal; the phone never hears back
        return route.abort()

    page.route("**/deals/new/", lose_the_first_answer)
    page.get_by_role("button", name=words["record"]).click()

    status(page).get_by_text(words["sent"]).wait_for()
    assert words["refused"] not in status(page).inner_text()
    page.locator(sheet_as_it_stands).wait_for()  # the sheet after the deal, on the phone
    assert len(posts) == 2 and posts[0] == posts[1]  # the retry carried the same key
    assert deals_in_log(series_id) == 3 if moves_on is not _a_knock_out else 2
    assert page.evaluate("localStorage.getItem('scorekeeper.outbox')") == "[]"


def test_a_second_tab_on_the_series_follows_what_the_first_tab_kept(
    page_without_worker, live_server, series_id
):
    """A deal kept in one tab is listed as waiting on the sheet open in a second
    tab of the phone; once the second tab sends it, the first tab says it was
    sent instead of "waiting", and the second tab's sheet shows the deal.

    Every post of the first tab is answered 503 at once, so only the second tab
    can send the deal: no dropped connection, whose timing a wait would depend
    on. The second tab sends on its next load, which the outbox does at once;
    every wait is bounded."""
    page = page_without_worker
    page.expected_errors.append("status of 503")

    def server_away(route):
        if route.request.method == "POST":
            return route.fulfill(status=503, body="Unavailable")
        return route.continue_()

    open_deal_form(page, live_server, series_id)
    page.route("**/deals/new/", server_away)
    page.get_by_role("button", name="Record the deal").click()
    status(page).get_by_text("Waiting").wait_for(timeout=5000)

    other = page.context.new_page()
    other.route("**/deals/new/", server_away)
    other.goto(f"{live_server.url}/series/{series_id}/", timeout=5000)
    other.locator("#outbox-pending").get_by_text("waiting to be sent").wait_for(timeout=5000)
    assert deals_in_log(series_id) == 0

    other.unroute("**/deals/new/", server_away)
    other.reload(timeout=5000)
    status(page).get_by_text("Sent: recorded on the score sheet.").wait_for(timeout=5000)
    other.locator("#sheet .total-chip", has_text="Anna").get_by_text("30").wait_for(timeout=5000)
    assert other.locator("#outbox-pending").is_hidden()
    assert deals_in_log(series_id) == 1
    page.unroute_all(behavior="ignoreErrors")
    other.close()
