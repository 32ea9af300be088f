"""Domain errors: a machine code for programs and a message for players."""

from __future__ import annotations

import re
from typing import Any

_SURROGATE = re.compile("[\ud800-\udfff]")


def _(text: str) -> str:
    """Mark a message for translation without translating it here.

    The domain imports no framework; the shell translates ``template`` with
    the message catalogue and formats it with ``params``.
    """
    return text


class DomainError(Exception):
    """A request the rules refuse.

    ``code`` is stable and machine readable (``invalid_going_out``), the
    ``template`` is an English sentence with ``{name}`` placeholders, and
    ``field`` names the part of the input at fault when there is one.
    """

    code = "domain_error"

    def __init__(
        self,
        template: str,
        *,
        code: str | None = None,
        field: str | None = None,
        **params: Any,
    ) -> None:
        self.template = template
        self.params = {name: _shown(value) for name, value in params.items()}
        self.field = _shown(field)
        if code is not None:
            self.code = code
        super().__init__(self.message)

    @property
    def message(self) -> str:
        return self.template.format(**{k: str(v) for k, v in self.params.items()})


def _shown(value: Any) -> Any:
    """Text echoed from a request, as text that can be encoded: a lone surrogate
    (JSON's ``"\\ud800"``) is no character, and would break the answer that shows it."""
    return _SURROGATE.sub("\ufffd", value) if isinstance(value, str) else value


class NotFound(DomainError):
    """The request names something that is not there: a deal, a series, a
    player, an invitation. The shell answers 404; ``code`` says what is missing."""

    code = "not_found"


class InvalidCards(DomainError):
    code = "invalid_cards"


class InvalidRules(DomainError):
    code = "invalid_rules"


class InvalidDeal(DomainError):
    code = "invalid_deal"


class InvalidGoingOut(DomainError):
    code = "invalid_going_out"


class SeriesClosed(DomainError):
    code = "series_closed"
