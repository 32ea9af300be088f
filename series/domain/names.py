"""Names of players and clubs: what a name may hold, and when two are one.

Every writer of a name (a player, a guest, a rename, a club) cleans it here:
normalised to NFC and trimmed, runs of spaces made one, and refused when it
holds a character nobody sees or types as part of a name (the rule of
``text.plain``: controls, line breaks, format and bidi-override characters
such as U+202E, default-ignorable code points such as the Hangul filler
U+3164, the blank braille cell U+2800), holds nothing visible, or piles
more than ``MAX_MARKS`` combining marks on one letter.
Two names are the same name when they are equal after normalisation and case
folding (``key``): "Renée" typed composed or decomposed, "ANNA" and "anna".
A name may only look like another (a Cyrillic "а" for a Latin "a"):
``looks_alike`` says so, and the pages warn; it is not refused, since both
may be real names. Names already stored stay as they are; ``key`` reads them
normalised.
"""

from __future__ import annotations

import re
import unicodedata

from series.domain.errors import DomainError, _
from series.domain.text import plain, shows

# Accents on one letter: Vietnamese stacks two, a few scripts three or four.
MAX_MARKS = 4

_SPACES = re.compile(r"\s+")


def clean(text: str, *, length: int, missing: str) -> str:
    """The name as it is stored; a DomainError (field ``name``) says what is wrong.
    ``missing`` is the sentence for no name at all ("Give the player a name.")."""
    name = unicodedata.normalize("NFC", text).strip()
    if not name:
        raise DomainError(missing, code="name_required", field="name")
    name = plain(name, field="name")
    name = _SPACES.sub(" ", name)
    _refuse_piled_marks(name)
    if not any(shows(char) for char in name):
        raise DomainError(
            _("A name needs a letter, a digit or a sign that can be seen."),
            code="name_not_visible",
            field="name",
        )
    if len(name) > length:
        raise DomainError(
            _("A name has at most {length} characters."),
            code="name_too_long",
            field="name",
            length=length,
        )
    return name


def _refuse_piled_marks(name: str) -> None:
    run = 0
    for char in name:
        run = run + 1 if unicodedata.category(char).startswith("M") else 0
        if run > MAX_MARKS:
            raise DomainError(
                _("A name has at most {count} accents or marks on one letter."),
                code="name_marks",
                field="name",
                count=MAX_MARKS,
            )


def key(name: str) -> str:
    """What two names share when they are the same name: NFC, case folded,
    spaces made one (a stored name may predate cleaning)."""
    folded = unicodedata.normalize("NFC", name).casefold()
    return _SPACES.sub(" ", unicodedata.normalize("NFC", folded)).strip()


def sort_key(name: str) -> tuple[str, str]:
    """Where a name goes in a list a reader scans: by its letters with accents
    set aside and case folded ("Íñigo" with the I's, before "Willem"), the
    accented form after the bare one between otherwise equal names."""
    bare = "".join(
        char for char in unicodedata.normalize("NFKD", name) if not unicodedata.combining(char)
    )
    return bare.casefold(), key(name)


_NOT_IN_A_USER_NAME = re.compile(r"[^\w.@+-]")


def sign_in_key(text: str) -> str:
    """What a name typed at sign-in shares with the account it names: accents
    dropped, case folded, spaces made dots and what a user name cannot hold
    left out, as sign-up made the user name. "Lucía Fernández",
    "lucia.fernandez" and "LUCÍA FERNÁNDEZ" are one key; an e-mail address
    keeps its shape."""
    bare = "".join(
        char for char in unicodedata.normalize("NFKD", text) if not unicodedata.combining(char)
    )
    folded = unicodedata.normalize("NFC", bare).casefold()
    return _NOT_IN_A_USER_NAME.sub("", ".".join(folded.split())).strip(".")


# Letters of other scripts drawn like Latin ones (a few of Unicode's
# confusables, those a keyboard in the club's languages would mistake).
_LOOKALIKES = str.maketrans(
    "АВЕЅІЈКМНОРСТХУаеѕіјкорсухһԁԛԝӏΑΒΕΖΗΙΚΜΝΟΡΤΥΧαικνορτυχ",
    "ABESIJKMHOPCTXYaesijkopcyxhdqwlABEZHIKMNOPTYXaikvoptux",
)


def skeleton(name: str) -> str:
    """The name as it is drawn: compatibility forms (fullwidth letters) and the
    lookalike letters above read as Latin, then case folded."""
    drawn = unicodedata.normalize("NFKC", name).translate(_LOOKALIKES)
    return key(drawn)


def looks_alike(name: str, other: str) -> bool:
    """Two different names drawn alike: "Аnna" with a Cyrillic А and "Anna"."""
    return key(name) != key(other) and skeleton(name) == skeleton(other)


def lookalikes(name: str, others: list[str]) -> list[str]:
    """The names among ``others`` that ``name`` only looks like."""
    return [other for other in others if looks_alike(name, other)]
