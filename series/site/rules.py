"""The rules page: one page per preset, its numbers read from the rule objects
the scorekeeper enforces (``domain.rules``, ``domain.cards``), so the page
cannot drift from the checks. The prose is in the templates, one per game
(``rules/_<game>.html``, ``game_templates``), translated like every other page."""

from __future__ import annotations

from dataclasses import dataclass

from django.http import Http404
from django.shortcuts import render
from django.views.decorators.http import require_safe

from series.domain.cards import JOKER, Card, rank_label
from series.domain.errors import DomainError
from series.domain.games import Game
from series.domain.rules import PRESETS, Rules
from series.templatetags.cardtags import page_language
from series.templatetags.rulestags import preset_choices, preset_words


@dataclass(frozen=True, slots=True)
class TableSize:
    players: int
    hand: int
    going_out: int
    decks: int
    pack: int


def tables(rules: Rules) -> list[TableSize]:
    """For each table size the preset allows: cards dealt, going-out hand, pack."""
    sizes = []
    for players in range(rules.min_players, rules.max_players + 1):
        try:
            table = rules.for_table(players)
        except DomainError:  # RULES D-2: the pack is too small for this table
            continue
        sizes.append(
            TableSize(
                players, table.hand_size, table.going_out_size(), table.decks, table.pack.size
            )
        )
    return sizes


def card_values(rules: Rules, language: str) -> list[tuple[str, int]]:
    """Each rank (and the joker, when the pack has jokers) with its penalty value."""
    values = [(rank_label(rank, language), Card(rank, "S").penalty) for rank in range(1, 14)]
    if rules.jokers:
        values.append(("JK", JOKER.penalty))
    return values


def game_templates(game: Game) -> tuple[tuple[str, str], tuple[str, str]]:
    """The rules page's prose for ``game`` and its list of the house rules a series
    may add: the game's own template for each when it has one, else the one every
    game has (its rule sets, its options' labels and help, from the registry)."""
    return (
        (f"rules/_{game.name}.html", "rules/_game.html"),
        (f"rules/_{game.name}_options.html", "rules/_game_options.html"),
    )


@require_safe
def rules_index(request):
    return render(request, "rules/index.html", {"presets": preset_choices()})


@require_safe
def rules_page(request, preset: str):
    rules = PRESETS.get(preset)
    if rules is None:
        raise Http404
    sizes = tables(rules)
    context = {
        "preset": preset,
        "label": preset_words(preset),
        "rules": rules,
        "tables": sizes,
        "too_many": [
            n
            for n in range(rules.min_players, rules.max_players + 1)
            if n not in {t.players for t in sizes}
        ],
        "values": card_values(rules, page_language()),
        "presets": preset_choices(),
        "game": rules.game_object,
    }
    context["prose"], context["house_rules"] = game_templates(rules.game_object)
    return render(request, "rules/preset.html", context)
