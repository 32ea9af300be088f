"""The ``checkhand`` command: solve or check a hand from the command line."""

from __future__ import annotations

import json
import subprocess
import sys
from io import StringIO
from pathlib import Path

import pytest
from django.core.management import call_command


def cards(text: str) -> list[str]:
    return text.split()


GOES_OUT = cards("7C 7H 7D 8C 8H 8D 8S 9C 9H 9D 9S KC KH KD JK 2C")
SHORT = [*GOES_OUT[:-2], "3S", "2C"]  # the joker swapped for a 3


def checkhand(*args: str) -> tuple[int, str, str]:
    """Run the command; return its exit status, output and error output."""
    out, err = StringIO(), StringIO()
    try:
        call_command("checkhand", *args, stdout=out, stderr=err)
    except SystemExit as stopped:
        status = stopped.code
    else:
        status = 0
    return status, out.getvalue(), err.getvalue()


def test_a_hand_that_goes_out_exits_0_and_shows_its_groups():
    status, out, _ = checkhand(*GOES_OUT)
    assert status == 0
    assert out.startswith("Goes out.")
    assert "7♣ 7♦ 7♥ JK" in out
    assert "discard: 2♣" in out


def test_a_hand_that_does_not_go_out_exits_1_with_the_reasons():
    status, out, _ = checkhand(*SHORT)
    assert status == 1
    assert out.startswith("Does not go out.")
    assert "3♠ cannot be melded" in out
    assert "1 card short" in out


def test_json_output_uses_canonical_cards_and_reason_messages():
    status, out, _ = checkhand("--json", *GOES_OUT)
    body = json.loads(out)
    assert status == 0
    assert body == {
        "valid": True,
        "groups": [
            ["7C", "7D", "7H", "JK"],
            ["8C", "8D", "8H", "8S"],
            ["9C", "9D", "9H", "9S"],
            ["KC", "KD", "KH"],
        ],
        "discard": "2C",
        "reasons": [],
    }


def test_json_output_of_a_failed_hand_lists_the_messages():
    status, out, _ = checkhand("--json", *SHORT)
    body = json.loads(out)
    assert status == 1
    assert body["valid"] is False
    assert body["reasons"][0] == "the hand does not go out: 3♠ cannot be melded"


@pytest.mark.parametrize(
    "args",
    [
        [*GOES_OUT[:-1], "1Z"],  # unknown card text
        ["7C", "7C", "7C", *GOES_OUT[3:]],  # more copies than the pack holds
        GOES_OUT[:-1],  # 15 cards where going out needs 16
        ["--hand-size", "25", *GOES_OUT],  # a hand size the rules refuse
        ["--rules", "canasta", *GOES_OUT],
        ["--ace-high", *GOES_OUT],  # not an option of Continental
    ],
)
def test_bad_input_exits_2(args):
    status, _, _ = checkhand(*args)
    assert status == 2


def test_bad_card_text_is_explained_on_stderr():
    status, _, err = checkhand(*GOES_OUT[:-1], "1Z")
    assert status == 2
    assert "“1Z” is not a card" in err


def test_options_override_the_preset():
    status, out, _ = checkhand("--hand-size", "6", "7C", "7H", "7S", "KD", "KH", "JK", "2C")
    assert status == 0
    assert "K♦ K♥ JK" in out


def test_buys_add_three_cards_each():
    # RULES D-7
    hand = cards("7C 7H 7S 8C 8H 8S 9C 9H 9S 10C 10H 10S JC JH JS QC QH QS 2D")
    assert checkhand("--buys", "1", *hand)[0] == 0
    assert checkhand(*hand)[0] == 2


def test_rummy_with_runs_jokers_and_aces_high():
    hand = cards("QC KC AC 5D 5H 5S 9H JK")
    rummy = cards("--rules rummy --hand-size 7 --decks 1 --jokers 2")
    assert checkhand(*rummy, *hand)[0] == 1
    status, out, _ = checkhand(*rummy, "--ace-high", *hand)
    assert status == 0
    assert "Q♣ K♣ A♣" in out


def test_rummy_with_twos_wild_shows_the_twos_in_their_melds():
    hand = cards("5H 6H 2C 9S 9D 2D 2S KC")
    rummy = cards("--rules rummy --hand-size 7")
    assert checkhand(*rummy, *hand)[0] == 1
    status, out, _ = checkhand(*rummy, "--twos-wild", *hand)
    assert status == 0
    assert "5♥ 6♥ 2♣" in out
    assert "discard: K♣" in out


def test_declared_groups_are_checked_as_laid():
    groups = ["--group", "7C 7H JK", "--group", "8C 8D 8H"]
    assert checkhand("--hand-size", "6", *groups, "--discard", "2C")[0] == 0
    status, out, _ = checkhand(
        "--hand-size", "6", "--group", "7C 7H", "--group", "8C 8D 8H JK", "--discard", "2C"
    )
    assert status == 1
    assert "group 1 (7♣ 7♥) has only 2 cards" in out


def test_declared_groups_without_a_discard_do_not_go_out():
    # RULES D-4
    status, out, _ = checkhand("--hand-size", "6", "--group", "7C 7H JK", "--group", "8C 8D 8H 8S")
    assert status == 1
    assert "no discard" in out


def test_cards_and_declared_groups_together_are_bad_input():
    assert checkhand("--group", "7C 7H JK", *GOES_OUT)[0] == 2
    assert checkhand("--discard", "2C", *GOES_OUT)[0] == 2


def test_cards_are_read_and_shown_in_the_chosen_language():
    # RULES D-1: R (Re) is the Italian king.
    italian = ["R" + card[1:] if card.startswith("K") else card for card in GOES_OUT]
    status, out, _ = checkhand("--language", "it", *italian)
    assert status == 0
    assert "R♣ R♦ R♥" in out


def test_the_command_runs_from_the_shell():
    root = Path(__file__).resolve().parent.parent
    done = subprocess.run(
        [sys.executable, "manage.py", "checkhand", "--json", *SHORT],
        cwd=root,
        capture_output=True,
        text=True,
        check=False,
    )
    assert done.returncode == 1
    assert json.loads(done.stdout)["valid"] is False
