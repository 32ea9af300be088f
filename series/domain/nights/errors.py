"""The refusals of a club night's draw and ranking: a code and a sentence that names the fix."""

from __future__ import annotations

from ..errors import DomainError


class InvalidNight(DomainError):
    code = "invalid_night"
