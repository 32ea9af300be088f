"""Input from anywhere, for the property tests at the edges of the pure core."""

from __future__ import annotations

from hypothesis import strategies as st

from series.domain.errors import DomainError

# Every code point, lone surrogates and unassigned ones included: JSON's
# ``\ud800`` escape gives a string Python holds but no answer can encode.
any_text = st.text(st.characters(codec=None, exclude_categories=()), max_size=30)

# Text shaped like a card: anything Unicode counts as a digit (⁷, ², ①, ٧),
# then a suit letter or symbol.
digits = st.characters(categories=["Nd", "No", "Nl"])
card_shaped = st.builds(
    lambda rank, suit: rank + suit,
    st.text(digits, min_size=1, max_size=2),
    st.sampled_from("CDHS♣♦♥♠"),
)


def assert_can_be_shown(error: DomainError) -> None:
    """A refusal is shown to a player: its message, field and params are text."""
    error.message.encode()
    if error.field is not None:
        error.field.encode()
    for value in error.params.values():
        str(value).encode()
    assert error.code
