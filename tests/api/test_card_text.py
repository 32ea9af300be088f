"""The API schema's pattern for card text (RULES D-1): it fits what the parser reads."""

import re

from hypothesis import example, given
from hypothesis import strategies as st

from series.api.card_text import CARD_TEXT_PATTERN
from series.domain.cards import CARD_SEPARATOR, LANGUAGES, parse_cards
from series.domain.errors import InvalidCards


def _read_in(language: str, text: str) -> bool:
    try:
        parse_cards(text, language)
    except InvalidCards:
        return False
    return True


_CARD_ALPHABET = "0123456789ABCDFHJKQRSTVXabcdhjkoqrsx*,; \t♣♦♥♠♧🃏\ufe0f"


@given(text=st.text(alphabet=_CARD_ALPHABET, max_size=12))
@example(text="TS")  # English only
@example(text="RC; vd")  # Italian and French letters
@example(text="7♥\ufe0f, joker")
@example(text="1C")
def test_the_schemas_card_pattern_matches_what_some_language_reads(text):
    # RULES D-1: a text read in any language fits the pattern the API's schema
    # gives, and every card of a text that fits is read in some language.
    matches = re.fullmatch(CARD_TEXT_PATTERN, text) is not None
    if any(_read_in(language, text) for language in LANGUAGES):
        assert matches
    if matches:
        for item in re.split(f"{CARD_SEPARATOR}+", text):
            assert not item or any(_read_in(language, item) for language in LANGUAGES)


def test_the_card_text_pattern_is_the_same_in_every_process():
    """The API schema shows the pattern: two servers, or two runs of the schema's
    export, give the same text whatever order Python's sets iterate in."""
    import subprocess
    import sys
    from pathlib import Path

    root = Path(__file__).resolve().parents[2]
    patterns = {
        subprocess.run(
            [
                sys.executable,
                "-c",
                "from series.api.card_text import CARD_TEXT_PATTERN as p; print(p)",
            ],
            cwd=root,
            capture_output=True,
            text=True,
            timeout=60,
            env={"PYTHONHASHSEED": str(seed), "PATH": "/usr/bin:/bin", "PYTHONPATH": str(root)},
            check=True,
        ).stdout
        for seed in range(1, 7)
    }
    assert len(patterns) == 1
