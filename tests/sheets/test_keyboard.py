"""A deal recorded by keyboard alone, with the focused field always in sight
above the keypad and a focus outline that stands out from what is behind it."""

from __future__ import annotations

import pytest

from tests.support.browser import POINTS, shoot, sign_in

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

# The focused element's outline against the colour behind it (WCAG 1.4.11: 3:1).
OUTLINE_CONTRAST = """() => {
  const rgb = (text) => (text.match(/[\\d.]+/g) || []).map(Number);
  const luminance = ([r, g, b]) => [r, g, b].map((c) => c / 255)
    .map((c) => (c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4))
    .reduce((sum, c, i) => sum + c * [0.2126, 0.7152, 0.0722][i], 0);
  let behind = document.activeElement.parentElement;
  while (behind && (rgb(getComputedStyle(behind).backgroundColor)[3] === 0
                    || getComputedStyle(behind).backgroundColor === "rgba(0, 0, 0, 0)")) {
    behind = behind.parentElement;
  }
  const outline = luminance(rgb(getComputedStyle(document.activeElement).outlineColor));
  const paper = behind ? getComputedStyle(behind).backgroundColor : "rgb(255, 255, 255)";
  const back = luminance(rgb(paper));
  return (Math.max(outline, back) + 0.05) / (Math.min(outline, back) + 0.05);
}"""


def focused_name(page) -> str:
    return page.evaluate("document.activeElement.name || document.activeElement.textContent")


def assert_focus_in_sight(page) -> None:
    """The focused field is on the screen and not under the sticky keypad."""
    field = page.evaluate(
        "(() => { const r = document.activeElement.getBoundingClientRect();"
        " return [r.top, r.bottom]; })()"
    )
    keypad = page.locator("#keypad")
    top = keypad.bounding_box()["y"] if keypad.is_visible() else page.viewport_size["height"]
    assert field[0] >= 0 and field[1] <= top


@pytest.mark.parametrize("screen", [(360, 740), (1280, 800)], ids=["phone", "laptop"])
def test_a_deal_is_recorded_with_tab_enter_and_digits_alone(page, live_server, six, screen):
    page.set_viewport_size({"width": screen[0], "height": screen[1]})
    sign_in(page, live_server, f"/series/{six}/deals/new/")
    page.wait_for_url(f"**/series/{six}/deals/new/")
    for _ in range(40):  # Tab through the header to "Who went out?"
        page.keyboard.press("Tab")
        if focused_name(page) == "went_out":
            break
    assert focused_name(page) == "went_out"
    assert page.evaluate(OUTLINE_CONTRAST) >= 3

    page.keyboard.press("Enter")  # Anna went out: the cursor goes to Bruno's points

    for name, points in POINTS.items():
        assert page.locator(".hand.active .hand-name").inner_text().startswith(name)
        assert_focus_in_sight(page)
        assert page.evaluate(OUTLINE_CONTRAST) >= 3
        page.keyboard.type(points)
        # Enter after each player's points: 17 could still grow and moves on by
        # Enter; 35 moved on by itself, and Enter then only confirms it.
        page.keyboard.press("Enter")
    if screen[0] == 360:
        shoot(page, "a11y-keyboard-deal", full_page=False)
    assert page.evaluate("document.activeElement.textContent").strip() == "Record the deal"
    page.keyboard.press("Enter")
    page.wait_for_url(f"**/series/{six}/")

    chips = page.locator(".total-chip")
    assert [chips.nth(i).locator(".chip-total").inner_text() for i in range(6)] == [
        "0",
        "35",
        "48",
        "17",
        "60",
        "105",
    ]


def test_the_card_picker_moves_by_arrow_keys_within_ranks_and_suits(page, live_server, six):
    sign_in(page, live_server, f"/series/{six}/deals/new/")
    page.locator("details.going-out summary").click()
    page.locator("[data-pick-groups]").focus()
    page.keyboard.press("Enter")
    picker = page.get_by_role("dialog")
    picker.get_by_role("button", name="Ace").focus()
    for _ in range(12):  # Ace to King along the ranks
        page.keyboard.press("ArrowRight")
    assert focused_name(page).startswith("K")
    page.keyboard.press("Enter")  # the King's suits take the focus
    page.keyboard.press("ArrowRight")
    page.keyboard.press("Enter")
    page.keyboard.press("ArrowRight")
    page.keyboard.press("Enter")
    assert "K♦ K♥" in picker.locator("[data-picker-list]").inner_text()
    shoot(page, "a11y-picker-keyboard", full_page=False)
    page.keyboard.press("Shift+Tab")  # one Tab back to the ranks
    assert focused_name(page).startswith("K")


def test_arrows_in_who_went_out_move_within_the_group_and_space_moves_on(page, live_server, six):
    sign_in(page, live_server, f"/series/{six}/deals/new/")
    went_out = page.get_by_role("group", name="Who went out?")
    went_out.get_by_role("radio", name="Anna").focus()
    page.keyboard.press("ArrowDown")  # Bruno marked; the focus stays in the group
    assert went_out.get_by_role("radio", name="Bruno").is_checked()
    assert focused_name(page) == "went_out"
    page.keyboard.press("ArrowRight")  # further arrows go on moving
    assert went_out.get_by_role("radio", name="Carla").is_checked()
    assert focused_name(page) == "went_out"
    page.keyboard.press("ArrowUp")
    assert went_out.get_by_role("radio", name="Bruno").is_checked()
    assert focused_name(page) == "went_out"

    page.keyboard.press(" ")  # Space chooses Bruno: the cursor goes to Anna's points
    assert focused_name(page) == "points_" + page.locator(".hand", has_text="Anna").get_attribute(
        "data-player"
    )
    assert page.locator(".hand.active .hand-name").inner_text().startswith("Anna")
