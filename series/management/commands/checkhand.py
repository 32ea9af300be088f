"""Check a going-out hand from the command line.

    python manage.py checkhand 7C 7H 7D 8C 8H 8D 9C 9H 9D KC KH JK 2C 3S 4D 5H
    python manage.py checkhand --rules rummy --hand-size 7 AC 2C 3C 5D 5H 5S KH KS
    python manage.py checkhand --rules rummy --twos-wild --hand-size 7 5H 6H 2C 9S 9D 2D 2S KC
    python manage.py checkhand --group "7C 7H JK" --group "8C 8D 8H" --discard 2C ...

Exit status: 0 the hand goes out, 1 it does not, 2 the input is bad.
"""

from __future__ import annotations

import json
from typing import Any

from django.core.management.base import BaseCommand, CommandParser
from django.utils.translation import gettext, override

from series.domain import games
from series.domain.cards import LANGUAGES, Card, parse_card, parse_cards
from series.domain.errors import DomainError
from series.domain.games import Option
from series.domain.melds import BAD_INPUT_CODES, Verdict, check_arrangement, solve
from series.domain.rules import CONTINENTAL, PRESETS, Rules, rules_from
from series.web.messages import render

GOES_OUT, DOES_NOT_GO_OUT, BAD_INPUT = 0, 1, 2


class Command(BaseCommand):
    help = (
        "Solve a going-out hand, or check declared groups with --group and --discard. "
        "Exit status: 0 goes out, 1 does not, 2 bad input."
    )

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("cards", nargs="*", help="the hand, e.g. 7C 10H QS JK")
        parser.add_argument(
            "--rules", default=CONTINENTAL, help="the preset: " + ", ".join(PRESETS)
        )
        for option in meld_options():
            flag = "--" + option.name.replace("_", "-")
            if option.kind is bool:
                parser.add_argument(flag, action="store_true", help=option.label)
            else:
                parser.add_argument(flag, type=option.kind, help=option.help)
        parser.add_argument("--buys", type=int, default=0, help="Continental: discards bought")
        parser.add_argument(
            "--group", action="append", default=[], help='a declared group, e.g. "7C 7H JK"'
        )
        parser.add_argument("--discard", help="the declared discard")
        parser.add_argument("--json", action="store_true", help="print JSON")
        parser.add_argument("--language", default="en", choices=LANGUAGES)

    def handle(self, *args: Any, **options: Any) -> None:
        language = options["language"]
        try:
            verdict = self._verdict(options)
        except DomainError as error:
            with override(language):
                self.stderr.write(render(error))
            raise SystemExit(BAD_INPUT) from None
        with override(language):
            if options["json"]:
                self.stdout.write(json.dumps(_as_json(verdict), ensure_ascii=False))
            else:
                self.stdout.write(_as_text(verdict, language))
        if any(reason.code in BAD_INPUT_CODES for reason in verdict.reasons):
            raise SystemExit(BAD_INPUT)
        if not verdict.valid:
            raise SystemExit(DOES_NOT_GO_OUT)

    def _verdict(self, options: dict[str, Any]) -> Verdict:
        rules = _rules(options)
        language = options["language"]
        if not options["group"]:
            if options["discard"]:
                self._usage("--discard goes with --group.")
            return solve(rules, parse_cards(options["cards"], language), buys=options["buys"])
        if options["cards"]:
            self._usage("Give the hand as cards, or as --group and --discard, not both.")
        groups = [parse_cards(group, language) for group in options["group"]]
        discard = parse_card(options["discard"], language) if options["discard"] else None
        return check_arrangement(rules, groups, discard, buys=options["buys"])

    def _usage(self, message: str) -> None:
        self.stderr.write(message)
        raise SystemExit(BAD_INPUT)


def meld_options() -> list[Option]:
    """The options, of any game, that change which hands go out."""
    return [option for option in games.options() if option.melds]


def _rules(options: dict[str, Any]) -> Rules:
    """The preset with the options given on the command line (a flag left off
    keeps the preset's value)."""
    chosen: dict[str, Any] = {
        option.name: options[option.name]
        for option in meld_options()
        if options[option.name] not in (None, False)
    }
    if options["buys"]:
        chosen["buys"] = True  # buying the discard is then in force
    return rules_from(options["rules"], chosen)


def _as_json(verdict: Verdict) -> dict[str, Any]:
    return {
        "valid": verdict.valid,
        "groups": [[str(card) for card in group] for group in verdict.groups],
        "discard": None if verdict.discard is None else str(verdict.discard),
        "reasons": [render(reason) for reason in verdict.reasons],
    }


def _as_text(verdict: Verdict, language: str) -> str:
    def shown(cards: tuple[Card, ...]) -> str:
        return " ".join(card.label(language) for card in cards)

    lines = [gettext("Goes out.") if verdict.valid else gettext("Does not go out.")]
    lines += [
        gettext("  group {number}: {cards}").format(number=number, cards=shown(group))
        for number, group in enumerate(verdict.groups, start=1)
    ]
    if verdict.leftover:
        lines.append(gettext("  left over: {cards}").format(cards=shown(verdict.leftover)))
    if verdict.discard is not None:
        lines.append(gettext("  discard: {card}").format(card=verdict.discard.label(language)))
    lines += [f"  - {render(reason)}" for reason in verdict.reasons]
    return "\n".join(lines)
