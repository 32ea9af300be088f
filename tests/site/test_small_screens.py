"""Pages at 360 px in two languages: badges stay inside their tiles, a
Rummy sheet of four fits without sideways scrolling, bullets sit on the
first line of their item, and a new club takes the phone's time zone."""

from __future__ import annotations

import pytest

from series.models import Club
from series.sheets import services
from tests.support.browser import chromium_tab, shoot, sign_in, words
from tests.support.factories import entry

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

SPILLED = """() => Array.from(document.querySelectorAll(".total-chip .badge")).filter((badge) => {
  const chip = badge.closest(".total-chip").getBoundingClientRect();
  const box = badge.getBoundingClientRect();
  return box.right > chip.right + 0.5 || box.left < chip.left - 0.5;
}).map((badge) => badge.textContent)"""


def in_language(page, language: str, shown_in: str = "en") -> None:
    """Choose the language by the switcher's label, in the language the page is
    shown in (it sends itself when changed)."""
    page.get_by_label(words(shown_in)("Language")).select_option(language)
    page.locator(f'html[lang="{language}"]').wait_for()


def played(at_club, players, **rules):
    series_id = services.series_start(
        club=at_club, players=[p.id for p in players], first_dealer=players[0].id, **rules
    ).series_id
    return series_id


@pytest.mark.parametrize("language", ["en", "it"])
def test_the_badges_of_the_totals_stay_inside_their_tiles(page, live_server, club, language):
    the_club, players = club
    anna, bruno, carla, dario = players[:4]
    series_id = played(the_club, [anna, bruno, carla, dario])
    services.deal_record(series_id=series_id, entry=entry(bruno, {anna: 30, carla: 40, dario: 25}))
    sign_in(page, live_server, f"/series/{series_id}/")
    if language != "en":
        in_language(page, language)

    page.locator(".total-chip .badge").first.wait_for()
    assert page.evaluate(SPILLED) == []
    shoot(page, f"small-totals-{language}", full_page=False)


def test_a_rummy_sheet_of_four_fits_the_phone_without_sideways_scrolling(page, live_server, club):
    the_club, players = club
    anna, bruno, carla, dario = players[:4]
    series_id = played(the_club, [anna, bruno, carla, dario], rules="rummy")
    for winner, others in ((anna, (bruno, carla, dario)), (bruno, (anna, carla, dario))):
        hands = dict(zip(others, (35, 42, 7), strict=True))
        services.deal_record(series_id=series_id, entry=entry(winner, hands))
    sign_in(page, live_server, f"/series/{series_id}/")
    in_language(page, "fr")

    box = page.get_by_role("region", name="Feuille de marque", exact=False)
    assert box.evaluate("box => box.scrollWidth <= box.clientWidth + 1")
    assert page.evaluate("document.documentElement.scrollWidth") <= 360
    shoot(page, "small-rummy-sheet-fr")


def test_a_series_in_the_list_has_its_bullet_on_its_first_line(page, live_server, club):
    the_club, players = club
    played(the_club, players[:4])
    sign_in(page, live_server, "/")
    item = page.locator(".series-list li").first
    link = item.get_by_role("link")

    # The bullet sits on the baseline of the item's first line: the link's first
    # line, when the link is laid out as a block, not as one tall inline box.
    assert link.evaluate("link => getComputedStyle(link).display") == "block"
    shoot(page, "small-home-list", full_page=False)


def test_a_new_club_takes_the_time_zone_of_the_phone(live_server, monkeypatch, club):
    with chromium_tab(monkeypatch, timezone_id="America/Montevideo") as tab:
        sign_in(tab, live_server, "/clubs/new/")
        zone = tab.get_by_label("Time zone")
        assert zone.input_value() == "America/Montevideo"
        tab.get_by_label("Club name").fill("Circolo del Giovedì")
        tab.get_by_role("button", name="Create the club").click()
        tab.wait_for_url("**/league/roster/")

    assert Club.objects.get(name="Circolo del Giovedì").time_zone == "America/Montevideo"


# The words of the dealer's badge (and of the deal page's "… deals") that the
# line breaks inside: a word split over two lines has two boxes.
BROKEN_WORDS = """(selector) => Array.from(document.querySelectorAll(selector)).flatMap((tag) => {
  const text = tag.firstChild;
  const broken = [];
  for (const word of text.textContent.matchAll(/\\S+/g)) {
    const range = document.createRange();
    range.setStart(text, word.index);
    range.setEnd(text, word.index + word[0].length);
    const lines = new Set(Array.from(range.getClientRects()).map((box) => Math.round(box.top)));
    if (lines.size > 1) broken.push(word[0]);
  }
  return broken;
})"""


# Badges whose words are wider than the badge's inside (they would cross its border).
CROWDED = """() => Array.from(document.querySelectorAll(".total-chip .badge")).filter((badge) => {
  const style = getComputedStyle(badge);
  const inside = badge.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
  const range = document.createRange();
  range.selectNodeContents(badge);
  return Array.from(range.getClientRects()).some((line) => line.width > inside + 0.5);
}).map((badge) => badge.textContent)"""


def test_the_dealers_badge_breaks_between_words_only_in_every_language(page, live_server, club):
    """One series, one tab: each language chosen in turn on the switcher."""
    the_club, players = club
    anna, bruno, carla, dario = players[:4]
    series_id = played(the_club, [anna, bruno, carla, dario])
    services.deal_record(series_id=series_id, entry=entry(bruno, {anna: 30, carla: 40, dario: 25}))
    sign_in(page, live_server, f"/series/{series_id}/")
    shown_in = "en"
    for language in ("en", "it", "es", "fr", "nl"):
        if language != shown_in:
            page.goto(f"{live_server.url}/series/{series_id}/")
            in_language(page, language, shown_in)
            shown_in = language

        page.locator(".total-chip .badge.deals").wait_for()
        assert page.evaluate(BROKEN_WORDS, ".total-chip .badge") == [], f"in {language}"
        assert page.evaluate(SPILLED) == [], f"in {language}"
        assert page.evaluate(CROWDED) == [], f"in {language}"
        page.goto(f"{live_server.url}/series/{series_id}/deals/new/")
        assert page.evaluate(BROKEN_WORDS, "h1 small") == [], f"in {language}"
