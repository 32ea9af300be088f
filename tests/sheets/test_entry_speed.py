"""How many taps and key presses a 6-player deal takes, in points mode (the
keypad) and in card mode (the rank-first picker); the README quotes the
figures this prints. The deal must land on the sheet with the scores typed."""

from __future__ import annotations

import random

import pytest

from tests.support.browser import POINTS, SIX, rank_button, shoot, sign_in, tap_card

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


class Taps:
    def __init__(self) -> None:
        self.count = 0

    def tap(self, locator) -> None:
        locator.click()
        self.count += 1


def report(capsys, mode: str, taps: int) -> None:
    with capsys.disabled():
        print(f"\n6-player deal, {mode}: {taps} taps")


def test_points_mode_takes_one_tap_a_player_plus_the_digits_plus_two(
    page, live_server, six, capsys
):
    sign_in(page, live_server, f"/series/{six}/deals/new/")
    keypad = page.get_by_role("group", name="Points keypad")
    taps = Taps()

    taps.tap(page.locator(".tile", has_text="Anna"))
    for name, points in POINTS.items():
        assert page.locator(".hand.active .hand-name").inner_text().startswith(name)
        for digit in points:
            taps.tap(keypad.get_by_role("button", name=digit, exact=True))
        active = page.locator(".hand.active")
        if active.count() and name in active.inner_text():
            shoot(page, "keypad", full_page=False)
            taps.tap(keypad.get_by_role("button", name="Next"))  # 17 could still grow
    after = page.locator(".hand", has_text="Fabio").locator("[data-after]")
    assert after.inner_text() == "total 105"
    taps.tap(page.get_by_role("button", name="Record the deal"))
    page.wait_for_url(f"**/series/{six}/")

    digits = sum(len(points) for points in POINTS.values())
    report(capsys, f"points mode ({digits} digits)", taps.count)
    assert taps.count <= len(SIX) + digits + 2
    chips = page.locator(".total-chip")
    assert [chips.nth(i).locator(".chip-total").inner_text() for i in range(6)] == [
        "0",
        "35",
        "48",
        "17",
        "60",
        "105",
    ]


def test_next_after_points_that_moved_on_by_themselves_never_skips_a_player(
    page, live_server, six, capsys
):
    sign_in(page, live_server, f"/series/{six}/deals/new/")
    keypad = page.get_by_role("group", name="Points keypad")
    taps = Taps()

    taps.tap(page.locator(".tile", has_text="Anna"))
    for name, points in POINTS.items():
        assert page.locator(".hand.active .hand-name").inner_text().startswith(name)
        for digit in points:
            taps.tap(keypad.get_by_role("button", name=digit, exact=True))
        # "Next" after every player's points: 35 already moved on (no third
        # digit fits under 225), and "Next" then stays on Carla.
        if keypad.is_visible():
            taps.tap(keypad.get_by_role("button", name="Next"))
    taps.tap(page.get_by_role("button", name="Record the deal"))
    page.wait_for_url(f"**/series/{six}/")

    report(capsys, "points mode, Next after every player", taps.count)
    chips = page.locator(".total-chip")
    assert [chips.nth(i).locator(".chip-total").inner_text() for i in range(6)] == [
        "0",
        "35",
        "48",
        "17",
        "60",
        "105",
    ]


def hands_for_five(seed: int = 12) -> list[list[str]]:
    """Five 15-card hands from a shuffled double deck, each sorted by rank as a
    player fans them."""
    ranks = ["A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"]
    deck = [rank + suit for rank in ranks for suit in "♣♦♥♠"] * 2
    random.Random(seed).shuffle(deck)
    return [
        sorted(deck[i * 15 : i * 15 + 15], key=lambda c: (ranks.index(c[:-1]), c[-1]))
        for i in range(5)
    ]


def test_card_mode_counts_the_taps_of_five_hands_of_fifteen_cards(page, live_server, six, capsys):
    sign_in(page, live_server, f"/series/{six}/deals/new/")
    taps = Taps()
    taps.tap(page.locator(".tile", has_text="Anna"))
    for name, hand in zip(SIX[1:], hands_for_five(), strict=True):
        taps.tap(page.locator(".hand", has_text=name).get_by_role("button", name="Pick"))
        taps.count += sum(tap_card(page, card) for card in hand)
        assert page.locator("[data-picker-count]").inner_text().startswith("15 cards · ")
        if name == "Fabio":
            shoot(page, "card-picker", full_page=False)
        taps.tap(page.locator("#card-picker").get_by_role("button", name="Done"))
        summary = page.locator(".hand", has_text=name).locator(".hand-summary").inner_text()
        assert summary.startswith("15 cards · ")
    taps.tap(page.get_by_role("button", name="Record the deal"))
    page.wait_for_url(f"**/series/{six}/")

    report(capsys, "card mode (75 cards)", taps.count)
    assert page.locator(".total-chip", has_text="Anna").locator(".chip-total").inner_text() == "0"


def penalty(hand: list[str]) -> int:
    """RULES §1: A = 1, 2-9 face value, 10 J Q K = 10."""
    return sum(
        1 if c[:-1] == "A" else 10 if c[:-1] in ("10", "J", "Q", "K") else int(c[:-1]) for c in hand
    )


def test_ranks_only_takes_one_tap_a_card_and_moves_from_hand_to_hand(
    page, live_server, six, capsys
):
    sign_in(page, live_server, f"/series/{six}/deals/new/")
    picker = page.locator("#card-picker")
    hands = hands_for_five()
    taps = Taps()
    taps.tap(page.locator(".tile", has_text="Anna"))
    assert page.get_by_role("group", name="Points keypad").is_visible()
    taps.tap(page.locator(".hand", has_text="Bruno").get_by_role("button", name="Pick"))
    # The keypad steps aside while the picker is open.
    assert page.get_by_role("group", name="Points keypad").is_hidden()
    taps.tap(picker.get_by_role("button", name="Ranks only"))
    for name, hand in zip(SIX[1:], hands, strict=True):
        assert picker.locator("[data-picker-title]").inner_text() == f"Cards of {name}"
        for card in hand:
            taps.tap(picker.get_by_role("button", name=rank_button(card[:-1]), exact=True))
        if name == "Carla":
            shoot(page, "entry-ranks-only", full_page=False)
    picker.wait_for(state="hidden")  # the last hand full: the picker closes itself
    for name, hand in zip(SIX[1:], hands, strict=True):
        summary = page.locator(".hand", has_text=name).locator(".hand-summary").inner_text()
        assert summary == f"15 cards · {penalty(hand)} points"
    taps.tap(page.get_by_role("button", name="Record the deal"))
    page.wait_for_url(f"**/series/{six}/")

    report(capsys, "card mode, ranks only (75 cards)", taps.count)
    with capsys.disabled():
        print(f"6-player deal, ranks only: {taps.count / 75:.2f} taps a card")
    assert taps.count <= 1.1 * 75
    chips = page.locator(".total-chip")
    assert [chips.nth(i).locator(".chip-total").inner_text() for i in range(6)] == [
        "0",
        *(str(penalty(hand)) for hand in hands),
    ]
