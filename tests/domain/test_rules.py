"""Rule presets and options (RULES §2, §3)."""

from dataclasses import fields

import pytest
from hypothesis import given
from hypothesis import strategies as st

from series.domain.errors import DomainError, InvalidRules
from series.domain.rules import PRESETS, Rules, rules_from
from tests.support.edges import any_text, assert_can_be_shown


def test_the_default_is_continental_with_two_decks_four_jokers_and_fifteen_cards():
    rules = rules_from()
    assert (rules.game, rules.decks, rules.jokers, rules.hand_size) == ("continental", 2, 4, 15)
    assert rules.pack.size == 108
    assert rules.going_out_size() == 16


def test_eight_players_with_fifteen_cards_are_refused_naming_both_fixes():
    # RULES D-2: 8 × 15 + 1 = 121 > 108.
    with pytest.raises(InvalidRules) as refused:
        rules_from("continental").for_table(8)
    message = refused.value.message
    assert refused.value.code == "pack_too_small"
    assert "121" in message and "108" in message
    assert "13 cards" in message and "third deck" in message


@pytest.mark.parametrize("preset", ["continental-13", "continental-3-decks"])
def test_both_fixes_seat_eight_players(preset):
    # RULES D-2: 8 × 13 + 1 = 105 ≤ 108; 8 × 15 + 1 = 121 ≤ 162.
    assert rules_from(preset).for_table(8)


def test_seven_players_fit_the_standard_pack():
    # RULES D-2: 7 × 15 + 1 = 106 ≤ 108.
    assert rules_from().for_table(7).hand_size == 15


@pytest.mark.parametrize("players", [2, 9])
def test_continental_needs_three_to_eight_players(players):
    with pytest.raises(InvalidRules) as refused:
        rules_from().for_table(players)
    assert refused.value.code == "invalid_table"


def test_the_no_jokers_preset_has_104_cards():
    assert rules_from("continental-no-jokers").pack.size == 104


def test_each_buy_adds_three_cards_to_the_going_out_hand():
    # RULES D-7: hand + 1 + 3 × buys.
    rules = rules_from(options={"buys": True})
    assert rules.going_out_size(2) == 22
    assert rules.cards_left_range(1) == (18, 18)


@pytest.mark.parametrize(
    ("players", "decks", "hand"), [(2, 1, 10), (3, 1, 7), (4, 1, 7), (5, 2, 10), (6, 2, 10)]
)
def test_rummy_deals_by_table_size(players, decks, hand):
    rules = rules_from("rummy").for_table(players)
    assert (rules.decks, rules.hand_size) == (decks, hand)


def test_rummy_with_one_deck_deals_six_cards_to_five_players():
    assert rules_from("rummy", {"decks": 1}).for_table(5).hand_size == 6


@pytest.mark.parametrize(
    ("options", "field"),
    [
        ({"hand_size": 2}, "options.hand_size"),
        ({"hand_size": "15"}, "options.hand_size"),
        ({"jokers": 9}, "options.jokers"),
        ({"buys": "yes"}, "options.buys"),
        ({"colour": "red"}, "options.colour"),
        ({"deals": 4, "target": 100}, "options.target"),
        ({"ace_high": True}, "options.ace_high"),  # a Rummy option, not Continental
    ],
)
def test_bad_options_are_refused_naming_the_option(options, field):
    with pytest.raises(InvalidRules) as refused:
        rules_from("continental", options)
    assert refused.value.field == field


def test_an_unknown_preset_lists_the_choices():
    with pytest.raises(InvalidRules) as refused:
        rules_from("canasta")
    assert all(name in refused.value.message for name in PRESETS)


def test_rules_survive_a_round_trip_through_their_stored_form():
    rules = rules_from("continental", {"buys": True, "deals": 4}).for_table(6)
    assert type(rules).from_dict(rules.as_dict()) == rules


json_values = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats() | any_text,
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(any_text, inner, max_size=3),
    max_leaves=5,
)
option_names = any_text | st.sampled_from([f.name for f in fields(Rules)])


def test_an_unknown_option_that_is_no_text_is_refused_with_a_message_that_can_be_shown():
    with pytest.raises(InvalidRules) as refused:
        rules_from("continental", {"\ud800": 1})
    assert refused.value.code == "unknown_option"
    assert_can_be_shown(refused.value)


@given(st.sampled_from(list(PRESETS)) | any_text, st.dictionaries(option_names, json_values))
def test_any_options_give_rules_or_a_refusal_with_a_message(preset, options):
    try:
        assert isinstance(rules_from(preset, options), Rules)
    except DomainError as refused:
        assert_can_be_shown(refused)


def test_the_points_a_page_checks_as_typed_are_the_points_a_deal_allows():
    # RULES §4: at least 1 a card, at most 15 a card (10 without jokers).
    continental = rules_from("continental").for_table(6)
    rummy = rules_from("rummy").for_table(4)

    assert continental.points_limits() == ((15, 225),)
    assert rummy.points_limits() == ((1, 70),)


def test_with_buys_the_page_has_the_points_allowed_for_each_number_of_buys():
    # RULES §2 (D-7): each buy adds 3 cards to the hand held.
    rules = rules_from("continental", {"buys": True}).for_table(4)

    limits = rules.points_limits(most_buys=2)

    assert limits == ((15, 225), (18, 270), (21, 315))
    assert limits == tuple(rules.points_range(buys) for buys in range(3))


def test_the_card_picker_knows_how_many_cards_each_hand_holds():
    # RULES D-7: a Continental hand holds exactly the dealt number, + 3 a buy;
    # a Rummy hand anything from 1 to the dealt number.
    assert rules_from("continental").for_table(6).cards_limits() == ((15, 15),)
    assert rules_from("continental", {"buys": True}).for_table(4).cards_limits(most_buys=1) == (
        (15, 15),
        (18, 18),
    )
    assert rules_from("rummy").for_table(4).cards_limits() == ((1, 7),)
