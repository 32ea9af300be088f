"""Card entry on a phone: cards typed as letters count in the picker as picked
ones do, in every way the server reads them (RULES §1, D-1); the pack's
refusal names whose hands hold the copies; the "Pick" buttons are reached by
Tab; every control's accessible name holds its visible words; the correction
form has the keypad and keeps the winner's groups and discard as recorded."""

from __future__ import annotations

import re

import pytest

from series.sheets import services
from tests.support.browser import AXE, sign_in, violations_of
from tests.support.factories import entry

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

BRUNO = "4C 4c AD AH AS 2C 2D 2H 2S 3C 3D 3H 3S 5D 5H"  # two 4♣, typed as letters
GROUPS = ["KC KD KH", "QC QD QH", "JC JD JH", "9C 9D 9H", "8C 8D 8H"]


def name_holds_visible_words(tab) -> list[str]:
    """axe's check that a control's accessible name holds its visible text
    (WCAG 2.5.3, off by default in axe): its violations on the page."""
    options = {"runOnly": {"type": "rule", "values": ["label-content-name-mismatch"]}}
    results = tab.evaluate("options => axe.run(document, options)", options)
    return [
        f"{node['target']}" for violation in results["violations"] for node in violation["nodes"]
    ]


@pytest.fixture
def three(club):
    the_club, players = club
    return services.series_start(
        club=the_club, players=[p.id for p in players[:3]], first_dealer=players[0].id
    ).series_id


def test_cards_typed_as_letters_are_not_handed_out_again(page, live_server, three):
    page.context.add_init_script(path=AXE)
    sign_in(page, live_server, f"/series/{three}/deals/new/")
    page.get_by_label("Anna", exact=True).check()
    page.get_by_label("Cards of Bruno").fill(BRUNO)

    # The Pick button beside Carla's cards is the next Tab stop.
    page.get_by_label("Cards of Carla").focus()
    page.keyboard.press("Tab")
    focused = page.evaluate("document.activeElement.textContent")
    assert focused.startswith("Pick")
    page.keyboard.press("Enter")
    picker = page.locator("#card-picker")
    ranks_only = picker.get_by_role("button", name="Ranks only")
    if ranks_only.get_attribute("aria-pressed") != "true":
        ranks_only.click()
    picker.get_by_role("button", name="4 (Four)", exact=True).click()
    # Both 4♣ are in Bruno's hand: Ranks only gives the next suit the pack holds.
    assert page.get_by_role("textbox", name="Cards of Carla").input_value() == "4♦"
    ranks_only.click()  # back to suits
    picker.get_by_role("button", name="4 (Four)", exact=True).click()
    assert picker.get_by_role("button", name="4♣ (Four of clubs)").is_disabled()
    assert name_holds_visible_words(page) == []
    picker.get_by_role("button", name="Done").click()
    assert name_holds_visible_words(page) == []
    assert violations_of(page) == []


def test_the_pack_refusal_names_whose_hands_hold_the_copies(page, live_server, three):
    sign_in(page, live_server, f"/series/{three}/deals/new/")
    page.get_by_label("Anna", exact=True).check()
    page.get_by_label("Cards of Bruno").fill(BRUNO)
    page.get_by_label("Cards of Carla").fill("4♣ 6C 6D 6H 6S 7C 7D 7H 7S 8S 9S 10C 10D 10H 10S")
    page.get_by_role("button", name="Record the deal").click()

    refusal = page.get_by_role("alert").filter(has_text="4♣")
    refusal.first.wait_for()
    assert "the hands of Bruno ×2, Carla hold 3 × 4♣ together" in refusal.first.inner_text()


def test_the_correction_form_has_the_keypad_and_the_groups_as_recorded(
    page, live_server, club, three
):
    _club, (anna, bruno, carla, *_) = club
    services.deal_record(
        series_id=three,
        entry=entry(anna, {bruno: 40, carla: 35}, groups=GROUPS, discard="7S"),
    )
    page.context.add_init_script(path=AXE)
    sign_in(page, live_server, f"/series/{three}/deals/1/correct/")
    page.wait_for_url(re.compile("/correct/$"))

    groups = page.get_by_label("Groups, one per line")
    assert groups.input_value() == "K♣ K♦ K♥\nQ♣ Q♦ Q♥\nJ♣ J♦ J♥\n9♣ 9♦ 9♥\n8♣ 8♦ 8♥"
    assert page.get_by_label("Discard", exact=True).input_value() == "7♠"
    page.get_by_label("Points of Bruno").click()
    keypad = page.get_by_role("group", name="Points keypad")
    keypad.wait_for()
    assert page.get_by_label("Points of Bruno").input_value() == "40"
    keypad.get_by_role("button", name="5", exact=True).click()
    # The recorded 40 is replaced by the first digit, never made 405.
    assert page.get_by_label("Points of Bruno").input_value() == "5"
    keypad.get_by_role("button", name="0", exact=True).click()
    assert page.get_by_label("Points of Bruno").input_value() == "50"
    assert groups.input_value().startswith("K♣ K♦ K♥")
    assert name_holds_visible_words(page) == []
    assert violations_of(page) == []
