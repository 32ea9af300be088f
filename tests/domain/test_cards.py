"""Cards: every notation of RULES §1, values, and the pack."""

import re

import pytest
from hypothesis import given
from hypothesis import strategies as st

from series.domain.cards import (
    CARD_SEPARATOR,
    JOKER,
    LANGUAGES,
    Card,
    Pack,
    parse_card,
    parse_cards,
    penalty,
)
from series.domain.errors import DomainError, InvalidCards
from tests.support.edges import any_text, assert_can_be_shown, card_shaped


@pytest.mark.parametrize(
    ("text", "card"),
    [
        ("7C", Card(7, "C")),
        ("10h", Card(10, "H")),
        ("TS", Card(10, "S")),
        ("qd", Card(12, "D")),
        ("A♠", Card(1, "S")),
        ("K♡", Card(13, "H")),
        ("9♧", Card(9, "C")),
        ("2♢", Card(2, "D")),
        ("J♥️", Card(11, "H")),
    ],
)
def test_it_reads_every_english_notation(text, card):
    assert parse_card(text) == card


@pytest.mark.parametrize("text", ["JK", "jk", "X", "*", "JOKER", "Joker", "🃏"])
def test_it_reads_every_joker_notation(text):
    assert parse_card(text) == JOKER


@pytest.mark.parametrize(
    ("language", "text", "card"),
    [
        ("it", "FC", Card(11, "C")),
        ("it", "DD", Card(12, "D")),  # Donna of diamonds
        ("it", "RH", Card(13, "H")),
        ("fr", "VS", Card(11, "S")),  # Valet
        ("fr", "D♥", Card(12, "H")),  # Dame
        ("fr", "RC", Card(13, "C")),
        ("nl", "BD", Card(11, "D")),  # Boer
        ("nl", "VH", Card(12, "H")),  # Vrouw
        ("nl", "HH", Card(13, "H")),  # Heer of hearts
        ("es", "QS", Card(12, "S")),
    ],
)
def test_letter_ranks_follow_the_language(language, text, card):
    # RULES D-1: the request's language decides what a rank letter means.
    assert parse_card(text, language) == card


def test_the_same_letters_mean_different_cards_in_french_and_dutch():
    # RULES D-1: V is a jack (valet) in French but a queen (vrouw) in Dutch.
    assert parse_card("VH", "fr") == Card(11, "H")
    assert parse_card("VH", "nl") == Card(12, "H")


def test_an_italian_queen_letter_is_unknown_in_english():
    # RULES D-1: the default language is English, where D is only a suit.
    with pytest.raises(InvalidCards) as refused:
        parse_card("DH")
    assert refused.value.code == "unknown_card"
    assert "DH" in refused.value.message


@pytest.mark.parametrize("text", ["", "1C", "11H", "7Z", "ZZ", "7", "10", "JKK"])
def test_unknown_card_text_is_refused_with_the_text_in_the_message(text):
    with pytest.raises(InvalidCards) as refused:
        parse_card(text)
    assert refused.value.code == "unknown_card"


def test_it_splits_on_spaces_commas_and_semicolons():
    assert parse_cards("7C, 7H;JK  AS") == [Card(7, "C"), Card(7, "H"), JOKER, Card(1, "S")]


def test_penalty_values_follow_rules_section_1():
    assert [parse_card(t).penalty for t in ["AS", "2C", "9D", "10H", "JC", "QD", "KS", "JK"]] == [
        1,
        2,
        9,
        10,
        10,
        10,
        10,
        15,
    ]
    assert penalty(parse_cards("AS KS JK")) == 26


def test_the_default_pack_holds_108_cards_each_natural_twice_and_four_jokers():
    pack = Pack()
    cards = pack.cards()
    assert len(cards) == pack.size == 108
    assert cards.count(Card(7, "C")) == 2
    assert cards.count(JOKER) == 4


def test_the_pack_refuses_more_copies_than_it_holds():
    with pytest.raises(InvalidCards) as refused:
        Pack().check(parse_cards("7C 7C 7C"))
    assert refused.value.code == "card_not_in_pack"
    assert "3 × 7♣ but the pack holds 2" in refused.value.message


cards = st.builds(Card, st.integers(1, 13), st.sampled_from("CDHS")) | st.just(JOKER)


@given(cards, st.sampled_from(LANGUAGES))
def test_canonical_text_reads_back_as_the_same_card_in_every_language(card, language):
    assert parse_card(str(card), language) == card


@given(cards, st.sampled_from(LANGUAGES))
def test_a_label_in_a_language_reads_back_in_that_language(card, language):
    assert parse_card(card.label(language), language) == card


def outcome_of_reading(text, language):
    try:
        return parse_cards(text, language)
    except DomainError as refused:
        assert_can_be_shown(refused)
        return refused


@pytest.mark.parametrize("text", ["⁷C", "²H", "①S", "¹⁰D"])
def test_digits_that_only_look_like_digits_are_not_a_rank(text):
    with pytest.raises(InvalidCards) as refused:
        parse_card(text)
    assert refused.value.code == "unknown_card"


@given(any_text | card_shaped, st.sampled_from(LANGUAGES))
def test_any_text_reads_as_cards_or_is_refused_with_a_message(text, language):
    read = outcome_of_reading(text, language)
    assert isinstance(read, DomainError) or all(isinstance(card, Card) for card in read)


@given(st.lists(any_text | card_shaped, max_size=5), st.sampled_from(LANGUAGES))
def test_any_list_of_texts_reads_as_cards_or_is_refused_with_a_message(texts, language):
    read = outcome_of_reading(texts, language)
    assert isinstance(read, DomainError) or all(isinstance(card, Card) for card in read)


def test_cards_are_separated_by_white_space_commas_and_semicolons():
    """The separator is spelt out for ECMAScript's sake (the pages' scripts and the
    API schema read it): it is still every character Python calls white space,
    and a comma and a semicolon, no more."""
    every = map(chr, range(0x110000))
    assert {c for c in every if re.fullmatch(CARD_SEPARATOR, c)} == {
        c for c in map(chr, range(0x110000)) if c.isspace()
    } | {",", ";"}
    assert parse_cards("7C,\u3000 8C;\u00a09C") == [Card(7, "C"), Card(8, "C"), Card(9, "C")]
