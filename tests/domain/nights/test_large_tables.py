"""A table of 7 or 8 takes the club's large-table rule, and says so (RULES D-15)."""

import pytest

from series.domain.errors import DomainError
from series.domain.nights import THIRD_DECK, table_rules
from series.domain.rules import rules_from


def test_a_table_of_six_plays_the_nights_rules_unchanged():
    rules = rules_from("continental", {"buys": True})
    played = table_rules(rules, 6)
    assert played.rules == rules
    assert not played.changed and played.large_table is None


def test_a_table_of_eight_deals_13_cards_by_default_and_keeps_the_other_house_rules():
    played = table_rules(rules_from("continental", {"buys": True}), 8)
    assert played.changed and played.large_table == "continental-13"
    assert played.rules.preset == "continental-13"  # the score sheet names the rule played
    assert played.rules.hand_size == 13 and played.rules.option("buys")
    assert played.rules.for_table(8).pack.size == 108  # RULES D-2: 8 × 13 + 1 fits


def test_a_club_with_the_third_deck_rule_plays_three_decks_and_six_jokers_at_seven():
    played = table_rules(rules_from("continental"), 7, THIRD_DECK)
    assert (played.rules.decks, played.rules.jokers, played.rules.hand_size) == (3, 6, 15)
    assert played.changed


def test_a_night_already_on_13_cards_is_not_changed_at_a_large_table():
    played = table_rules(rules_from("continental-13"), 8)
    assert not played.changed


def test_a_table_the_game_does_not_seat_is_refused_by_the_game():
    with pytest.raises(DomainError) as refused:
        table_rules(rules_from("rummy"), 7)
    assert refused.value.code == "invalid_table"


def test_an_unknown_large_table_rule_names_the_choices():
    with pytest.raises(DomainError) as refused:
        table_rules(rules_from("continental"), 8, "four-decks")
    assert "continental-13, continental-3-decks" in refused.value.message
