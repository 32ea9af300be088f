"""A series' rules in words (never an internal code such as ``continental-13``)."""

from __future__ import annotations

from django import template
from django.utils.translation import gettext as _

from ..domain.rules import WINNER_TAKES_ALL, Rules
from ..forms import PRESET_CHOICES

register = template.Library()


@register.simple_tag
def rules_in_words(rules_dict) -> list[str]:
    """The preset in one line, then each house rule in force, in the page's language."""
    rules = Rules.from_dict(rules_dict or {})
    words = [str(dict(PRESET_CHOICES).get(rules.preset, rules.preset))]
    if rules.buys:
        words.append(_("Buying the discard is allowed."))
    if rules.deals:
        words.append(_("%(deals)s deals, whatever the table size.") % {"deals": rules.deals})
    if rules.target and rules.game == "continental":
        words.append(_("Deals go on until someone reaches %(target)s points.")
                     % {"target": rules.target})  # fmt: skip
    if rules.relaxed:
        words.append(_("Relaxed laying: only the groups shown are checked."))
    if rules.ace_high:
        words.append(_("Ace high or low: Q-K-A is a run."))
    if rules.twos_wild:
        words.append(_("Twos are wild: a 2 stands for any card, or for itself."))
    if rules.scoring == WINNER_TAKES_ALL and rules.rummy_bonus == 3:
        words.append(_("A Rummy triples the collection."))
    if rules.game == "rummy":
        if rules.scoring == WINNER_TAKES_ALL:
            words.append(_("Winner takes all; first to %(target)s points wins.")
                         % {"target": rules.target})  # fmt: skip
        else:
            words.append(_("A player who reaches %(target)s points is out.")
                         % {"target": rules.target})  # fmt: skip
    return words
